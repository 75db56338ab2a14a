import type { Repositories, Transact } from '../repositories.ts';
import type { BlobStore } from '../../storage/blob-store.ts';

/*
 * [Note: Releasing storage]
 *
 * Deleting a file for good (spec 000 §4 "permanent deletion is irreversible"; by the user
 * from the trash, or by the purge after 90 days) removes rows first, then bytes:
 * 1. in one transaction (`releaseFiles`): the file rows go, with their copies in ended
 *    shares ([Note: Derived shares]); every blob no file names any more goes with its renditions, and its owner's used space goes down by its size (so
 *    the quota is right the moment the rows are gone). A blob another file still names (a
 *    dedup, a copy to an album or to a timeline, see [Note: Copies]) stays, and stays
 *    charged. The blob rows are locked first, so two deletions of files sharing a blob
 *    cannot each see the other's file still there and both keep it.
 * 2. after the commit (`freeBytes`): the stored bytes of those blobs and renditions, unless
 *    a row of another owner still names the same key (copies share keys).
 * A crash between the two leaves bytes no row names, which `trove fsck` removes (its orphan
 * rule); nothing a row names is ever deleted.
 */

/** What one release did: files gone, bytes given back, stored keys to free after the commit. */
export interface Released {
  deleted: number;
  freedBytes: number;
  keys: string[];
}

/** Step 1 of [Note: Releasing storage], inside the caller's transaction. */
export async function releaseFiles(
  tx: Pick<Repositories, 'trash'>,
  files: readonly { id: string; blob_id: string }[],
): Promise<Released> {
  const blobIds = [...new Set(files.map((file) => file.blob_id))];
  await tx.trash.lockBlobs(blobIds);
  const ids = files.map((file) => file.id);
  const deleted = await tx.trash.deleteFiles(ids);
  // Copies in ended shares name the same blobs: they go with their sources.
  await tx.trash.deleteEndedDerived(ids);
  return { ...(await releaseLocked(tx, blobIds)), deleted };
}

/**
 * The blobs among `blobIds` that no file names (any more) go with their renditions, their
 * owners' used space going down by their sizes; inside the caller's transaction. Also what
 * `trove fsck` does with a blob row nothing names.
 */
export async function releaseBlobs(
  tx: Pick<Repositories, 'trash'>,
  blobIds: readonly string[],
): Promise<Released> {
  await tx.trash.lockBlobs(blobIds);
  return releaseLocked(tx, blobIds);
}

/** `releaseBlobs` once the blob rows are locked (a deletion of files locks them first). */
async function releaseLocked(tx: Pick<Repositories, 'trash'>, blobIds: readonly string[]): Promise<Released> {
  const released = await tx.trash.unreferenced(blobIds);
  const renditionKeys = await tx.trash.deleteBlobs(released.map((blob) => blob.id));
  const freed = new Map<string, number>();
  for (const blob of released) freed.set(blob.owner_id, (freed.get(blob.owner_id) ?? 0) + blob.size);
  for (const [owner, bytes] of freed) await tx.trash.releaseSpace(owner, bytes);
  return {
    deleted: 0,
    freedBytes: [...freed.values()].reduce((sum, bytes) => sum + bytes, 0),
    keys: [...released.map((blob) => blob.store_key), ...renditionKeys],
  };
}

/** Step 2 of [Note: Releasing storage]: the bytes no row names any more; a failure is fsck's. */
export async function freeBytes(
  repos: Pick<Repositories, 'trash'>,
  store: Pick<BlobStore, 'delete'>,
  keys: readonly string[],
  warn: (object: object, message: string) => void,
): Promise<void> {
  const named = await repos.trash.stillNamed(keys);
  for (const key of keys) {
    if (named.has(key)) continue;
    await store.delete(key).catch((error: unknown) => {
      warn({ key, err: error }, 'trash: stored bytes not deleted; trove fsck removes them');
    });
  }
}

/** Files per transaction: a crash loses at most one batch's progress, never its rows. */
export const RELEASE_BATCH = 500;

/**
 * Deletes a deleted album for good (from the trash, or by the purge): its files batch by batch,
 * each batch by steps 1 and 2 of [Note: Releasing storage], then its row. The album is marked
 * first (`purge_started_at`), so no restore brings it back half empty; a run cut off midway is
 * finished by the next purge. `deletedBefore`
 * names which deletion is meant: an album restored (or deleted again later) meanwhile is left
 * alone. Answers what went; `gone` once the album row itself is deleted.
 */
export async function releaseAlbum(
  deps: {
    repos: Pick<Repositories, 'trash'>;
    transact: Transact;
    store: Pick<BlobStore, 'delete'>;
    warn: (object: object, message: string) => void;
    now: () => number;
  },
  albumId: string,
  deletedBefore: number,
): Promise<{ deleted: number; freedBytes: number; gone: boolean }> {
  const { repos, transact, store, warn } = deps;
  let deleted = 0;
  let freedBytes = 0;
  // First marked: once a batch is gone, the album can no longer be restored half empty.
  if (!(await repos.trash.startAlbumPurge(albumId, deletedBefore, deps.now())))
    return { deleted, freedBytes, gone: false };
  for (;;) {
    const released = await transact(async (tx) =>
      releaseFiles(tx, await tx.trash.filesOfDeletedJob(albumId, deletedBefore, RELEASE_BATCH)),
    );
    deleted += released.deleted;
    freedBytes += released.freedBytes;
    await freeBytes(repos, store, released.keys, warn);
    if (released.deleted === 0) break;
  }
  const gone = await repos.trash.deleteEmptyJob(albumId, deletedBefore);
  return { deleted, freedBytes, gone };
}
