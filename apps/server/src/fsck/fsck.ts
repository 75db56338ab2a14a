import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Repositories, Transact } from '../modules/repositories.ts';
import { freeBytes, releaseBlobs } from '../modules/trash/release.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { holdDeletes } from '../backup/backup-holds.ts';
import type { FsckRepository } from './fsck.repository.ts';

/** What `trove fsck` found and did. Keys and ids only: never a user's file name. */
export interface FsckReport {
  blobsChecked: number;
  /** Bytes in the store that no row names, removed (older than the grace period). */
  orphansRemoved: string[];
  /**
   * Orphans kept: younger than the grace period (possibly an upload about to commit), or
   * all of them while a backup holds deletions.
   */
  orphansKept: number;
  /** A backup held deletions when this run began: no stored bytes were removed. */
  backupHeld: boolean;
  /**
   * Blob rows no file names (older than the grace period): released as a permanent deletion
   * releases them (their owner's used space goes down, then the bytes go; see [Note:
   * Releasing storage]). Blob ids.
   */
  blobsReleased: string[];
  /** Rows whose bytes are gone: cannot be repaired here, only reported. */
  missingBlobs: { blobId: string; key: string; files: number }[];
  /** Rows whose stored size or SHA-256 differs from what was acknowledged. */
  corruptBlobs: { blobId: string; key: string; reason: 'size' | 'checksum' }[];
  /** Renditions whose bytes are gone: row removed and the media work queued again. */
  renditionsRequeued: string[];
  /** Unfinished writes (temp files, multipart uploads) older than the grace period, discarded. */
  partialsDiscarded: number;
  /** Resumable uploads untouched for a day (or files of none, or finished ones), removed. */
  resumableRemoved: number;
  /**
   * Work that would not run by itself: items that failed their last attempt or whose claim
   * ran out long ago, queued again with all attempts (ids); and blobs whose media was still
   * pending with no work item at all, given one (blob ids).
   */
  workRequeued: string[];
  mediaRequeued: string[];
}

export interface FsckOptions {
  /** Anything younger is left alone: it may belong to an upload in flight. Default 1 hour. */
  graceMs?: number;
  /** Re-hash every blob against its SHA-256 (reads all bytes). Default false. */
  verify?: boolean;
  /** Report only, change nothing. Default false. */
  dryRun?: boolean;
  /** Where resumable uploads keep their bytes (DATA_DIR/resumable); skipped when absent. */
  resumableDir?: string;
  /** A resumable upload untouched this long is abandoned. Default one day. */
  resumableTtlMs?: number;
  now?: () => number;
}

/**
 * Reconciles the database with the blob store (see [Note: Blob storage]): the write order
 * (bytes durable, then row) means a crash leaves at most orphan bytes and partial writes,
 * which are safe to remove once old enough. A row without bytes would be data loss; it is
 * reported loudly, never "repaired" by deleting the row.
 */
