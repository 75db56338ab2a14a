import type { Access } from '../../access/access.ts';
import type { Caller, SignedInCaller } from '../../access/caller.ts';
import type { Repositories, Transact } from '../repositories.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { TrashCan, TrashFile } from '@trove/contract';
import type { FileRow } from '../files/files.repository.ts';
import type { MediaLinks, SessionLinks } from '../media/media-links.ts';
import { freeBytes, releaseFiles } from './release.ts';

/** At most this many files go in one transaction; larger trashes go in several. */
const BATCH = 500;

/** The trash of each user (spec 000 §7 Trash, issue #13): its listing and deleting for good, see [Note: Releasing storage]. */
export function createTrashService(deps: {
  repos: Pick<Repositories, 'trash'>;
  access: Access;
  transact: Transact;
  store: Pick<BlobStore, 'delete'>;
  links: MediaLinks;
  log: { info(object: object, message: string): void; warn(object: object, message: string): void };
}) {
  const { repos, access, transact, store, log } = deps;

  /**
   * The jobs of `files` whose trash the caller may act on. The queries already name only the
   * caller's jobs; access decides, per job, as everywhere.
   */
  async function allowedJobs(caller: Caller, files: readonly { job_id: string }[]): Promise<Set<string>> {
    const allowed = new Set<string>();
    for (const jobId of new Set(files.map((file) => file.job_id))) {
      if (await access.findGrant(caller, jobId, 'deleteForGood')) allowed.add(jobId);
    }
    return allowed;
  }

  /** Deletes one batch of the caller's trashed files; answers what went and the keys to free. */
  async function deleteBatch(caller: SignedInCaller, ids: readonly string[] | undefined) {
    const candidates = (await repos.trash.trashedOf(caller.userId, ids)).slice(0, BATCH);
    // Before the transaction: SQLite has one connection, which the transaction holds.
    const allowed = await allowedJobs(caller, candidates);
    const chosen = candidates.filter((file) => allowed.has(file.job_id)).map((file) => file.id);
    return transact(async (tx) => {
      // Read again inside: a file restored meanwhile is not deleted.
      const files = await tx.trash.trashedOf(caller.userId, chosen);
      return { ...(await releaseFiles(tx, files)), more: candidates.length === BATCH };
    });
  }

  return {
    /**
     * GET /trash_can (spec 000 §7): a page of the caller's trash, the latest deletion first,
     * with the trashed thumbnail variant signed for their session; files of jobs access does
     * not give them are left out.
     */
    async list(caller: SignedInCaller, offset: number, limit: number): Promise<TrashCan> {
      const page = await repos.trash.listTrash(caller.userId, offset, limit);
      const allowed = await allowedJobs(caller, page.files);
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
      caller: SignedInCaller,
      fileIds?: readonly string[],
    ): Promise<{ deleted: number; freed_bytes: number }> {
      let deleted = 0;
      let freedBytes = 0;
      for (;;) {
        const batch = await deleteBatch(caller, fileIds);
        deleted += batch.deleted;
        freedBytes += batch.freedBytes;
        await freeBytes(repos, store, batch.keys, (object, message) => {
          log.warn(object, message);
        });
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
