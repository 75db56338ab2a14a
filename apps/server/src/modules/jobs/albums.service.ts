import type { AlbumFileSort, JobInfo, JobUsers, OkResponse, ServiceDirectory } from '@trove/contract';
import { PERMISSION_BITS } from '@trove/contract';
import type { Access, JobAction, JobGrant } from '../../access/access.ts';
import type { Caller, SignedInCaller } from '../../access/caller.ts';
import { currentUserCan, wireRole } from '../../access/policy.ts';
import type { Repositories } from '../repositories.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import { hashPassword } from '../../identity/passwords.ts';
import type { ChangeRecorder, ChangeWriter } from '../changes/change-writer.ts';
import { reconcileDerivedShares } from '../shares/derived-shares.ts';
import type { JobsService } from './jobs.service.ts';
import { requireUserName } from '../accounts/name-rule.ts';

type Tx = Repositories;

/** spec 000 §5: a shared album needs a name that is not only whitespace. */
const NAME_REQUIRED = 'album name is required for shared albums';

/**
 * Managing an album (spec 000 §4, §6, §7 Jobs): rename, cover, privacy, permissions,
 * password, sort order, subscribe and leave, members, delete. Each asks access for its
 * action first (see [Note: Access]) and changes the album in one transaction with a type 11
 * event marker (`{ event }`), so the album's serial moves and its long polls wake (see
 * [Note: Change records]); each answers the album as the caller now sees it.
 */
