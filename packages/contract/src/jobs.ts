import { z } from 'zod';
import { JobType, PrivacyMode } from './enums.ts';

/** Job info (spec 000 §3), the fields that exist so far. Times are seconds since the epoch. */
export const JobInfo = z.object({
  id: z.string(),
  type: JobType,
  title: z.string(),
  owner: z.string(),
  ctime: z.number(),
  mtime: z.number(),
  privacy_mode: PrivacyMode,
  /** Permission bits: comments 1, uploads 2 (spec 000 §9). */
  permissions: z.number().int().nonnegative(),
  /** Serial of the job's latest change record. */
  last_update: z.number().int().nonnegative(),
});
export type JobInfo = z.infer<typeof JobInfo>;

/** GET /jobs (spec 000 §7): the caller's jobs; `stories=1` lists albums only. */
export const JobListQuery = z.object({
  stories: z.enum(['0', '1']).optional(),
  include_details: z.enum(['0', '1']).optional(),
});
export const JobList = z.object({ jobs: z.array(JobInfo) });
export type JobList = z.infer<typeof JobList>;
