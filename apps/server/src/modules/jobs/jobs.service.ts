import type { JobInfo, JobList } from '@trove/contract';
import { JobType, PrivacyMode } from '@trove/contract';
import { canOnJob } from '../../access/access.ts';
import { NotFoundError } from '../../errors.ts';
import type { AuthContext } from '../sessions/sessions.service.ts';
import type { JobRow, JobsRepository } from './jobs.repository.ts';

/** Jobs: the timeline and albums of a user (spec 000 §3, §7 Jobs). */
export function createJobsService(deps: { jobs: JobsRepository }) {
  const { jobs } = deps;
  return {
    /** GET /jobs/default: the caller's timeline. */
    async getDefault(auth: AuthContext): Promise<JobInfo> {
      const job = await jobs.findTimeline(auth.userId);
      if (!job || !canOnJob(auth.userId, job, 'read')) throw new NotFoundError();
      return toJobInfo(job);
    },

    /** GET /jobs: the caller's jobs; with `storiesOnly` just the albums. */
    async list(auth: AuthContext, storiesOnly: boolean): Promise<JobList> {
      const types = storiesOnly ? ['story'] : ['timeline', 'story'];
      const rows = await jobs.listOwned(auth.userId, types);
      return { jobs: rows.filter((job) => canOnJob(auth.userId, job, 'read')).map(toJobInfo) };
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
