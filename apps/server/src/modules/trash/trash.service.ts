import type { Access, Caller } from '../../access/access.ts';
import type { Repositories, Transact } from '../../db/repositories.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { TrashCan, TrashFile } from '@trove/contract';
import type { FileRow } from '../files/files.repository.ts';
import type { MediaLinks, SessionLinks } from '../media/media-links.ts';

/** At most this many files go in one transaction; larger trashes go in several. */
const BATCH = 500;

/*
 * [Note: Releasing storage]
 *
 * Deleting a file for good (spec 000 §4 "permanent deletion is irreversible") removes rows
 * first, then bytes:
 * 1. in one transaction: the file rows go; every blob no file names any more goes with its
 *    renditions, and its owner's used space goes down by its size (so the quota is right
 *    the moment the rows are gone). A blob another file still names (a dedup, a copy to an
 *    album or to a timeline, see [Note: Copies]) stays, and stays charged.
 * 2. after the commit: the stored bytes of those blobs and renditions, unless a row of
 *    another owner still names the same key (copies share keys).
 * A crash between the two leaves bytes no row names, which `trove fsck` removes (its orphan
 * rule); nothing a row names is ever deleted. The blob rows are locked before the files are
 * counted, so two deletions of files sharing a blob cannot both keep it.
 */

/** Permanent deletion from the trash (spec 000 §7 Trash, issue #13). */
export function createTrashService(deps: {
  repos: Pick<Repositories, 'trash'>;
  access: Access;
  transact: Transact;
  store: Pick<BlobStore, 'delete'>;
  links: MediaLinks;
  log: { info(object: object, message: string): void; warn(object: object, message: string): void };
}) {
  const { repos, access, transact, store, log } = deps;

  /** Deletes one batch of the caller's trashed files; answers what went and the keys to free. */
  async function deleteBatch(caller: Caller & { userId: string }, ids: readonly string[] | undefined) {
    const candidates = (await repos.trash.trashedOf(caller.userId, ids)).slice(0, BATCH);
    // The query names the caller's jobs; access decides, per job, as everywhere (before the
    // transaction: SQLite has one connection, which the transaction holds).
    const allowed = new Set<string>();
    for (const jobId of new Set(candidates.map((file) => file.job_id))) {
      if (await access.findGrant(caller, jobId, 'deleteForGood')) allowed.add(jobId);
    }
    const chosen = candidates.filter((file) => allowed.has(file.job_id)).map((file) => file.id);
    return transact(async (tx) => {
      // Read again inside: a file restored meanwhile is not deleted.
      const files = await tx.trash.trashedOf(caller.userId, chosen);
      const blobIds = [...new Set(files.map((file) => file.blob_id))];
      await tx.trash.lockBlobs(blobIds);
      const deleted = await tx.trash.deleteFiles(files.map((file) => file.id));
      const released = await tx.trash.unreferenced(blobIds);
      const renditionKeys = await tx.trash.deleteBlobs(released.map((blob) => blob.id));
      const freed = new Map<string, number>();
      for (const blob of released) freed.set(blob.owner_id, (freed.get(blob.owner_id) ?? 0) + blob.size);
      for (const [owner, bytes] of freed) await tx.trash.releaseSpace(owner, bytes);
      return {
        deleted,
        more: candidates.length === BATCH,
        keys: [...released.map((blob) => blob.store_key), ...renditionKeys],
        freedBytes: [...freed.values()].reduce((sum, bytes) => sum + bytes, 0),
      };
    });
  }

  /** Deletes the stored bytes no row names any more; a failure leaves them to fsck. */
  async function freeBytes(keys: readonly string[]): Promise<void> {
    const named = await repos.trash.stillNamed(keys);
    for (const key of keys) {
      if (named.has(key)) continue;
      await store.delete(key).catch((error: unknown) => {
        log.warn({ key, err: error }, 'trash: stored bytes not deleted; trove fsck removes them');
      });
    }
  }

  return {
    /**
     * GET /trash_can (spec 000 §7): a page of the caller's trash, the latest deletion first,
     * with the trashed thumbnail variant signed for their session; files of jobs access does
     * not give them are left out.
     */
    async list(
      caller: Caller & { userId: string; sessionId: string },
      offset: number,
      limit: number,
    ): Promise<TrashCan> {
      const page = await repos.trash.listTrash(caller.userId, offset, limit);
      const allowed = new Set<string>();
      for (const jobId of new Set(page.files.map((file) => file.job_id))) {
        if (await access.findGrant(caller, jobId, 'deleteForGood')) allowed.add(jobId);
      }
      const links = deps.links.forSession(caller.sessionId);
      return {
        files: page.files.filter((file) => allowed.has(file.job_id)).map((file) => toTrashFile(file, links)),
        total_item_count: page.total,
      };
    },

    /**
     * POST /empty_trash_can (spec 000 §7 "fileid"): deletes for good the caller's trashed
     * files among `fileIds`, or all of them; answers how many went and the bytes freed.
     */
    async emptyTrash(
      caller: Caller & { userId: string },
      fileIds?: readonly string[],
    ): Promise<{ deleted: number; freed_bytes: number }> {
      let deleted = 0;
      let freedBytes = 0;
      for (;;) {
        const batch = await deleteBatch(caller, fileIds);
        deleted += batch.deleted;
        freedBytes += batch.freedBytes;
        await freeBytes(batch.keys);
        if (!batch.more || batch.deleted === 0) break;
      }
      if (deleted > 0)
        log.info({ user: caller.userId, deleted, freedBytes }, 'trash: files deleted for good');
      return { deleted, freed_bytes: freedBytes };
    },
  };
}
export type TrashService = ReturnType<typeof createTrashService>;

const seconds = (ms: number) => Math.floor(ms / 1000);

function toTrashFile(file: FileRow, links: SessionLinks): TrashFile {
  return {
    id: file.id,
    job: file.job_id,
    path: file.path,
    name: file.name,
    size: file.size,
    type: file.type as TrashFile['type'],
    duration: file.duration,
    mtime: seconds(file.mtime),
    dtime: seconds(file.dtime ?? 0),
    width: file.width,
    height: file.height,
    group_type: file.group_type,
    group_id: file.group_id,
    master: file.master,
    thumb_url_small: file.media_status === 'ready' ? links.trashedThumb(file.id) : null,
  };
}
