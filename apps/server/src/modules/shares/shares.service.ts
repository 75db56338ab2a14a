import { randomBytes } from 'node:crypto';
import {
  SHARE_LINK_DAYS,
  SHARE_MAX_FILES,
  type AlbumGrant,
  type CreatedShare,
  type ShareInfo,
} from '@trove/contract';
import type { Access } from '../../access/access.ts';
import type { Caller, SignedInCaller } from '../../access/caller.ts';
import type { Repositories } from '../repositories.ts';
import { NotFoundError } from '../../errors.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { hashPassword } from '../../identity/passwords.ts';
import { WORK_CHANNEL } from '../../queue/work-queue.ts';
import type { ChangeWriter } from '../changes/change-writer.ts';
import type { MediaLinks } from '../media/media-links.ts';
import { fileViewerOf } from '../files/file-records.ts';
import { toRemoteFile } from '../files/files.service.ts';
import type { JobRow } from '../jobs/jobs.repository.ts';
import { insertCopies } from '../uploads/copies.service.ts';

const DAY_MS = 86_400_000;
const seconds = (ms: number) => Math.floor(ms / 1000);

/**
 * [Note: Shares]
 *
 * A share (spec 000 §3 Share, §7 "create a share from files") is a job of type `share`:
 * - its files are copies of the chosen ones naming the same stored bytes ([Note: Copies]):
 *   it costs nobody storage, and it is downloaded and added to a timeline by the calls every
 *   job has. A photo its owner moves from their timeline to the trash leaves their live
 *   shares at once (files.service `trash`): deleting means the link stops showing it. A
 *   restore does not put it back; otherwise a share keeps what was chosen;
 * - it records the job and each file it was made from, and lives no longer than its maker
 *   may share from there: the owner of the timeline or album, or an album's participant,
 *   never a visitor ([Note: Derived shares]);
 * - its id is the link's secret, 24 random bytes (192 bits, ASVS 11.5.1), never derived;
 * - it opens for SHARE_LINK_DAYS days (`expires_at`); stopping it marks it deleted. Both end
 *   it for everyone at once, its signed media URLs too (`canServeSignedMedia`), and the
 *   purge later removes its rows ([Note: Releasing storage]: the originals keep their bytes);
 * - an optional password, as entered (spec 000 §5), is kept as an Argon2id hash; recipients
 *   trade it for a grant (`access.unlockShare`), as visitors of a password album do.
 * Who may do what is the access table's `sharer` and `recipient` rows ([Note: Access]).
 */
export function createSharesService(deps: {
  repos: Pick<Repositories, 'accounts' | 'files' | 'jobs'>;
  access: Access;
  changeWriter: ChangeWriter<Repositories>;
  links: MediaLinks;
  bus: EventBus;
  now: () => number;
}) {
  const { repos, access, changeWriter, links, now } = deps;

  return {
    /**
     * POST /shares: a share of files of a job the caller may share from (their timeline, an
     * album). Every file must be active there: a share is never made of less than was chosen.
     */
    async create(
      caller: SignedInCaller,
      body: { source_job: string; file_uuids: readonly string[]; password?: string | undefined },
    ): Promise<CreatedShare> {
      const { job: source } = await access.requireJob(caller, body.source_job, 'share');
      const ids = [...new Set(body.file_uuids)];
      const files = await repos.files.findActiveByIds(source.id, ids);
      if (files.length !== ids.length) throw new NotFoundError();
      // Hashed before the transaction: a slow hash must not hold the database.
      const passwordHash = body.password === undefined ? null : await hashPassword(body.password);
      const t = now();
      const share: JobRow = {
        id: randomBytes(24).toString('base64url'),
        owner_id: caller.userId,
        type: 'share',
        title: '',
        privacy_mode: 'shared',
        permissions: 0,
        last_event_serial: 0,
        created_at: t,
        updated_at: t,
        deleted_at: null,
        cover_id: null,
        password_hash: passwordHash,
        auth_epoch: 0,
        sort_order: null,
        purge_started_at: null,
        expires_at: t + SHARE_LINK_DAYS * DAY_MS,
        // What it was made from: it lives and dies with its maker's access there.
        source_job_id: source.id,
      };
      // A few statements for any number of files: a share of 500 is one multi-row insert.
      const { queued } = await changeWriter.transact(async (tx, changes) => {
        await tx.jobs.insert(share);
        const copies = files.map((file) => ({ source: file, blobId: file.blob_id }));
        return insertCopies(tx, changes, copies, { target: share, by: caller.userId, at: t, derived: true });
      });
      if (queued) await deps.bus.publish(WORK_CHANNEL, 'media');
      return { id: share.id, expires: seconds(share.expires_at ?? t) };
    },

    /**
     * GET /shares/{id} (spec 000 §3 Share): owner, pictures and videos (thumbFiles), documents
     * (docFiles), with media URLs signed for this caller. The owner's e-mail is the owner's.
     */
    async info(caller: Caller, shareId: string): Promise<ShareInfo> {
      const grant = await access.requireJob(caller, shareId, 'readShare');
      const { job } = grant;
      const owner = await repos.accounts.findById(job.owner_id);
      if (!owner) throw new NotFoundError();
      const rows = await repos.files.listActive(shareId, { sort: 'NEWEST_TAKEN' }, SHARE_MAX_FILES);
      const sessionLinks = links.forSession(grant.mediaScope);
      const viewer = fileViewerOf(caller, job);
      const files = rows.map((row) => toRemoteFile(row, sessionLinks, viewer));
      const isOwner = grant.role === 'sharer';
      return {
        id: job.id,
        owner: { userID: owner.id, name: owner.name, email: isOwner ? owner.email : null },
        ctime: seconds(job.created_at),
        expires: seconds(job.expires_at ?? job.created_at),
        has_password: job.password_hash !== null,
        is_owner: isOwner,
        can_copy: grant.can('copyToTimeline'),
        thumbFiles: files.filter((file) => file.type !== 'Documents'),
        docFiles: files.filter((file) => file.type === 'Documents'),
      };
    },

    /** POST /shares/{id}/auth: the share password as entered, for a grant (see [Note: Visitors]). */
    unlock(caller: Caller, shareId: string, password: string): Promise<AlbumGrant> {
      return access.unlockShare(caller, shareId, password);
    },

    /**
     * DELETE /shares/{id} (spec 000 §6 Share owner "stop sharing"): the share ends for
     * everyone now; the purge removes its rows later.
     */
    async stop(caller: SignedInCaller, shareId: string): Promise<void> {
      await access.requireJob(caller, shareId, 'stopSharing');
      const t = now();
      await changeWriter.transact(async (tx, changes) => {
        await tx.jobs.update(shareId, { deleted_at: t, updated_at: t });
        await changes.eventMarker(shareId, { by: caller.userId, at: t, data: { event: 'stopped' } });
      });
    },
  };
}
export type SharesService = ReturnType<typeof createSharesService>;
