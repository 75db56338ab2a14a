import type { Access, JobAction } from '../../access/access.ts';
import type { SignedInCaller } from '../../access/caller.ts';
import type { Repositories, Transact } from '../repositories.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { DeleteAlbumsResponse, RollbackAlbumsResponse, TrashAlbums } from '@trove/contract';
import type { ChangeWriter } from '../changes/change-writer.ts';
import { recordFileAdded } from '../files/file-records.ts';
import type { MediaLinks } from '../media/media-links.ts';
import { isOverQuota } from '../accounts/quota.ts';
import { releaseAlbum } from './release.ts';

/**
 * The deleted albums of each user (spec 000 §3 Deleted album, §7 Trash; issue #13): listed,
 * restored with their files and memberships, or deleted for good. Albums are named in the
 * body, a list: each is asked of access on its own ('restoreAlbum', 'deleteAlbumForGood',
 * the owner's `inTrash` cells of [Note: Access]); one the caller may not act on is left out
 * of the answer exactly as a missing id is.
 */
export function createTrashAlbumsService(deps: {
  repos: Pick<Repositories, 'trash' | 'accounts'>;
  access: Access;
  changeWriter: ChangeWriter<Repositories>;
  transact: Transact;
  store: Pick<BlobStore, 'delete'>;
  links: MediaLinks;
  baseQuotaBytes: number;
  now: () => number;
  log: { info(object: object, message: string): void; warn(object: object, message: string): void };
}) {
  const { repos, access, changeWriter, log, now } = deps;
  const warn = (object: object, message: string) => {
    log.warn(object, message);
  };

  /** The albums among `jobIds` the caller may `action`, each once, with their grants. */
  async function allowed(caller: SignedInCaller, jobIds: readonly string[], action: JobAction) {
    const grants = [];
    for (const jobId of new Set(jobIds)) {
      const grant = await access.findGrant(caller, jobId, action);
      if (grant) grants.push(grant);
    }
    return grants;
  }

  return {
    /**
     * GET /trash_can_albums: the caller's deleted albums, the latest deletion first, each with
     * the files a restore brings back and its cover in the trashed thumbnail variant.
     */
    async list(caller: SignedInCaller): Promise<TrashAlbums> {
      const albums = await repos.trash.deletedAlbumsOf(caller.userId);
      const mine = new Set(
        (
          await allowed(
            caller,
            albums.map((album) => album.id),
            'deleteAlbumForGood',
          )
        ).map((g) => g.job.id),
      );
      const links = deps.links.forSession(caller.sessionId);
      return {
        items: albums
          .filter((album) => mine.has(album.id))
          .map((album) => ({
            id: album.id,
            name: album.title,
            media_count: album.media_count,
            dtime: Math.floor(album.deleted_at / 1000),
            cover_id: album.cover?.id ?? null,
            cover_thumb_url:
              album.cover?.media_status === 'ready' ? links.trashedThumb(album.cover.id) : null,
          })),
      };
    },

    /**
     * POST /rollback_albums: each album comes back with the files it held when it was
     * deleted (a type 0 record with is_rollback each) and an event marker, so its members'
     * views and polls see it again; memberships were never removed. Refused, like a file
     * restore, while the owner uses more than their quota (see `isOverQuota`).
     */
    async restore(caller: SignedInCaller, jobIds: readonly string[]): Promise<RollbackAlbumsResponse> {
      const success: RollbackAlbumsResponse['success'] = [];
      const grants = await allowed(caller, jobIds, 'restoreAlbum');
      if (grants.length === 0 || (await isOverQuota(repos, caller.userId, deps.baseQuotaBytes)))
        return { success };
      for (const { job } of grants) {
        const restored = await changeWriter.transact(async (tx, changes) => {
          const files = await tx.trash.restoreAlbum(job.id);
          if (!files) return false;
          const t = now();
          for (const file of files)
            await recordFileAdded(tx, changes, file, {
              by: caller.userId,
              at: t,
              isRollback: true,
              isTimeline: false,
            });
          await changes.eventMarker(job.id, { by: caller.userId, at: t, data: { event: 'restored' } });
          return true;
        });
        if (restored) success.push({ uuid: job.id });
      }
      if (success.length > 0)
        log.info({ user: caller.userId, albums: success.length }, 'trash: albums restored');
      return { success };
    },

    /**
     * DELETE /delete_albums_from_trash_can: each album goes for good with its files, by
     * [Note: Releasing storage]; answers the albums gone and the bytes freed.
     */
    async deleteForGood(caller: SignedInCaller, jobIds: readonly string[]): Promise<DeleteAlbumsResponse> {
      const success: DeleteAlbumsResponse['success'] = [];
      let freedBytes = 0;
      for (const { job } of await allowed(caller, jobIds, 'deleteAlbumForGood')) {
        if (job.deleted_at === null) continue;
        // Only this deletion: an album restored meanwhile is left alone.
        const released = await releaseAlbum(
          { repos, transact: deps.transact, store: deps.store, warn, now },
          job.id,
          job.deleted_at + 1,
        );
        freedBytes += released.freedBytes;
        if (released.gone) success.push({ uuid: job.id });
      }
      if (success.length > 0)
        log.info(
          { user: caller.userId, albums: success.length, freedBytes },
          'trash: albums deleted for good',
        );
      return { success, freed_bytes: freedBytes };
    },
  };
}
export type TrashAlbumsService = ReturnType<typeof createTrashAlbumsService>;
