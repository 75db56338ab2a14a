import type { Selectable } from 'kysely';
import type { CurrentUserCan } from '@trove/contract';
import type { JobsTable } from '../db/schema.ts';
import { NotFoundError, PasswordRequiredError, SecuredJobError } from '../errors.ts';
import { verifyPassword } from '../identity/passwords.ts';
import { deriveKey } from '../identity/crypto.ts';
import {
  clientAddressKey,
  createThrottle,
  type Throttle,
  type ThrottlePolicy,
} from '../identity/throttle.ts';
import type { Caller } from './caller.ts';
import { allows, currentUserCan, type JobAction, type Role, type Situation } from './policy.ts';
import { createGuestTokens, type GuestTokens } from './guest-tokens.ts';
import { createVisitorGrants, mediaScope, parseMediaScope, type VisitorGrants } from './visitor-grants.ts';

export type { JobAction, Role } from './policy.ts';

type JobRow = Selectable<JobsTable>;

/** A job with what access needs to know of one caller: their membership and account. */
export interface JobForAccess {
  job: JobRow;
  ownerName: string;
  /** The caller's membership, if they ever subscribed. */
  member: { subscribed: number } | undefined;
  /** The caller is a read-only user (spec 001 §6); false when signed out. */
  readOnlyUser: boolean;
  /** The job's owner's account is disabled: the job is nobody's ([Note: Disabled accounts]). */
  ownerDisabled?: boolean;
  /** For a share made from an album: that album's owner (role sourceOwner). */
  sourceOwnerId?: string | null;
}

/**
 * The one read access makes (the jobs repository answers it): the job and the caller's
 * standing in it. A port, so `access/` needs nothing from the modules above it.
 */
export interface JobReader {
  findForCaller(id: string, userId: string | null): Promise<JobForAccess | undefined>;
}

/** The caller's standing in one job, resolved once per request. */
export interface JobGrant {
  job: JobRow;
  ownerName: string;
  role: Role;
  situation: Situation;
  can(action: JobAction): boolean;
  /** May the caller delete this file of the job? Own files or any (spec 000 §6). */
  canDeleteFile(file: { added_by: string }): boolean;
  currentUserCan(): CurrentUserCan;
  /** The `sid` to sign this caller's media URLs with (see [Note: Visitors]). */
  mediaScope: string;
  /** The guest the caller is in this album (role guest), see [Note: Guests]. */
  guestId: string | null;
  /** Is the caller who wrote this comment (or gave this love): the user, or the guest? */
  isAuthor(row: CommentAuthor): boolean;
  /** May the caller edit this comment? Only its author (spec 000 §6). */
  canEditComment(comment: CommentAuthor): boolean;
  /** May the caller delete this comment? Its author, or the album's owner (spec 000 §6). */
  canDeleteComment(comment: CommentAuthor): boolean;
}

/** Who wrote a comment: a user or a guest of the album. */
export interface CommentAuthor {
  user_id: string | null;
  guest_id: string | null;
}

/**
 * Wrong album and share passwords (issue #23: the shared budget must not be a weapon).
 * - `client`: each guessing client address, across all albums: 5 free, then a doubling wait
 *   up to an hour, forgotten after a quiet day. It is checked first, and a right password pays
 *   back only its own unit, so opening one's own album buys no guesses at another.
 * - `clientOnJob`: the client's tries at this one album, which a right password clears.
 * - `job`: the album's shared budget against guessing from many addresses: 20, then up to
 *   15 minutes. It gates only clients that already failed `ownTries` times here; a first
 *   try is never refused for others' failures (it is still charged when wrong).
 */
export const ALBUM_PASSWORD_THROTTLE = {
  client: { free: 5, baseDelayMs: 1000, maxDelayMs: 3_600_000, resetMs: 86_400_000 },
  clientOnJob: { free: 5, baseDelayMs: 1000, maxDelayMs: 3_600_000, resetMs: 86_400_000 },
  job: { free: 20, baseDelayMs: 1000, maxDelayMs: 15 * 60_000, resetMs: 3_600_000 },
} satisfies Record<string, ThrottlePolicy>;

/** Failed tries of one client at one album before the album's shared budget gates it: typos. */
export const OWN_TRIES_BEFORE_SHARED_BUDGET = 2;

