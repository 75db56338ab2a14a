import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MailMessage } from './mailer.ts';
import { createOutboxMailer, outboxFileName } from './outbox-mailer.ts';
import { parseRawMessage } from './smtp.test-support.ts';

const MESSAGE: MailMessage = {
  to: ['bo@example.com', 'cy@example.no'],
  subject: 'Sommerbilder från Åre – снимки',
  text: 'Ann har delt bilder med deg\n\nSe bildene: https://photos.example.com/s/x?se\n',
  html: '<p>Ann har delt bilder med deg</p><p><a href="https://photos.example.com/s/x?se">Se bildene</a></p>',
  replyTo: { name: 'Ann Berg', address: 'ann@example.com' },
  fromName: 'Ann Berg via Trove',
};

let root: string;
let dir: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-outbox-'));
  dir = path.join(root, 'outbox');
});
afterEach(() => {
  vi.restoreAllMocks();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('createOutboxMailer', () => {
  it('carries List-Unsubscribe and the RFC 8058 one-click header when the message has a link', async () => {
    const mailer = createOutboxMailer({ dir, from: 'Trove <no-reply@example.com>' });
    const url = 'https://photos.example.com/user/email_consent/one_click?id=1.abcDEF_-';
    await mailer.send({ ...MESSAGE, listUnsubscribe: url });
    await mailer.send(MESSAGE);
    for (const bad of ['mailto:x@example.com', 'https://x.example/a>b', 'https://x.example/\r\nBcc: y']) {
      await expect(mailer.send({ ...MESSAGE, listUnsubscribe: bad })).rejects.toThrow(
        'not an unsubscribe URL',
      );
    }
    await mailer.close();
    const [withLink, without] = fs
      .readdirSync(dir)
      .sort()
      .map((file) => parseRawMessage(fs.readFileSync(path.join(dir, file))));
    expect(withLink?.header('list-unsubscribe')).toBe(`<${url}>`);
    expect(withLink?.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(without?.header('list-unsubscribe')).toBeUndefined();
  });

  it('stores each message as a standard .eml file in a folder only its owner can read', async () => {
    const mailer = createOutboxMailer({ dir, from: 'Trove <no-reply@example.com>' });
    const { messageId } = await mailer.send(MESSAGE);
    await mailer.send({ ...MESSAGE, subject: 'Second' });
    await mailer.close();

    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    const files = fs.readdirSync(dir).sort();
    expect(files).toHaveLength(2);
    for (const file of files) expect(file).toMatch(/^\d{8}T\d{9}Z-[0-9a-f]{12}\.eml$/);

    const raw = fs.readFileSync(path.join(dir, files[0] ?? ''));
    // RFC 5322: CRLF line ends, no bare LF, lines within 998 characters.
    expect(raw.toString('latin1')).not.toMatch(/[^\r]\n/);
    for (const line of raw.toString('latin1').split('\r\n')) expect(line.length).toBeLessThanOrEqual(998);
    const parsed = parseRawMessage(raw);
    expect(parsed.header('from')).toBe('Ann Berg via Trove <no-reply@example.com>');
    expect(parsed.header('to')).toBe('bo@example.com, cy@example.no');
    expect(parsed.header('reply-to')).toBe('Ann Berg <ann@example.com>');
    expect(parsed.header('message-id')).toBe(messageId);
    expect(parsed.header('date')).toBeDefined();
    expect(parsed.header('mime-version')).toBe('1.0');
    expect(parsed.text).toBe(MESSAGE.text);
    expect(parsed.html).toBe(MESSAGE.html);
    // The one written first carries its own subject: names sort by time.
    const subjects = files.map((f) => parseRawMessage(fs.readFileSync(path.join(dir, f))).header('subject'));
    expect(subjects).toEqual([MESSAGE.subject, 'Second']);
  });

  it('uses the configured name when the message names no sender', async () => {
    const mailer = createOutboxMailer({ dir, from: 'Trove Photos <mail@photos.example.com>' });
    const { fromName: _fromName, replyTo: _replyTo, ...plain } = MESSAGE;
    await mailer.send(plain);
    const [file] = fs.readdirSync(dir);
    const parsed = parseRawMessage(fs.readFileSync(path.join(dir, file ?? '')));
    expect(parsed.header('from')).toBe('Trove Photos <mail@photos.example.com>');
    expect(parsed.header('reply-to')).toBeUndefined();
  });

  it('makes an existing folder private', async () => {
    fs.mkdirSync(dir, { mode: 0o755 });
    fs.chmodSync(dir, 0o755);
    await createOutboxMailer({ dir, from: 'no-reply@example.com' }).send(MESSAGE);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
  });

  it('leaves neither a partial .eml nor a temp file when a write fails midway', async () => {
    const mailer = createOutboxMailer({ dir, from: 'no-reply@example.com' });
    await mailer.send(MESSAGE);
    const before = fs.readdirSync(dir);
    // A disk that fills up after the first bytes: half a message reaches the temp file.
    const FileHandle = await fileHandlePrototype();
    const writeFile = vi.spyOn(FileHandle, 'writeFile').mockImplementationOnce(async function (
      this: fs.promises.FileHandle,
      data: Parameters<fs.promises.FileHandle['writeFile']>[0],
    ) {
      if (!Buffer.isBuffer(data)) throw new Error('the outbox writes a Buffer');
      await this.write(data.subarray(0, 100));
      throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    });
    await expect(mailer.send(MESSAGE)).rejects.toThrow(/ENOSPC/);
    expect(writeFile).toHaveBeenCalledOnce();
    expect(fs.readdirSync(dir)).toEqual(before);
  });

  it('leaves nothing behind when the fsync fails', async () => {
    const mailer = createOutboxMailer({ dir, from: 'no-reply@example.com' });
    const FileHandle = await fileHandlePrototype();
    const sync = vi
      .spyOn(FileHandle, 'sync')
      .mockRejectedValueOnce(Object.assign(new Error('EIO'), { code: 'EIO' }));
    await expect(mailer.send(MESSAGE)).rejects.toThrow(/EIO/);
    expect(sync).toHaveBeenCalledOnce();
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('refuses a message without recipients or with an address that is not plain', async () => {
    const mailer = createOutboxMailer({ dir, from: 'no-reply@example.com' });
    await expect(mailer.send({ ...MESSAGE, to: [] })).rejects.toThrow(/recipient/);
    await expect(mailer.send({ ...MESSAGE, to: ['bo@example.com\r\nBcc: evil@x'] })).rejects.toThrow(
      /address/,
    );
    await expect(
      mailer.send({ ...MESSAGE, replyTo: { name: 'Ann', address: 'ann@example.com\nBcc: evil@x' } }),
    ).rejects.toThrow(/address/);
    expect(fs.existsSync(dir) ? fs.readdirSync(dir) : []).toEqual([]);
  });

  it('refuses a MAIL_FROM that is not one address', () => {
    expect(() => createOutboxMailer({ dir, from: 'a@example.com, b@example.com' })).toThrow();
    expect(() => createOutboxMailer({ dir, from: 'Trove' })).toThrow();
  });

  it('keeps user text out of the headers even when a message is built by hand', async () => {
    const mailer = createOutboxMailer({ dir, from: 'no-reply@example.com' });
    await mailer.send({
      ...MESSAGE,
      subject: 'Hi\r\nBcc: evil@x',
      fromName: 'Ann\r\nBcc: evil@x',
      replyTo: { name: 'Ann\nBcc: evil@x', address: 'ann@example.com' },
    });
    const [file] = fs.readdirSync(dir);
    const raw = fs.readFileSync(path.join(dir, file ?? '')).toString('latin1');
    expect(raw).not.toMatch(/^bcc:/im);
    expect(parseRawMessage(raw).header('subject')).toBe('Hi Bcc: evil@x');
  });
});

describe('outboxFileName', () => {
  it('sorts by time and differs within one millisecond', () => {
    const now = new Date('2026-03-15T10:11:12.345Z');
    expect(outboxFileName(now)).toMatch(/^20260315T101112345Z-[0-9a-f]{12}\.eml$/);
    expect(outboxFileName(now)).not.toBe(outboxFileName(now));
  });
});

/** The prototype of node's FileHandle (not exported by node:fs), to make a write fail. */
async function fileHandlePrototype(): Promise<fs.promises.FileHandle> {
  const handle = await fs.promises.open(os.tmpdir(), 'r');
  await handle.close();
  return Object.getPrototypeOf(handle) as fs.promises.FileHandle;
}
