import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { outboxDir, verifyMailServer } from '../mail/index.ts';
import { describeSmtpUrl } from '../mail/smtp-mailer.ts';
import { checkStripeKey, createStripeProvider, stripeOptionsFromConfig } from '../payments/stripe/index.ts';
import { toolRuns } from '../startup-notices.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { createFsBlobStore } from '../storage/fs-blob-store.ts';
import { s3OptionsFromConfig } from '../storage/open-store.ts';
import { createS3BlobStore } from '../storage/s3-blob-store.ts';
import { bytesText, errorText, fail, ok, warn, within, type CheckResult } from './check.ts';
import { maskUrl } from './redact.ts';

/** A key no upload makes (store keys are 32 hex digits): its stat must find nothing. */
const ABSENT_KEY = 'doctor-probe-absent';

/**
 * The blob store, as a node uses it: a stat, a listing of one blob, and a probe object
 * written, read back, deleted and gone again. Should doctor die between the write and the
 * delete, the probe is an orphan blob that fsck removes. The S3 bucket is never created here.
 */
export async function checkBlobStore(config: Config, timeoutMs: number): Promise<CheckResult> {
  const s3 = config.S3_BUCKET !== '';
  const where = s3
    ? `S3 bucket ${config.S3_BUCKET}${config.S3_ENDPOINT === '' ? '' : ` at ${maskUrl(config.S3_ENDPOINT)}`}`
    : path.join(config.DATA_DIR, 'blobs');
  if (!s3 && !fs.existsSync(config.DATA_DIR))
    return warn('blobs', `not checked: DATA_DIR ${config.DATA_DIR} does not exist yet`);
  let step = 'open';
  try {
    const store: BlobStore = s3
      ? createS3BlobStore(s3OptionsFromConfig(config))
      : createFsBlobStore(config.DATA_DIR, { reserveBytes: config.DISK_RESERVE_MB * 1024 * 1024 });
    step = 'stat';
    if ((await within(timeoutMs, () => store.stat(ABSENT_KEY))) !== undefined)
      throw new Error('a stat found a key no upload makes');
    step = 'list';
    const listed = await within(timeoutMs, async () => {
      for await (const _blob of store.list()) return true;
      return false;
    });
    step = 'write';
    const probe = randomBytes(64);
    const written = await within(timeoutMs, () => store.put(Readable.from([probe])));
    step = 'read back';
    const read = await within(timeoutMs, async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of await store.get(written.key)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    });
    if (!read.equals(probe)) throw new Error('the bytes read back differ from those written');
    step = 'delete';
    await within(timeoutMs, () => store.delete(written.key));
    if ((await within(timeoutMs, () => store.stat(written.key))) !== undefined)
      throw new Error('the probe is still there after its delete');
    return ok(
      'blobs',
      `${where}: stat, list (${listed ? 'has blobs' : 'empty'}), write, read back and delete work`,
    );
  } catch (error) {
    const fix = s3
      ? 'check S3_ENDPOINT, S3_BUCKET and the credentials (serve creates a missing bucket)'
      : 'check that DATA_DIR is writable and has room';
    return fail('blobs', `${where}: the ${step} failed (${errorText(error)}): ${fix}`);
  }
}

