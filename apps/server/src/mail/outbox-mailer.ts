import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import { parseMailbox, toSendMailOptions } from './compose.ts';
import type { Mailer } from './mailer.ts';

export interface OutboxMailerOptions {
  /** The folder the messages go to (DATA_DIR/outbox); created readable by its owner alone. */
  dir: string;
  /** MAIL_FROM: `Trove <no-reply@example.com>` or a bare address. */
  from: string;
}

/**
 * The default mailer: each message becomes one RFC 5322 `.eml` file in `dir`, named
 * `<UTC timestamp>-<random>.eml` so names sort by time; nothing goes on the network. A file
 * appears whole or not at all: it is written under a hidden temp name in the same folder,
 * fsynced, renamed, and the folder fsynced, so a reader (or an operator's script feeding a
 * mail program) never sees half a message, and a crash loses none it was told was stored.
 * See: [Note: Mail].
 */
export function createOutboxMailer(options: OutboxMailerOptions): Mailer {
  const from = parseMailbox(options.from);
  // CRLF line ends: RFC 5322's own, which every mail program reading an .eml accepts.
  const transport = createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    delivery: 'outbox',
    async send(message) {
      const info = await transport.sendMail(toSendMailOptions(message, from));
      if (!Buffer.isBuffer(info.message)) throw new Error('the stream transport returned no buffer');
      // Made on every send (cheap): a folder an operator moved away after start comes back.
      await prepareOutbox(options.dir);
      await writeWhole(options.dir, outboxFileName(new Date()), info.message);
      return { messageId: info.messageId };
    },
    close() {
      transport.close();
      return Promise.resolve();
    },
  };
}

/** `20260315T101112345Z-9f2c4e1a7b3d.eml`: sorts by time; the random part keeps names apart. */
export function outboxFileName(now: Date): string {
  return `${now.toISOString().replace(/[-:.]/g, '')}-${randomBytes(6).toString('hex')}.eml`;
}

/** Messages hold people's addresses and private links: the folder is its owner's alone. */
async function prepareOutbox(dir: string): Promise<void> {
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  // mkdir's mode is filtered by the umask and leaves an existing folder as it was.
  await fs.chmod(dir, 0o700);
}

async function writeWhole(dir: string, name: string, bytes: Buffer): Promise<void> {
  // A leading dot and no `.eml`: a reader listing `*.eml` never picks up a message in writing.
  const temp = path.join(dir, `.${name}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    const handle = await fs.open(temp, 'wx', 0o600);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, path.join(dir, name));
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
  await fsyncDir(dir);
}

/** A rename is durable only once its folder is synced. */
async function fsyncDir(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
