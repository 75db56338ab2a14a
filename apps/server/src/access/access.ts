import type { JobRow } from '../modules/jobs/jobs.repository.ts';

/**
 * [Note: Access] Every permission rule lives here, as one table of role x action. Services
 * ask before they act; a denial is reported as "not found" so that another user's ids look
 * exactly like ids that do not exist (docs/ARCHITECTURE.md, "Default deny").
 */
export type JobRole = 'owner' | 'none';
export type JobAction = 'read' | 'upload' | 'deleteFile' | 'restoreFile';

const JOB_POLICY: Record<JobRole, Record<JobAction, boolean>> = {
  owner: { read: true, upload: true, deleteFile: true, restoreFile: true },
  none: { read: false, upload: false, deleteFile: false, restoreFile: false },
};

export function jobRole(userId: string, job: Pick<JobRow, 'owner_id' | 'deleted_at'>): JobRole {
  return job.owner_id === userId && job.deleted_at === null ? 'owner' : 'none';
}

export function canOnJob(
  userId: string,
  job: Pick<JobRow, 'owner_id' | 'deleted_at'>,
  action: JobAction,
): boolean {
  return JOB_POLICY[jobRole(userId, job)][action];
}

/**
 * May a signed media URL of a file of this job be served? A signature stands for the read
 * access its file had when it was signed, so it opens nothing once the job is gone: the
 * owner's read is asked again, as if the owner fetched it (see [Note: Media URLs]).
 */
export function canServeSignedMedia(job: Pick<JobRow, 'owner_id' | 'deleted_at'>): boolean {
  return canOnJob(job.owner_id, job, 'read');
}
