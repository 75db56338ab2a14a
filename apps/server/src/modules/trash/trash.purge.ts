import fs from 'node:fs';
import path from 'node:path';
import { TRASH_RETENTION_DAYS } from '@trove/contract';
import { ABANDONED_AFTER_MS } from '../resumable/resumable.repository.ts';
import type { Repositories, Transact } from '../repositories.ts';
import type { WorkHandler } from '../../queue/work-queue.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { RELEASE_BATCH, freeBytes, releaseAlbum, releaseFiles } from './release.ts';

/** The work item kind of the purge. */
export const PURGE_KIND = 'trash_purge';
const DAY_MS = 86_400_000;

/** What one purge run removed. */
export interface PurgeReport {
  files: number;
  albums: number;
  /** Shares stopped or past their 30 days (issue #15), removed with their rows. */
  shares: number;
  freedBytes: number;
  /** Resumable uploads untouched for a day, removed with their bytes ([Note: Resumable limits]). */
  abandonedUploads: number;
}

/**
 * The purge (spec 000 §4 "files retained 90 days, then permanently deleted", §9; albums in
 * the trash too): files in the trash and albums deleted more than TRASH_RETENTION_DAYS ago
 * go for good, each batch in its own transaction by [Note: Releasing storage]. Every batch
 * is read inside its transaction, so a run is idempotent and a run killed midway is resumed
 * by the next (nothing half-done stays: rows go with their blobs and charges, and bytes left
 * behind by a crash are fsck's orphans). Runs as a work item on either queue (embedded or
 * BullMQ); `schedulePurge` puts one on the queue. `signal` stops it between two batches (a
 * worker handing its items back, [Note: Work hand-back]); the next run resumes it.
 */
export function createPurge(deps: {
  repos: Pick<Repositories, 'trash' | 'resumable'>;
  /** DATA_DIR/resumable, where the fs store's unfinished uploads wait. */
  resumableDir?: string;
  transact: Transact;
  store: Pick<BlobStore, 'delete'>;
  now: () => number;
  log: (message: string) => void;
}) {
  const { repos, transact, store, now, log } = deps;
  const warn = (object: object, message: string) => {
    log(`${message} ${JSON.stringify(object)}`);
  };

  async function run(signal?: AbortSignal): Promise<PurgeReport> {
    const cutoff = now() - TRASH_RETENTION_DAYS * DAY_MS;
    const report: PurgeReport = { files: 0, albums: 0, shares: 0, freedBytes: 0, abandonedUploads: 0 };
    const add = async (released: Awaited<ReturnType<typeof releaseFiles>>) => {
      report.files += released.deleted;
      report.freedBytes += released.freedBytes;
      await freeBytes(repos, store, released.keys, warn);
      signal?.throwIfAborted();
      return released.deleted;
    };
    while (
      (await add(
        await transact(async (tx) => releaseFiles(tx, await tx.trash.expiredFiles(cutoff, RELEASE_BATCH))),
      )) > 0
    );
    for (const albumId of await repos.trash.expiredAlbums(cutoff, Number.MAX_SAFE_INTEGER)) {
      signal?.throwIfAborted();
      const released = await releaseAlbum({ repos, transact, store, warn, now }, albumId, cutoff);
      report.files += released.deleted;
      report.freedBytes += released.freedBytes;
      if (released.gone) report.albums += 1;
    }
    // Ended shares go at once: nobody can open them, and their files are copies whose bytes
    // stay as long as the originals name them ([Note: Shares]).
    for (const shareId of await repos.trash.endedShares(now(), Number.MAX_SAFE_INTEGER)) {
      signal?.throwIfAborted();
      const released = await releaseAlbum({ repos, transact, store, warn, now }, shareId, now() + 1);
      report.freedBytes += released.freedBytes;
      if (released.gone) report.shares += 1;
    }
    // Abandoned uploads hold bytes outside anyone's storage: row first, then the bytes (a
    // crash between leaves orphans for fsck), as fsck does; hourly here, so no operator
    // has to run fsck for their space to come back.
    for (const upload of await repos.resumable.listStale(now() - ABANDONED_AFTER_MS)) {
      signal?.throwIfAborted();
      for (const key of await repos.resumable.delete(upload.id)) await store.delete(key);
      if (deps.resumableDir) await fs.promises.rm(path.join(deps.resumableDir, upload.id), { force: true });
      report.abandonedUploads += 1;
    }
    if (report.files > 0 || report.albums > 0 || report.shares > 0 || report.abandonedUploads > 0)
      log(
        `trash purge: ${String(report.files)} files, ${String(report.albums)} albums and ${String(report.shares)} ended shares deleted for good, ${String(report.freedBytes)} bytes freed, ${String(report.abandonedUploads)} abandoned uploads removed`,
      );
    return report;
  }

  const handler: WorkHandler = async (_payload, { signal }) => {
    await run(signal);
  };
  return { run, handler };
}

/** Queues a purge unless one is waiting or running already (several workers may ask). */
export async function schedulePurge(repos: Pick<Repositories, 'workItems'>, now: number): Promise<boolean> {
  if ((await repos.workItems.countQueued(PURGE_KIND)) > 0) return false;
  await repos.workItems.enqueue({ kind: PURGE_KIND, payload: {}, now });
  return true;
}
