import { randomUUID } from 'node:crypto';
import type { CreateAlbumSettings, JobInfo, JobList } from '@trove/contract';
import { JobType, PERMISSION_BITS, PrivacyMode } from '@trove/contract';
import { canOnJob } from '../../access/access.ts';
import type { Repositories } from '../../db/repositories.ts';
import { NotFoundError } from '../../errors.ts';
import type { AuthContext } from '../sessions/sessions.service.ts';
import type { JobRow } from './jobs.repository.ts';

/** Jobs: the timeline and albums of a user (spec 000 §3, §7 Jobs). */
export function createJobsService(deps: { repos: Pick<Repositories, 'jobs'>; now: () => number }) {
  const { jobs } = deps.repos;
  return {
    /** GET /jobs/default: the caller's timeline. */
    async getDefault(auth: AuthContext): Promise<JobInfo> {
      const job = await jobs.findTimeline(auth.userId);
      if (!job || !canOnJob(auth.userId, job, 'read')) throw new NotFoundError();
      return toJobInfo(job);
    },

    /** GET /jobs/{id}: one job the caller may read. */
    async get(auth: AuthContext, jobId: string): Promise<JobInfo> {
      const job = await jobs.findById(jobId);
      if (!job || !canOnJob(auth.userId, job, 'read')) throw new NotFoundError();
      return toJobInfo(job);
    },

    /** GET /jobs: the caller's jobs; with `storiesOnly` just the albums. */
    async list(auth: AuthContext, storiesOnly: boolean): Promise<JobList> {
      const types = storiesOnly ? ['story'] : ['timeline', 'story'];
      const rows = await jobs.listOwned(auth.userId, types);
      return { jobs: rows.filter((job) => canOnJob(auth.userId, job, 'read')).map(toJobInfo) };
    },

    /** POST /jobs: a new, empty album of the caller (spec 000 §4 Album create, §5). */
    async createAlbum(auth: AuthContext, body: CreateAlbumSettings): Promise<JobInfo> {
      const t = deps.now();
      const job: JobRow = {
        id: randomUUID(),
        owner_id: auth.userId,
        type: 'story',
        title: body.title.trim(),
        privacy_mode: body.isShared ? 'shared' : 'private',
        permissions:
          (body.allow_comments ? PERMISSION_BITS.allow_comments : 0) |
          (body.allow_uploads ? PERMISSION_BITS.allow_uploads : 0),
        last_event_serial: 0,
        created_at: t,
        updated_at: t,
        deleted_at: null,
      };
      await jobs.insert(job);
      return toJobInfo(job);
    },
  };
}
export type JobsService = ReturnType<typeof createJobsService>;

function toJobInfo(job: JobRow): JobInfo {
  return {
    id: job.id,
    type: JobType.parse(job.type),
    title: job.title,
    owner: job.owner_id,
    ctime: Math.floor(job.created_at / 1000),
    mtime: Math.floor(job.updated_at / 1000),
    privacy_mode: PrivacyMode.parse(job.privacy_mode),
    permissions: job.permissions,
    last_update: job.last_event_serial,
  };
}