/**
 * The one place that decides (see [Note: Access]). Every service asks `requireJob` before
 * it acts; a caller without the right gets the answer a missing id gets, except the two
 * answers spec 000 §4 needs: a shared album's password prompt, and RECENTLY_DELETED for
 * those who owned or took part in a deleted album.
 */
export function createAccess(deps: {
  jobs: JobReader;
  grants: VisitorGrants;
  guests: GuestTokens;
  throttle: Throttle;
  now: () => number;
}) {
  const { jobs, grants, guests, throttle, now } = deps;

  type Resolved =
    | { kind: 'grant'; grant: JobGrant }
    | { kind: 'missing' }
    | { kind: 'password'; job: JobRow }
    | { kind: 'secured' };

  async function resolve(caller: Caller, jobId: string): Promise<Resolved> {
    return decide(caller, await jobs.findForCaller(jobId, caller.userId));
  }

  function decide(caller: Caller, found: JobForAccess | undefined): Resolved {
    if (!found) return { kind: 'missing' };
    const { job, member, ownerName, readOnlyUser } = found;
    const isOwner = caller.userId !== null && job.owner_id === caller.userId;
    // A share has no members (a membership row naming one means nothing).
    const subscribed = member?.subscribed === 1 && job.type !== 'share';
    const deleted = job.deleted_at !== null;
    // A deleted album is its owner's to restore or delete for good (the `inTrash` cells);
    // its members are told it was deleted (spec 000 §4 RECENTLY_DELETED), others nothing.
    if (deleted && !isOwner) return subscribed ? { kind: 'secured' } : { kind: 'missing' };
    // A disabled account's jobs, its shares too, are nobody's while it is: the owner cannot
    // sign in, and what they shared stops ([Note: Disabled accounts], [Note: Derived shares]).
    if (found.ownerDisabled === true) return { kind: 'missing' };
    const isAlbum = job.type === 'story';
    const hasGrant = () =>
      caller.foreignAuth !== null && grants.verify(caller.foreignAuth, job.id, job.auth_epoch);
    let role: Role;
    if (job.type === 'share') {
      // A stopped or expired share is nobody's (spec 000 §9: 30 days); it has no members.
      if (!isLiveShare(job, now())) return { kind: 'missing' };
      if (isOwner) role = 'sharer';
      // The owner of the album a member shared from needs no password: the share shows only
      // files of their album ([Note: Derived shares]).
      else if (caller.userId !== null && found.sourceOwnerId === caller.userId) role = 'sourceOwner';
      else if (job.password_hash !== null && !hasGrant()) return { kind: 'password', job };
      else role = 'recipient';
    } else if (isOwner) role = 'owner';
    else if (!isAlbum || job.privacy_mode !== 'shared') role = 'none';
    else if (subscribed) role = readOnlyUser ? 'readOnly' : 'participant';
    else if (job.password_hash !== null && !hasGrant()) return { kind: 'password', job };
    else role = caller.userId !== null && readOnlyUser ? 'readOnly' : 'visitor';
    if (role === 'none') return { kind: 'missing' };
    // A visitor without an account who holds this album's guest token is that guest.
    const guestId =
      role === 'visitor' && caller.userId === null && caller.guestAuth
        ? guests.verify(caller.guestAuth, job.id, job.auth_epoch)
        : null;
    if (guestId !== null) role = 'guest';
    const isAuthor = (comment: CommentAuthor) =>
      (caller.userId !== null && comment.user_id === caller.userId) ||
      (guestId !== null && comment.guest_id === guestId);
    const situation: Situation = {
      role,
      isAlbum,
      shared: job.privacy_mode === 'shared',
      permissions: job.permissions,
      signedIn: caller.userId !== null,
      readOnlyUser,
      member: subscribed,
      deleted,
    };
    const grant: JobGrant = {
      job,
      ownerName,
      role,
      situation,
      can: (action) => allows(situation, action),
      canDeleteFile: (file) =>
        allows(situation, 'deleteAnyFile') ||
        (caller.userId !== null && file.added_by === caller.userId && allows(situation, 'deleteOwnFile')),
      currentUserCan: () => currentUserCan(situation),
      mediaScope: mediaScope(caller.sessionId, role === 'owner' ? null : job.auth_epoch),
      guestId,
      isAuthor,
      canEditComment: (comment) => isAuthor(comment) && allows(situation, 'editOwnComment'),
      canDeleteComment: (comment) =>
        allows(situation, 'deleteAnyComment') || (isAuthor(comment) && allows(situation, 'deleteOwnComment')),
    };
    return { kind: 'grant', grant };
  }

  /**
   * A grant of the job when `value` is its password (or it has none); throttled tries, the
   * guessing client's budgets first (see ALBUM_PASSWORD_THROTTLE).
   */
  async function checkPassword(caller: Caller, job: JobRow, value: string, kind: 'album' | 'share') {
    if (job.password_hash === null) return grants.issue(job.id, job.auth_epoch);
    const address = clientAddressKey(caller.clientIp);
    const client = { key: `${kind}-client:${address}`, policy: ALBUM_PASSWORD_THROTTLE.client };
    const clientOnJob = {
      key: `${kind}-client:${job.id}:${address}`,
      policy: ALBUM_PASSWORD_THROTTLE.clientOnJob,
    };
    const shared = { key: `${kind}:${job.id}`, policy: ALBUM_PASSWORD_THROTTLE.job };
    const gatedByShared = (await throttle.outstanding(clientOnJob)) >= OWN_TRIES_BEFORE_SHARED_BUDGET;
    const reservation = await throttle.reserve(
      gatedByShared ? [client, clientOnJob, shared] : [client, clientOnJob],
    );
    // Fails closed: a hash that cannot be read verifies nothing.
    const ok = await verifyPassword(job.password_hash, value).catch(() => false);
    if (!ok) {
      if (!gatedByShared) await throttle.charge(shared);
      throw new PasswordRequiredError();
    }
    await reservation.succeeded([clientOnJob.key]);
    return grants.issue(job.id, job.auth_epoch);
  }

  return {
    /**
     * The caller's grant on the job if they may do `action` there.
     * @throws NotFoundError when the job is missing or the caller may not (the same answer);
     *   PasswordRequiredError when a shared album wants its password;
     *   SecuredJobError when the album was deleted and the caller owned or took part in it.
     */
    async requireJob(caller: Caller, jobId: string, action: JobAction): Promise<JobGrant> {
      const resolved = await resolve(caller, jobId);
      switch (resolved.kind) {
        case 'grant':
          if (resolved.grant.can(action)) return resolved.grant;
          // The owner of a deleted album is told so by every other action (spec 000 §4).
          if (resolved.grant.situation.deleted) throw new SecuredJobError();
          throw new NotFoundError();
        case 'password':
          throw new PasswordRequiredError();
        case 'secured':
          throw new SecuredJobError();
        case 'missing':
          throw new NotFoundError();
      }
    },

    /** The grants of jobs read in bulk (a list), skipping those the caller may not `action`. */
    grantsOf(caller: Caller, found: readonly JobForAccess[], action: JobAction): JobGrant[] {
      return found.flatMap((one) => {
        const resolved = decide(caller, one);
        return resolved.kind === 'grant' && resolved.grant.can(action) ? [resolved.grant] : [];
      });
    },

    /** The grant or undefined, never throwing: for lists that skip what the caller may not see. */
    async findGrant(caller: Caller, jobId: string, action: JobAction): Promise<JobGrant | undefined> {
      const resolved = await resolve(caller, jobId);
      return resolved.kind === 'grant' && resolved.grant.can(action) ? resolved.grant : undefined;
    },

    /** A token naming `guestId` as a guest of the grant's album (see [Note: Guests]). */
    issueGuestToken(grant: JobGrant, guestId: string) {
      return guests.issue(grant.job.id, guestId, grant.job.auth_epoch);
    },

    /**
     * Album password submission (see [Note: Visitors]): the album auth value against the
     * stored hash, throttled per album and client. A wrong value, and an album that has no
     * password or is not shared, answer alike: 'public job auth failed'.
     */
    async unlock(caller: Caller, jobId: string, albumAuth: string) {
      const found = await jobs.findForCaller(jobId, caller.userId);
      const job = found?.job;
      if (!job || job.deleted_at !== null || job.type !== 'story' || job.privacy_mode !== 'shared')
        throw new NotFoundError();
      return checkPassword(caller, job, albumAuth, 'album');
    },

    /**
     * Share password submission (spec 000 §5: sent as entered), the same way: a live share's
     * password against its hash, throttled per share and client; a grant for the foreign-auth
     * header. A stopped, expired or unknown share is not found, whatever the password.
     */
    async unlockShare(caller: Caller, shareId: string, password: string) {
      const job = (await jobs.findForCaller(shareId, caller.userId))?.job;
      if (job?.type !== 'share' || !isLiveShare(job, now())) throw new NotFoundError();
      return checkPassword(caller, job, password, 'share');
    },
  };
}
export type Access = ReturnType<typeof createAccess>;

