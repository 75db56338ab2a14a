import { z } from 'zod';
import { JobType, PrivacyMode } from './enums.ts';
import { plainText } from './text.ts';

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

/** spec 000 §5: an album title is at most 255 characters. */
export const MAX_ALBUM_TITLE_LENGTH = 255;

/**
 * POST /jobs: a new album (spec 000 §7 "create an album from … a settings object with title,
 * allow_uploads, allow_comments, isShared"; its path is not shown, so it is ours). Comments
 * and uploads are allowed unless explicitly false (spec 000 §5); a shared album needs a
 * title that is not only whitespace ('album name is required for shared albums').
 */
export const CreateAlbumBody = z
  .object({
    title: plainText().max(MAX_ALBUM_TITLE_LENGTH).default(''),
    isShared: z.boolean().default(false),
    allow_comments: z.boolean().default(true),
    allow_uploads: z.boolean().default(true),
  })
  .refine((body) => !body.isShared || body.title.trim() !== '', {
    message: 'album name is required for shared albums',
    path: ['title'],
  });
/** What a client sends (every field may be left out). */
export type CreateAlbumBody = z.input<typeof CreateAlbumBody>;
/** What the server acts on: the defaults filled in. */
export type CreateAlbumSettings = z.output<typeof CreateAlbumBody>;

/**
 * POST /jobs/{id}/copy_to_timeline: copies files of an album to the caller's timeline
 * (spec 000 §4 Upload item "if the item also targets the timeline, the file is copied to the
 * timeline"; §7 "copy files to the timeline by job id and file ids", path not shown). A file
 * the timeline already has is answered with that file, never copied twice.
 */
export const CopyToTimelineBody = z.object({
  file_uuids: z.array(z.string().min(1).max(100)).min(1).max(500),
});
export type CopyToTimelineBody = z.infer<typeof CopyToTimelineBody>;
export const CopyToTimelineResponse = z.object({
  results: z.array(
    z.object({
      file_uuid: z.string(),
      status: z.enum(['ok', 'error']),
      /** The file's id in the timeline, when ok. */
      timeline_uuid: z.string().optional(),
      error_reason: z.string().optional(),
    }),
  ),
});
export type CopyToTimelineResponse = z.infer<typeof CopyToTimelineResponse>;
