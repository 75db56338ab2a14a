import fs from 'node:fs';
import path from 'node:path';
import { BlobNotFoundError, type BlobStore } from '../storage/blob-store.ts';
import { writeDurably } from './files.ts';

/** Blobs copied at once: a bucket answers faster to several requests in flight. */
const COPIES_AT_ONCE = 4;

/** Where a backup keeps one blob: `blobs/ab/cd/<key>`, the fs store's own layout. */
export function backupBlobPath(dir: string, key: string): string {
  return path.join(dir, 'blobs', key.slice(0, 2), key.slice(2, 4), key);
}

/** What copying the blobs out did. */
export interface CopiedOut {
  /** Size of every blob now in the backup that the snapshot names. */
  sizes: Map<string, number>;
  /** Copied by this run (the others were in the backup already). */
  copied: number;
  /** Named, but the store does not have them. */
  missing: string[];
}

/**
 * Copies the blobs of `keys` from the store into the backup folder, each written durably
 * (temp file, fsync, rename). A blob already in the folder is not copied again: keys are
 * never reused and blobs never change, and a blob is there only once written whole.
 * `check` runs between copies and throws to stop (the backup hold lapsed).
 */
export async function copyBlobsOut(options: {
  store: Pick<BlobStore, 'get'>;
  keys: Iterable<string>;
  dir: string;
  tmp: string;
  check: () => void;
}): Promise<CopiedOut> {
  const { store, dir, tmp, check } = options;
  const result: CopiedOut = { sizes: new Map(), copied: 0, missing: [] };
  await eachAtOnce([...options.keys].sort(), async (key) => {
    check();
    const target = backupBlobPath(dir, key);
    const present = await fs.promises.stat(target).catch(() => undefined);
    if (present) {
      result.sizes.set(key, present.size);
      return;
    }
    let source;
    try {
      source = await store.get(key);
    } catch (error) {
      if (!(error instanceof BlobNotFoundError)) throw error;
      result.missing.push(key);
      return;
    }
    result.sizes.set(key, await writeDurably(source, path.join(tmp, `${key}.part`), target));
    result.copied += 1;
  });
  result.missing.sort();
  return result;
}

/**
 * Puts the backup's blobs into the store under their keys. A blob the store holds already
 * at the same size is left as it is (a restore run again after it stopped midway).
 */
export async function copyBlobsIn(options: {
  store: Pick<BlobStore, 'putAt' | 'stat'>;
  blobs: Map<string, number>;
  dir: string;
}): Promise<{ copied: number }> {
  const { store, dir } = options;
  let copied = 0;
  await eachAtOnce([...options.blobs], async ([key, size]) => {
    if ((await store.stat(key))?.size === size) return;
    const written = await store.putAt(key, fs.createReadStream(backupBlobPath(dir, key)));
    if (written.size !== size)
      throw new Error(`restore: blob ${key} has ${String(written.size)} bytes, not ${String(size)}`);
    copied += 1;
  });
  return { copied };
}

/** The blobs of the list that the backup folder lacks, or holds at another size: a damaged backup. */
export async function absentFromBackup(dir: string, blobs: Map<string, number>): Promise<string[]> {
  const absent: string[] = [];
  await eachAtOnce([...blobs], async ([key, size]) => {
    const stat = await fs.promises.stat(backupBlobPath(dir, key)).catch(() => undefined);
    if (stat?.size !== size) absent.push(key);
  });
  return absent.sort();
}

/** Removes the backup's blobs that are not in `keep` (those of files deleted since the last backup). */
export async function pruneBlobs(dir: string, keep: ReadonlySet<string>): Promise<number> {
  let removed = 0;
  const root = path.join(dir, 'blobs');
  for (const a of await fs.promises.readdir(root).catch(() => [])) {
    for (const b of await fs.promises.readdir(path.join(root, a)).catch(() => [])) {
      for (const key of await fs.promises.readdir(path.join(root, a, b)).catch(() => [])) {
        if (keep.has(key)) continue;
        await fs.promises.rm(path.join(root, a, b, key), { force: true });
        removed += 1;
      }
    }
  }
  return removed;
}

/** Runs `fn` on every item, COPIES_AT_ONCE at a time; the first failure stops the rest. */
async function eachAtOnce<T>(items: readonly T[], fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < items.length) {
      const item = items[next++] as T;
      try {
        await fn(item);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: COPIES_AT_ONCE }, lane));
}