/** A share opens until it is stopped (deleted) or its time is up (spec 000 §9). */
export function isLiveShare(job: Pick<JobRow, 'deleted_at' | 'expires_at'>, now: number): boolean {
  return job.deleted_at === null && job.expires_at !== null && now < job.expires_at;
}

/**
 * May `maker` still share from `source` (an album or a timeline) as it is now? The answer
 * the `share` cell gives them, without a grant: visitors never share (the cell is false;
 * docs/SPEC-DEVIATIONS.md), so no password enters it. A share made from a job lives only as
 * long as this holds for its maker ([Note: Derived shares]).
 */
export function maySourceShare(
  source: Pick<JobRow, 'type' | 'owner_id' | 'deleted_at' | 'privacy_mode' | 'permissions'>,
  maker: { userId: string; subscribed: boolean; readOnlyUser: boolean },
): boolean {
  const isAlbum = source.type === 'story';
  const shared = source.privacy_mode === 'shared';
  let role: Role;
  if (maker.userId === source.owner_id) role = 'owner';
  else if (!isAlbum || !shared) role = 'none';
  else if (maker.subscribed) role = maker.readOnlyUser ? 'readOnly' : 'participant';
  else role = maker.readOnlyUser ? 'readOnly' : 'visitor';
  if (source.type === 'share') role = 'none';
  return allows(
    {
      role,
      isAlbum,
      shared,
      permissions: source.permissions,
      signedIn: true,
      readOnlyUser: maker.readOnlyUser,
      member: maker.subscribed,
      deleted: source.deleted_at !== null,
    },
    'share',
  );
}

