import { accessFor } from '../access/access.ts';
import { sessionCaller } from '../access/caller.ts';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { monthOf } from '@trove/contract';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { createRepositories, createTransact } from '../modules/repositories.ts';
import type { EventBus } from '../events/event-bus.ts';
import { hashPassword } from '../identity/passwords.ts';
import { createChangeWriter } from '../modules/changes/change-writer.ts';
import { createAccountsService } from '../modules/accounts/accounts.service.ts';
import { createUploadsService } from '../modules/uploads/uploads.service.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { clipMp4, landscapeJpeg, receiptPdf, screenshotPng, type SeedItem } from './library.ts';

export interface SeedDeps {
  config: Config;
  database: DatabaseHandle;
  store: BlobStore;
  bus: EventBus;
}

const DAY = 86_400_000;

/** Finds or creates the demo account; a new one gets a random password, printed once. */
async function demoAccount(deps: SeedDeps, email: string) {
  const repos = createRepositories(deps.database.db);
  const existing = await repos.accounts.findByEmail(email);
  if (existing) return { userId: existing.id, password: undefined };
  const password = randomBytes(9).toString('base64url');
  const accounts = createAccountsService({
    accounts: repos.accounts,
    privacy: repos.privacy,
    terms: repos.terms,
    transact: createTransact(deps.database.db),
    baseQuotaBytes: deps.config.BASE_QUOTA_BYTES,
    now: Date.now,
  });
  const userId = await accounts.create({
    email,
    name: 'Demo User',
    passwordHash: await hashPassword(password),
  });
  return { userId, password };
}

/**
 * `trove seed`: a demo account with a library that looks real: photos with EXIF dates over
 * several years, screenshots, short videos, a document. Everything goes through the real
 * upload path, so the worker makes thumbnails for it like for any upload.
 */
export async function seedDemo(
  deps: SeedDeps,
  options: { email: string; photos: number; videos: number },
): Promise<{ email: string; password?: string; uploaded: number }> {
  const { userId, password } = await demoAccount(deps, options.email);
  const repos = createRepositories(deps.database.db);
  const job = await repos.jobs.findTimeline(userId);
  if (!job) throw new Error('the demo account has no timeline');
  const uploads = createUploadsService({
    repos,
    changeWriter: createChangeWriter({ db: deps.database.db, bind: createRepositories, bus: deps.bus }),
    // Only the demo account's own timeline is written to: no visitor grant is ever made.
    access: accessFor(repos, randomBytes(32)),
    bus: deps.bus,
    store: deps.store,
    baseQuotaBytes: deps.config.BASE_QUOTA_BYTES,
    now: Date.now,
  });
  const auth = sessionCaller({ userId, sessionId: 'seed', deviceId: 'seed' });
  const workDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'trove-seed-'));
  let uploaded = 0;
  const put = async (item: SeedItem) => {
    const answer = await uploads.upload(
      auth,
      job.id,
      { path: item.path, mtime: item.mtime, policy: 'no_duplicates' },
      Readable.from([item.bytes]),
      item.bytes.length,
    );
    if (answer.status === 'processing') uploaded += 1;
  };
  try {
    const end = Date.now();
    const start = end - 6 * 365 * DAY;
    for (let i = 0; i < options.photos; i++) {
      const taken = new Date(start + ((end - start) * (i + Math.random() * 0.8)) / options.photos);
      const bytes = await landscapeJpeg(taken, i);
      await put({
        path: `DCIM/IMG_${String(1000 + i)}.jpg`,
        mtime: Math.floor(taken.getTime() / 1000),
        bytes,
      });
    }
    for (let i = 0; i < 3; i++) {
      const taken = end - (i + 1) * 40 * DAY;
      await put({
        path: `Screenshots/Screenshot_${String(i + 1)}.png`,
        mtime: Math.floor(taken / 1000),
        bytes: await screenshotPng(i),
      });
    }
    for (let i = 0; i < options.videos; i++) {
      const taken = new Date(end - (i * 200 + 10) * DAY);
      const bytes = await clipMp4(deps.config.FFMPEG_PATH, workDir, taken, i);
      await put({
        path: `DCIM/VID_${String(2000 + i)}.mp4`,
        mtime: Math.floor(taken.getTime() / 1000),
        bytes,
      });
    }
    await put({
      path: 'Documents/Receipt.pdf',
      mtime: Math.floor((end - 3 * DAY) / 1000),
      bytes: receiptPdf('Trove demo receipt'),
    });
  } finally {
    await fs.promises.rm(workDir, { recursive: true, force: true });
  }
  return { email: options.email, ...(password !== undefined && { password }), uploaded };
}

/**
 * `trove seed --files N`: N file rows for scale tests, fast. They reuse the blobs the demo
 * account already has (run the plain seed first), spread over ten years of taken times,
 * and are inserted in batches without touching the store.
 */
export async function seedRows(
  deps: SeedDeps,
  options: {
    email: string;
    files: number;
    /** Taken times between these (ms since the epoch); the last ten years by default. */
    taken?: { start: number; end: number };
  },
): Promise<number> {
  const repos = createRepositories(deps.database.db);
  const user = await repos.accounts.findByEmail(options.email);
  const job = user ? await repos.jobs.findTimeline(user.id) : undefined;
  if (!user || !job) throw new Error(`no account ${options.email}: run \`trove seed\` first`);
  const templates = await deps.database.db
    .selectFrom('files')
    .selectAll()
    .where('job_id', '=', job.id)
    .where('type', '!=', 'Documents')
    .limit(50)
    .execute();
  if (templates.length === 0) throw new Error('the demo account has no photos to copy');
  const end = Date.now();
  const latest = options.taken?.end ?? end;
  const span = options.taken ? options.taken.end - options.taken.start : 10 * 365 * DAY;
  const batch = 500;
  const db = deps.database.db;
  // A million rows committed 500 at a time took minutes on SQLite (synchronous = FULL: a
  // disk sync per commit, and the random ids and taken times rewrite index pages all over):
  // commit every 250,000 rows, with a page cache that holds the indexes meanwhile.
  const perCommit = 500 * batch;
  const cacheSize =
    deps.database.dialect === 'sqlite'
      ? (await sql<{ cache_size: number }>`PRAGMA cache_size`.execute(db)).rows[0]?.cache_size
      : undefined;
  if (cacheSize !== undefined) await sql`PRAGMA cache_size = -262144`.execute(db);
  try {
    for (let committed = 0; committed < options.files; committed += perCommit) {
      const upTo = Math.min(options.files, committed + perCommit);
      await db.transaction().execute(async (trx) => {
        for (let done = committed; done < upTo; done += batch) {
          const rows = Array.from({ length: Math.min(batch, upTo - done) }, (_, i) => {
            const template = templates[(done + i) % templates.length];
            if (!template) throw new Error('unreachable: templates is not empty');
            const taken = latest - Math.floor(Math.random() * span);
            return {
              ...template,
              id: randomUUID(),
              path: `scale/${String(done + i)}-${template.name}`,
              taken_at: taken,
              taken_month: monthOf(taken),
              mtime: taken,
              ctime: taken,
              uploaded_at: end,
            };
          });
          await trx.insertInto('files').values(rows).execute();
        }
      });
    }
  } finally {
    if (cacheSize !== undefined) await sql.raw(`PRAGMA cache_size = ${String(cacheSize)}`).execute(db);
  }
  return options.files;
}