/** Redis, when configured: PING, and the eviction policy BullMQ needs (noeviction). */
export async function checkRedis(config: Pick<Config, 'REDIS_URL'>, timeoutMs: number): Promise<CheckResult> {
  if (config.REDIS_URL === '')
    return ok('redis', 'not configured: the work queue polls the database and wake-ups stay in each process');
  const where = maskUrl(config.REDIS_URL);
  const redis = new Redis(config.REDIS_URL, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  // A refused connection rejects connect() with only "Connection is closed."; the error
  // event says why. Listening also keeps ioredis from printing it.
  let cause: unknown;
  redis.on('error', (error: unknown) => {
    cause = error;
  });
  try {
    await within(timeoutMs, () => redis.connect());
    await within(timeoutMs, () => redis.ping());
    const policy = await within(timeoutMs, () => redis.config('GET', 'maxmemory-policy')).catch(
      () => undefined,
    );
    const value = Array.isArray(policy) ? String(policy[1]) : undefined;
    if (value !== undefined && value !== 'noeviction')
      return warn(
        'redis',
        `${where} answers, but its maxmemory-policy is ${value}: Redis may evict queued jobs; set it to noeviction`,
      );
    return ok('redis', `${where} answers PING`);
  } catch (error) {
    return fail(
      'redis',
      `${where} does not answer (${errorText(cause ?? error)}): start Redis, or check REDIS_URL`,
    );
  } finally {
    redis.disconnect();
  }
}

/** Where mail goes: SMTP_URL's server answering EHLO (and AUTH), or the outbox nobody reads. */
export async function checkMail(config: Config, timeoutMs: number): Promise<CheckResult> {
  if (config.SMTP_URL === '') {
    const dir = outboxDir(config);
    const waiting = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')).length : 0;
    return warn(
      'mail',
      `SMTP_URL is unset: messages are written to ${dir} (${String(waiting)} there now) and nobody receives ` +
        'them; set SMTP_URL to send them',
    );
  }
  const where = describeSmtpUrl(config.SMTP_URL);
  try {
    await within(timeoutMs, () => verifyMailServer(config));
  } catch (error) {
    return fail(
      'mail',
      `${where} refused or did not answer (${errorText(error)}): check SMTP_URL, its credentials and SMTP_TLS_CA_FILE`,
    );
  }
  if (/@localhost>?$/.test(config.MAIL_FROM))
    return warn(
      'mail',
      `${where} answers, but MAIL_FROM is ${config.MAIL_FROM}: set an address of your domain`,
    );
  return ok('mail', `${where} answers (connected, EHLO${new URL(config.SMTP_URL).username ? ', AUTH' : ''})`);
}

/** The payment provider BILLING names; with Stripe one authenticated read with the secret key. */
export async function checkPayments(
  config: Config,
  timeoutMs: number,
  stripe: () => { checkKey(): Promise<void> } = () => createStripeProvider(stripeOptionsFromConfig(config)),
): Promise<CheckResult> {
  switch (config.BILLING) {
    case 'off':
      return ok('payments', 'BILLING=off: no plans or payments');
    case 'sandbox':
      return ok(
        'payments',
        'BILLING=sandbox: test payments, no money moves (choose off or stripe on a public server)',
      );
    case 'stripe': {
      const mode = config.STRIPE_SECRET_KEY.includes('_live_') ? 'live' : 'test';
      try {
        await within(timeoutMs, () => checkStripeKey(stripe()));
        return ok('payments', `Stripe accepts STRIPE_SECRET_KEY (${mode} mode)`);
      } catch (error) {
        return fail('payments', errorText(error));
      }
    }
  }
}

/** The video tools: without them videos are kept but get no thumbnails or previews. */
export async function checkVideoTools(
  config: Pick<Config, 'FFMPEG_PATH' | 'FFPROBE_PATH'>,
): Promise<CheckResult> {
  const missing: string[] = [];
  for (const [name, bin] of [
    ['FFMPEG_PATH', config.FFMPEG_PATH],
    ['FFPROBE_PATH', config.FFPROBE_PATH],
  ] as const)
    if (!(await toolRuns(bin))) missing.push(`${name}=${bin}`);
  if (missing.length > 0)
    return warn(
      'ffmpeg',
      `not found (${missing.join(', ')}): videos are stored but get no thumbnails, previews or transcodes; ` +
        'install ffmpeg (Debian: apt install ffmpeg) or set the paths',
    );
  return ok('ffmpeg', `${config.FFMPEG_PATH} and ${config.FFPROBE_PATH} run`);
}

/**
 * Free space on DATA_DIR's disk against DISK_RESERVE_MB ([Note: Disk reserve]): below it
 * uploads are refused; close to it they soon will be.
 */
export async function checkDisk(config: Pick<Config, 'DATA_DIR' | 'DISK_RESERVE_MB'>): Promise<CheckResult> {
  const reserve = config.DISK_RESERVE_MB * 1024 * 1024;
  let dir = config.DATA_DIR;
  // A DATA_DIR not made yet lives on its nearest existing parent's disk.
  while (!fs.existsSync(dir) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  const stats = await fs.promises.statfs(dir);
  const free = stats.bavail * stats.bsize;
  const numbers = `${bytesText(free)} free on ${dir}, reserve ${bytesText(reserve)}`;
  if (reserve === 0)
    return warn(
      'disk',
      `${bytesText(free)} free, no reserve (DISK_RESERVE_MB=0): uploads that fill the disk also stop sign-ins and every other write`,
    );
  if (free < reserve)
    return fail('disk', `${numbers}: uploads are refused (507) until more is free; free space or add disk`);
  if (free < reserve + Math.max(reserve, 1024 ** 3))
    return warn('disk', `${numbers}: uploads stop soon; free space or add disk`);
  return ok('disk', numbers);
}