/**
 * May a signed media URL of a file of this job be served? A signature stands for the read
 * access its file had when it was signed: it opens nothing once the job is gone, and a
 * non-owner's (whose `sid` names the album's epoch) nothing once the album stopped being
 * shared or its password changed (see [Note: Media URLs], [Note: Visitors]).
 */
export function canServeSignedMedia(
  job: Pick<JobRow, 'type' | 'deleted_at' | 'expires_at' | 'privacy_mode' | 'auth_epoch'>,
  sid: string,
  now: number,
): boolean {
  if (job.deleted_at !== null) return false;
  // A share's URLs stop with the share, its owner's too (issue #15).
  if (job.type === 'share' && !isLiveShare(job, now)) return false;
  const { epoch } = parseMediaScope(sid);
  if (epoch === null) return true;
  return job.privacy_mode === 'shared' && epoch === job.auth_epoch;
}

/**
 * May the trashed thumbnail variant (spec 000 §7) of a file be served? Only while the file is
 * in its owner's trash: trashed in a live job, or in a deleted album (whose cover the trash's
 * albums show); and only to the owner's session, whose `sid` names no album epoch.
 */
export function canServeTrashedMedia(
  file: { state: string },
  job: Pick<JobRow, 'deleted_at'>,
  sid: string,
): boolean {
  const inTrash = job.deleted_at !== null || file.state === 'trashed';
  return inTrash && parseMediaScope(sid).epoch === null;
}

/**
 * The access of a process outside the HTTP app (seed, worker, tests): visitor grants signed
 * with `secret`, password tries throttled in the same table the app uses.
 */
export function accessFor(
  repos: { jobs: JobReader; throttle: Parameters<typeof createThrottle>[0] },
  secret: Buffer,
  now: () => number = Date.now,
): Access {
  return createAccess({
    jobs: repos.jobs,
    grants: createVisitorGrants(deriveKey(secret, 'album-grants'), now),
    guests: createGuestTokens(deriveKey(secret, 'album-guests'), now),
    throttle: createThrottle(repos.throttle, now),
    now,
  });
}