export async function runFsck(
  deps: { fsck: FsckRepository; repos: Repositories; store: BlobStore; transact: Transact },
  options: FsckOptions = {},
): Promise<FsckReport> {
  const now = options.now ?? Date.now;
  const graceMs = options.graceMs ?? 3_600_000;
  const cutoff = now() - graceMs;
  const repair = !options.dryRun;
  const report: FsckReport = {
    blobsChecked: 0,
    orphansRemoved: [],
    orphansKept: 0,
    backupHeld: false,
    blobsReleased: [],
    missingBlobs: [],
    corruptBlobs: [],
    renditionsRequeued: [],
    partialsDiscarded: 0,
    resumableRemoved: 0,
    workRequeued: [],
    mediaRequeued: [],
  };

  // Bytes deleted during a backup may be bytes its snapshot names (See: [Note: Backup
  // hold]): while one holds, orphans stay, and every deletion below checks again itself.
  report.backupHeld = await deps.fsck.backupHeld(now());
  const store = holdDeletes(deps.store, { isHeld: (at) => deps.fsck.backupHeld(at) }, now);

  // Read the rows first: a blob that commits after this point is young, so it is kept.
  const known = await deps.fsck.knownKeys();
  const candidates: string[] = [];
  for await (const blob of deps.store.list()) {
    if (known.has(blob.key)) continue;
    if (blob.mtime > cutoff) report.orphansKept += 1;
    else candidates.push(blob.key);
  }
  if (report.backupHeld) {
    report.orphansKept += candidates.length;
  } else if (candidates.length > 0) {
    // Read again: a long listing gives a slow upload time to commit its row.
    const knownNow = await deps.fsck.knownKeys();
    for (const key of candidates) {
      if (knownNow.has(key)) continue;
      if (repair) await store.delete(key);
      report.orphansRemoved.push(key);
    }
  }

  // Before the orphan pass would matter: released bytes become orphans of the next run only
  // if deleting them fails here.
  const unreferenced = await deps.fsck.listUnreferencedBlobs(cutoff);
  if (repair && unreferenced.length > 0) {
    const released = await deps.transact((tx) => releaseBlobs(tx, unreferenced));
    await freeBytes(deps.repos, store, released.keys, () => undefined);
  }
  report.blobsReleased.push(...unreferenced);

  for (const row of await deps.fsck.listBlobs()) {
    report.blobsChecked += 1;
    const stat = await deps.store.stat(row.store_key);
    if (!stat) {
      report.missingBlobs.push({
        blobId: row.id,
        key: row.store_key,
        files: await deps.fsck.countFilesOfBlob(row.id),
      });
      continue;
    }
    if (stat.size !== row.size) {
      report.corruptBlobs.push({ blobId: row.id, key: row.store_key, reason: 'size' });
    } else if (options.verify && !(await matches(deps.store, row))) {
      report.corruptBlobs.push({ blobId: row.id, key: row.store_key, reason: 'checksum' });
    }
  }

  for (const row of await deps.fsck.listDerivatives()) {
    if (await deps.store.stat(row.store_key)) continue;
    if (repair) {
      await deps.fsck.deleteDerivative(row.blob_id, row.kind);
      await deps.repos.workItems.enqueue({ kind: 'media', payload: { blobId: row.blob_id }, now: now() });
    }
    report.renditionsRequeued.push(`${row.blob_id}/${row.kind}`);
  }

  for (const item of await deps.repos.workItems.listStuck(cutoff)) {
    if (repair) await deps.repos.workItems.requeue(item.id, now());
    report.workRequeued.push(item.id);
  }
  for (const blobId of await deps.fsck.listPendingWithoutWork()) {
    if (repair) await deps.repos.workItems.enqueue({ kind: 'media', payload: { blobId }, now: now() });
    report.mediaRequeued.push(blobId);
  }

  for (const partial of await deps.store.listPartial()) {
    if (partial.started > cutoff) continue;
    if (repair) await deps.store.discardPartial(partial.id);
    report.partialsDiscarded += 1;
  }

  // Abandoned resumable uploads: the row first, then the bytes (their parts in the store, or
  // their file in resumableDir); a crash between leaves orphans that a later run removes.
  const stale = await deps.repos.resumable.listStale(now() - (options.resumableTtlMs ?? 86_400_000));
  for (const row of stale) {
    if (repair) {
      for (const key of await deps.repos.resumable.delete(row.id)) await store.delete(key);
      if (options.resumableDir)
        await fs.promises.rm(path.join(options.resumableDir, row.id), { force: true });
    }
    report.resumableRemoved += 1;
  }
  if (options.resumableDir) {
    const dir = options.resumableDir;
    // Files whose upload row is gone (a crash between the two steps above), and files of
    // finished uploads (a crash between recording the answer and removing the file: the
    // row stays a day to answer a repeated PATCH, the bytes already are a blob), at once.
    for (const name of await fs.promises.readdir(dir).catch(() => [])) {
      const stat = await fs.promises.stat(path.join(dir, name)).catch(() => undefined);
      const upload = await deps.fsck.findResumable(name);
      if (!stat || upload?.finished === false || (!upload && stat.mtimeMs > cutoff)) continue;
      if (repair) await fs.promises.rm(path.join(dir, name), { force: true });
      report.resumableRemoved += 1;
    }
  }
  return report;
}

/** Re-hashes stored bytes against the SHA-1 taken on arrival and the SHA-256 taken at rest. */
async function matches(
  store: BlobStore,
  row: { store_key: string; sha1: string; sha256: string | null },
): Promise<boolean> {
  const sha1 = createHash('sha1');
  const sha256 = createHash('sha256');
  for await (const chunk of await store.get(row.store_key)) {
    sha1.update(chunk as Buffer);
    sha256.update(chunk as Buffer);
  }
  return sha1.digest('hex') === row.sha1 && (row.sha256 === null || sha256.digest('hex') === row.sha256);
}

/** One line for logs and the CLI. */
export function summarize(report: FsckReport): string {
  return [
    `fsck: ${String(report.blobsChecked)} blobs checked`,
    report.backupHeld
      ? `0 orphans removed (${String(report.orphansKept)} kept: a backup is running)`
      : `${String(report.orphansRemoved.length)} orphans removed (${String(report.orphansKept)} young ones kept)`,
    `${String(report.blobsReleased.length)} blobs no file names released`,
    `${String(report.partialsDiscarded)} partial writes discarded`,
    `${String(report.renditionsRequeued.length)} renditions queued again`,
    `${String(report.resumableRemoved)} abandoned resumable uploads removed`,
    `${String(report.workRequeued.length + report.mediaRequeued.length)} stuck work items queued again`,
    `${String(report.missingBlobs.length)} MISSING`,
    `${String(report.corruptBlobs.length)} CORRUPT`,
  ].join(', ');
}