export function createAlbumsService(deps: {
  repos: Pick<Repositories, 'jobs' | 'accounts'>;
  access: Access;
  changeWriter: ChangeWriter<Repositories>;
  jobs: JobsService;
  directory: ServiceDirectory;
  /** The signed picture URLs of an album's people ([Note: Profile pictures]); none without. */
  pictures?: {
    memberPictureUrls(userIds: readonly string[], scope: string, jobId: string): Promise<Map<string, string>>;
  };
  now: () => number;
}) {
  const { access, changeWriter, now } = deps;

  /** The fresh JobInfo with details, as the caller reads the album now. */
  async function infoFor(caller: Caller, jobId: string): Promise<JobInfo> {
    const grant = await access.requireJob(caller, jobId, 'read');
    return deps.jobs.toJobInfo(grant, await deps.jobs.detailsOf(grant.job));
  }

  /**
   * Asks access for `action`, runs `change` with a transaction and writes the `event`
   * marker in it, then answers the fresh info.
   */
  async function mutate(
    caller: SignedInCaller,
    jobId: string,
    action: JobAction,
    event: string,
    change: (tx: Tx, grant: JobGrant, t: number, changes: ChangeRecorder) => Promise<void>,
  ): Promise<JobInfo> {
    const grant = await access.requireJob(caller, jobId, action);
    await changeWriter.transact(async (tx, changes) => {
      const t = now();
      await change(tx, grant, t, changes);
      await changes.eventMarker(jobId, { by: caller.userId, at: t, data: { event } });
    });
    return infoFor(caller, jobId);
  }

  return {
    /** POST /jobs/{id}/name. */
    rename(caller: SignedInCaller, jobId: string, name: string): Promise<JobInfo> {
      return mutate(caller, jobId, 'rename', 'name', async (tx, { job }, t) => {
        const title = name.trim();
        if (title === '' && job.privacy_mode === 'shared') throw new ValidationError(NAME_REQUIRED);
        await tx.jobs.update(jobId, { title, updated_at: t });
      });
    },

    /** POST /jobs/{id}/cover: an active file of the album becomes its cover. */
    setCover(caller: SignedInCaller, jobId: string, fileId: string): Promise<JobInfo> {
      return mutate(caller, jobId, 'setCover', 'cover', async (tx, _grant, t) => {
        const file = await tx.files.findFile(jobId, fileId);
        if (file?.state !== 'active') throw new NotFoundError();
        await tx.jobs.update(jobId, { cover_id: file.id, updated_at: t });
      });
    },

    /**
     * POST /jobs/{id}/privacy_mode: shared or private (spec 000 §4). Making it private ends
     * every visitor grant and visitor media URL at once (see [Note: Visitors]); members keep
     * their membership, and take part again if it is shared again.
     */
    changePrivacy(caller: SignedInCaller, jobId: string, mode: 'shared' | 'private'): Promise<JobInfo> {
      return mutate(caller, jobId, 'changePrivacy', 'privacy', async (tx, { job }, t, changes) => {
        if (mode === 'shared' && job.title.trim() === '') throw new ValidationError(NAME_REQUIRED);
        if (mode === 'shared' && job.privacy_mode !== 'shared')
          await requireUserName(tx.accounts, caller.userId);
        await tx.jobs.update(jobId, { privacy_mode: mode, updated_at: t });
        if (mode === 'private' && job.privacy_mode !== 'private') await tx.jobs.bumpAuthEpoch(jobId);
        // Only the owner may share from a private album ([Note: Derived shares]).
        await reconcileDerivedShares(tx, changes, jobId, { by: caller.userId, at: t });
      });
    },

    /** POST /jobs/{id}/permissions: allow_uploads and/or allow_comments (spec 000 §9 bits). */
    changePermissions(
      caller: SignedInCaller,
      jobId: string,
      body: { allow_uploads?: boolean | undefined; allow_comments?: boolean | undefined },
    ): Promise<JobInfo> {
      return mutate(caller, jobId, 'changePermissions', 'permissions', async (tx, { job }, t) => {
        let permissions = job.permissions;
        for (const key of ['allow_uploads', 'allow_comments'] as const) {
          const value = body[key];
          if (value === undefined) continue;
          permissions = value ? permissions | PERMISSION_BITS[key] : permissions & ~PERMISSION_BITS[key];
        }
        await tx.jobs.update(jobId, { permissions, updated_at: t });
      });
    },

    /** PUT /jobs/{id}/attribute/sort_order. */
    changeSortOrder(caller: SignedInCaller, jobId: string, value: AlbumFileSort): Promise<JobInfo> {
      return mutate(caller, jobId, 'changeSortOrder', 'sort_order', async (tx, _grant, t) => {
        await tx.jobs.update(jobId, { sort_order: value, updated_at: t });
      });
    },

    /**
     * POST /jobs/{id}/password: the album auth value to ask of visitors, '' for none. Every
     * visitor grant and visitor media URL ends (see [Note: Visitors]); members stay.
     */
    async setPassword(caller: SignedInCaller, jobId: string, albumAuth: string): Promise<JobInfo> {
      const hash = albumAuth === '' ? null : await hashPassword(albumAuth);
      return mutate(caller, jobId, 'changePrivacy', 'password', async (tx, _grant, t, changes) => {
        await tx.jobs.update(jobId, { password_hash: hash, updated_at: t });
        await tx.jobs.bumpAuthEpoch(jobId);
        await reconcileDerivedShares(tx, changes, jobId, { by: caller.userId, at: t });
      });
    },

    /**
     * POST /jobs/{id}/subscribe: a visitor of a shared album (with its grant where it has a
     * password) takes part in it (spec 000 §6).
     */
    subscribe(caller: SignedInCaller, jobId: string): Promise<JobInfo> {
      return mutate(caller, jobId, 'subscribe', 'members', async (tx, _grant, t) => {
        await tx.jobs.subscribe(jobId, caller.userId, t);
      });
    },

    /**
     * POST /jobs/{id}/unsubscribe: leaves the album; the files the user added stay, theirs
     * (files.added_by). Answers the album as they now see it; when it wants a password they
     * no longer hold, as a visitor who gave it would (the answer of a call that succeeded).
     */
    async unsubscribe(caller: SignedInCaller, jobId: string): Promise<JobInfo> {
      const before = await access.requireJob(caller, jobId, 'leave');
      await changeWriter.transact(async (tx, changes) => {
        const t = now();
        await tx.jobs.unsubscribe(jobId, caller.userId, t);
        // Their signed media URLs end now, not when they expire (issue #23): members' `sid`
        // names the epoch ([Note: Visitors]). Everyone else's URLs and grants end too; a
        // listing signs new ones, and a password album asks its visitors again.
        await tx.jobs.bumpAuthEpoch(jobId);
        await changes.eventMarker(jobId, { by: caller.userId, at: t, data: { event: 'members' } });
        // What they shared from it ends with their part in it ([Note: Derived shares]).
        await reconcileDerivedShares(tx, changes, jobId, { by: caller.userId, at: t });
      });
      const after = await access.findGrant(caller, jobId, 'read');
      if (after) return deps.jobs.toJobInfo(after, await deps.jobs.detailsOf(after.job));
      const job = (await deps.repos.jobs.findById(jobId)) ?? before.job;
      const situation = {
        ...before.situation,
        role: before.situation.readOnlyUser ? ('readOnly' as const) : ('visitor' as const),
        member: false,
      };
      const info = deps.jobs.toJobInfo({ ...before, job }, await deps.jobs.detailsOf(job));
      return { ...info, role: wireRole(situation.role), currentUserCan: currentUserCan(situation) };
    },

    /**
     * GET /jobs/{id}/users: the owner first, then everyone who subscribed (spec 000 §3
     * Contributors), with whether they still take part and their picture's signed URL.
     */
    async listMembers(caller: Caller, jobId: string): Promise<JobUsers> {
      const { job, ownerName, mediaScope } = await access.requireJob(caller, jobId, 'listMembers');
      const members = await deps.repos.jobs.listMembers(jobId);
      const ids = [job.owner_id, ...members.map((member) => member.user_id)];
      const pictures = deps.pictures
        ? await deps.pictures.memberPictureUrls(ids, mediaScope, jobId)
        : new Map<string, string>();
      return {
        users: [
          {
            id: job.owner_id,
            name: ownerName,
            profile_picture_url: pictures.get(job.owner_id) ?? null,
            subscribed: true,
            owner: true,
          },
          ...members
            .filter((member) => member.user_id !== job.owner_id)
            .map((member) => ({
              id: member.user_id,
              name: member.name,
              profile_picture_url: pictures.get(member.user_id) ?? null,
              subscribed: member.subscribed === 1,
              owner: false,
            })),
        ],
      };
    },

    /**
     * DELETE /jobs/{id}: the album goes to the trash (spec 000 §4 RECENTLY_DELETED); its
     * files and memberships stay, so the owner and participants learn it was deleted.
     */
    async deleteAlbum(caller: SignedInCaller, jobId: string): Promise<OkResponse> {
      await access.requireJob(caller, jobId, 'deleteAlbum');
      await changeWriter.transact(async (tx, changes) => {
        const t = now();
        await tx.jobs.update(jobId, { deleted_at: t });
        await changes.eventMarker(jobId, { by: caller.userId, at: t, data: { event: 'deleted' } });
        await reconcileDerivedShares(tx, changes, jobId, { by: caller.userId, at: t });
      });
      return { ok: true };
    },

    /** GET /jobs/{id}/service: the service directory, for whoever may read the album. */
    async service(caller: Caller, jobId: string): Promise<ServiceDirectory> {
      await access.requireJob(caller, jobId, 'read');
      return deps.directory;
    },
  };
}
export type AlbumsService = ReturnType<typeof createAlbumsService>;
