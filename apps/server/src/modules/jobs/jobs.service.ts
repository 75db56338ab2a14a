import { randomUUID } from 'node:crypto';
import type { AlbumGrant, CreateAlbumSettings, JobInfo, JobList } from '@trove/contract';
import { AlbumFileSort, JobType, PERMISSION_BITS, PrivacyMode } from '@trove/contract';
import type { Access, JobGrant } from '../../access/access.ts';
import { wireRole } from '../../access/policy.ts';
import type { Repositories } from '../repositories.ts';
import { requireUserName } from '../accounts/name-rule.ts';
import { NotFoundError } from '../../errors.ts';
import { hashPassword } from '../../identity/passwords.ts';
import type { MediaLinks } from '../media/media-links.ts';
import type { Caller, SignedInCaller } from '../../access/caller.ts';
import type { AccountAccess } from '../../access/account-access.ts';
import type { JobDetails, JobRow } from './jobs.repository.ts';

/** Jobs: the timeline and albums of a user, and shared albums they visit (spec 000 §3, §7 Jobs). */
export function createJobsService(deps: {
  repos: Pick<Repositories, 'jobs' | 'accounts'>;
  access: Access;
  /** Judges what is asked outside any job: making an album (account-policy.ts `createAlbum`). */
  accountAccess: Pick<AccountAccess, 'require'>;
  links: MediaLinks;
  now: () => number;
}) {
  const { jobs } = deps.repos;
  const { access, links } = deps;

  /** The wire form of a job for the caller holding `grant`. */
  function toJobInfo(grant: JobGrant, details?: JobDetails): JobInfo {
    const { job } = grant;
    const info: JobInfo = {
      id: job.id,
      type: JobType.parse(job.type),
      title: job.title,
      owner: job.owner_id,
      owner_name: grant.ownerName,
      ctime: Math.floor(job.created_at / 1000),
      mtime: Math.floor(job.updated_at / 1000),
      privacy_mode: PrivacyMode.parse(job.privacy_mode),
      permissions: job.permissions,
      allow_comments: (job.permissions & PERMISSION_BITS.allow_comments) !== 0,
      allow_uploads: (job.permissions & PERMISSION_BITS.allow_uploads) !== 0,
      isShared: job.privacy_mode === 'shared',
      has_password: job.password_hash !== null,
      last_update: job.last_event_serial,
      sort_order: AlbumFileSort.safeParse(job.sort_order).data ?? null,
      role: wireRole(grant.role),
      currentUserCan: grant.currentUserCan(),
    };
    if (!details) return info;
    const cover = details.cover_active ? job.cover_id : details.newest_file_id;
    const thumbs = links.forSession(grant.mediaScope);
    return {
      ...info,
      cover_id: cover,
      cover_thumb_url_small: cover ? thumbs.thumb(cover, '256') : null,
      cover_thumb_url_large: cover ? thumbs.thumb(cover, '1280') : null,
      participant_count: details.participant_count,
      media_count: details.media_count,
      comment_count: details.comment_count,
      reaction_count: details.reaction_count,
      size: details.size,
      has_heic: details.has_heic,
    };
  }

  async function detailsOf(job: JobRow): Promise<JobDetails> {
    return (await jobs.detailsOf([job]))[0] ?? emptyDetails();
  }

  return {
    toJobInfo,
    detailsOf,

    /** GET /jobs/default: the caller's timeline. */
    async getDefault(auth: SignedInCaller): Promise<JobInfo> {
      const timeline = await jobs.findTimeline(auth.userId);
      if (!timeline) throw new NotFoundError();
      return toJobInfo(await access.requireJob(auth, timeline.id, 'read'));
    },

    /**
     * GET /jobs/{id}/info: one job the caller may read, signed in or visiting (spec 000 §7).
     * The errors drive the client's load status (spec 000 §4 mapping; see access.ts).
     */
    async info(caller: Caller, jobId: string, withDetails: boolean): Promise<JobInfo> {
      const grant = await access.requireJob(caller, jobId, 'read');
      return toJobInfo(grant, withDetails ? await detailsOf(grant.job) : undefined);
    },

    /**
     * GET /jobs: the caller's jobs, and the albums they take part in; with `storiesOnly`
     * just albums. With details, every album's counts and cover come from one query.
     */
    async list(auth: SignedInCaller, storiesOnly: boolean, withDetails: boolean): Promise<JobList> {
      const types = storiesOnly ? ['story'] : ['timeline', 'story'];
      const grants = access.grantsOf(auth, await jobs.listVisible(auth.userId, types), 'read');
      if (!withDetails) return { jobs: grants.map((grant) => toJobInfo(grant)) };
      const details = await jobs.detailsOf(grants.map((grant) => grant.job));
      return { jobs: grants.map((grant, i) => toJobInfo(grant, details[i])) };
    },

    /** POST /jobs: a new, empty album of the caller (spec 000 §4 Album create, §5, §7). */
    async createAlbum(auth: SignedInCaller, body: CreateAlbumSettings): Promise<JobInfo> {
      await deps.accountAccess.require(auth, 'createAlbum');
      const t = deps.now();
      const shared = body.public || body.allow_sharing === true;
      if (shared) await requireUserName(deps.repos.accounts, auth.userId);
      const job = {
        id: randomUUID(),
        owner_id: auth.userId,
        type: 'story',
        title: body.name.trim(),
        privacy_mode: shared ? 'shared' : 'private',
        permissions:
          (body.allow_comments ? PERMISSION_BITS.allow_comments : 0) |
          (body.allow_uploads ? PERMISSION_BITS.allow_uploads : 0),
        last_event_serial: 0,
        created_at: t,
        updated_at: t,
        deleted_at: null,
        cover_id: null,
        password_hash: body.password ? await hashPassword(body.password) : null,
        sort_order: null,
      };
      await jobs.insert(job);
      return toJobInfo(await access.requireJob(auth, job.id, 'read'), emptyDetails());
    },

    /** POST /jobs/{id}/auth: album password submission (see [Note: Visitors]). */
    unlock(caller: Caller, jobId: string, albumAuth: string): Promise<AlbumGrant> {
      return access.unlock(caller, jobId, albumAuth);
    },
  };
}
export type JobsService = ReturnType<typeof createJobsService>;

function emptyDetails(): JobDetails {
  return {
    participant_count: 1,
    media_count: 0,
    comment_count: 0,
    reaction_count: 0,
    size: 0,
    has_heic: false,
    newest_file_id: null,
    cover_active: false,
  };
}
