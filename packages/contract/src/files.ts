import { z } from 'zod/mini';
import { DuplicatePolicy } from './enums.ts';
import { ChangeType } from './changes.ts';
import { AlbumFileSort } from './jobs.ts';
import { plainText } from './text.ts';

/** A file as the server describes it (spec 000 §3 File). Times are seconds since the epoch. */
export const RemoteFile = z.object({
  id: z.string(),
  job: z.string(),
  /** The uploader's path with folders for the job's owner and the uploader; the name alone for others (issue #23). */
  path: z.string(),
  name: z.string(),
  size: z.number(),
  checksum: z.string(),
  ctime: z.number(),
  mtime: z.number(),
  /** When the server acknowledged the upload. */
  uploaded: z.number(),
  /** When the picture or video was taken (EXIF), else mtime: the timeline's order. */
  taken: z.number(),
  /** 0 means picture (spec 000 §3). */
  duration: z.number(),
  /** Who added it, for the job's owner and the uploader themself; '' for everyone else (issue #23). */
  user_uuid: z.string(),
  width: z.number(),
  height: z.number(),
  type: z.enum(['Pictures', 'Movies', 'Documents']),
  is_screenshot: z.boolean(),
  group_type: z.nullable(z.enum(['live', 'burst'])),
  group_id: z.nullable(z.string()),
  master: z.boolean(),
  /** pending until thumbnails exist, ready after, failed when the content cannot be decoded. */
  media_status: z.enum(['pending', 'ready', 'failed']),
  /** Base64 thumbhash: a blurred placeholder to paint before the thumbnail arrives. */
  thumbhash: z.nullable(z.string()),
  /**
   * Signed paths (spec 000 §3 thumbURLSmall/thumbURLLarge, §7 files_by_id) to put after the
   * thumb, app or video host of the service directory. They need no token and expire after
   * a few hours; a fresh listing gives fresh ones. Thumbnails are null until ready.
   */
  thumb_url_small: z.nullable(z.string()),
  thumb_url_large: z.nullable(z.string()),
  /** The original bytes (add `download=1` for an attachment). */
  file_url: z.string(),
  /** A JPEG of a HEIC original (spec 000 §7 `to_jpeg`), for browsers that cannot show HEIC. */
  jpeg_url: z.nullable(z.string()),
  /** Low-quality MP4 for playback and hover preview (spec 000 §7 `sub`); Movies only, once ready. */
  video_url: z.nullable(z.string()),
});
export type RemoteFile = z.infer<typeof RemoteFile>;

/** A field of the metadata answer: one of another type is left out, not a failure. */
const metadataText = z.catch(z.optional(z.string()), undefined);
const metadataNumber = z.catch(z.optional(z.number()), undefined);

/**
 * GET /jobs/{id}/metadata/{fileId} (spec 000 §3 Metadata): the camera facts, and where the
 * photo was taken for its uploader alone; `{}` until the media worker read the file.
 */
export const FileMetadata = z.object({
  manufacturer: metadataText,
  model: metadataText,
  iso: metadataNumber,
  aperture: metadataNumber,
  exposure: metadataNumber,
  focal_length: metadataNumber,
  latitude: metadataNumber,
  longitude: metadataNumber,
});
export type FileMetadata = z.infer<typeof FileMetadata>;

/**
 * GET /jobs/{id}/files_by_id/{fileId}/albums (issue #27): the caller's albums that hold the
 * file's content and take photos from the caller, by name; the photo editor puts its copy
 * of a photo there too.
 */
export const FileAlbums = z.object({
  albums: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type FileAlbums = z.infer<typeof FileAlbums>;

/** Multipart fields of POST /jobs/{id}/upload (spec 000 §7); the file part is `file`. */
export const UploadFields = z.object({
  path: plainText().check(z.minLength(1), z.maxLength(4096)),
  mtime: z.optional(z.pipe(z.coerce.number(), z.int()).check(z.nonnegative())),
  ctime: z.optional(z.pipe(z.coerce.number(), z.int()).check(z.nonnegative())),
  policy: z._default(DuplicatePolicy, 'no_duplicates'),
  /** Optional SHA-1 (hex) the client computed; checked against the received bytes. */
  checksum: z.optional(
    z.pipe(
      z.string().check(z.regex(/^[0-9a-fA-F]{40}$/)),
      z.transform((v) => v.toLowerCase()),
    ),
  ),
  group_type: z.optional(z.enum(['live', 'burst'])),
  group_id: z.optional(plainText().check(z.minLength(1), z.maxLength(200))),
  master: z.optional(z.enum(['0', '1'])),
});
export type UploadFields = z.infer<typeof UploadFields>;

/** Body of POST /jobs/{id}/files_dedup (spec 000 §7). */
export const FilesDedupBody = z.object({
  path: plainText().check(z.minLength(1), z.maxLength(4096)),
  checksum: z.pipe(
    z.string().check(z.regex(/^[0-9a-fA-F]{40}$/)),
    z.transform((v) => v.toLowerCase()),
  ),
  mtime: z.optional(z.pipe(z.coerce.number(), z.int()).check(z.nonnegative())),
  ctime: z.optional(z.pipe(z.coerce.number(), z.int()).check(z.nonnegative())),
  policy: z._default(DuplicatePolicy, 'no_duplicates'),
  group_id: z.optional(plainText().check(z.minLength(1), z.maxLength(200))),
  group_type: z.optional(z.enum(['live', 'burst'])),
  master: z.optional(z.union([z.literal(0), z.literal(1), z.enum(['0', '1'])])),
  want_json: z.optional(z.union([z.boolean(), z.enum(['0', '1', 'true', 'false'])])),
});
export type FilesDedupBody = z.infer<typeof FilesDedupBody>;

/**
 * Answer of an upload or a dedup (spec 000 §4 Upload item, server side): `processing` means
 * stored and being processed (client: BackendSucceeded); `exists` means the job already has
 * it (Succeeded); `deleted`/`trashed` mean it was removed before and the policy says not to
 * bring it back (FileWasDeleted); `not_found` (dedup only) means the bytes must be sent.
 */
export const UploadResult = z.object({
  status: z.enum(['processing', 'exists', 'deleted', 'trashed', 'not_found']),
  uuid: z.nullable(z.string()),
});
export type UploadResult = z.infer<typeof UploadResult>;

/** GET /jobs/{id}/files (spec 000 §7) with a cursor so no answer is giant. */
/**
 * Type filters of the timeline (spec 000 §2): `all` is every photo and video (no
 * documents), `only_images` pictures and screenshots, `screenshots` screenshots alone.
 * The recents filters are `uploaded_since`, not a type.
 */
export const TIMELINE_FILTERS = ['all', 'only_images', 'only_videos', 'screenshots'] as const;
export type TimelineFilter = (typeof TIMELINE_FILTERS)[number];

export const FilesQuery = z.object({
  recursive: z.optional(z.string()),
  /** Bounds of the taken time, seconds, inclusive start and exclusive end. */
  start: z.optional(z.pipe(z.coerce.number(), z.int())),
  end: z.optional(z.pipe(z.coerce.number(), z.int())),
  uploaded_since: z.optional(z.pipe(z.coerce.number(), z.int())),
  /** The timeline filters of spec 000 §2; absent lists every type, documents included. */
  filter: z.optional(z.enum(TIMELINE_FILTERS)),
  limit: z._default(z.pipe(z.coerce.number(), z.int()).check(z.minimum(1), z.maximum(5000)), 1000),
  cursor: z.optional(z.string().check(z.maxLength(200))),
  /**
   * The order (spec 000 §2 album sorts): ADDED newest upload first, OLDEST_TAKEN and
   * NEWEST_TAKEN by taken time. Absent: an album's sort_order attribute if set, else
   * newest taken first (the timeline's order). A cursor only continues the order it came from.
   */
  sort: z.optional(AlbumFileSort),
});
export type FilesQuery = z.infer<typeof FilesQuery>;

export const FileList = z.object({ files: z.array(RemoteFile), next_cursor: z.nullable(z.string()) });
export type FileList = z.infer<typeof FileList>;
/**
 * FileList with its files not yet checked, for a client that checks a long page one slice
 * at a time between tasks (the web's checkInSlices) rather than in one long task.
 */
export const UncheckedFileList = z.object({
  files: z.array(z.unknown()),
  next_cursor: z.nullable(z.string()),
});

/**
 * GET /jobs/{id}/timeline/months: per year and month (of the taken time, UTC), newest
 * first, how many pictures, videos, screenshots and documents there are. The timeline
 * sizes its scroll bar from it and fetches each month's files with start/end and a cursor.
 */
export const TimelineMonth = z.object({
  year: z.int(),
  month: z.int().check(z.minimum(1), z.maximum(12)),
  /** Unix seconds of the month's first and next month's first instant: the files query bounds. */
  start: z.number(),
  end: z.number(),
  pictures: z.int(),
  videos: z.int(),
  screenshots: z.int(),
  documents: z.int(),
});
export type TimelineMonth = z.infer<typeof TimelineMonth>;
export const TimelineMonths = z.object({ months: z.array(TimelineMonth) });
export type TimelineMonths = z.infer<typeof TimelineMonths>;

/** One change record (spec 000 §3 Job change record), in the order of its serial. */
export const JobChange = z.object({
  serial: z.number(),
  type: z.union([
    z.literal(ChangeType.FileAdded),
    z.literal(ChangeType.FileRemoved),
    z.literal(ChangeType.Comment),
    z.literal(ChangeType.EventMarker),
    z.literal(ChangeType.Reaction),
  ]),
  timestamp: z.number(),
  data: z.record(z.string(), z.unknown()),
});
export type JobChange = z.infer<typeof JobChange>;

/**
 * The fields of a type 0 record's `data` that clients read (the server writes more: the
 * file's path, size, times, dimensions, group). `media_status` is the file's at the time of
 * the record, so a file whose processing gave up ends its wait on a `failed` record; records
 * written before the field existed lack it.
 */
export const FileAddedData = z.looseObject({
  id: z.string(),
  is_rollback: z.optional(z.boolean()),
  media_status: z.optional(RemoteFile.shape.media_status),
});
export type FileAddedData = z.infer<typeof FileAddedData>;

export const ChangesResponse = z.object({ changes: z.array(JobChange), last_serial: z.number() });
export type ChangesResponse = z.infer<typeof ChangesResponse>;

/** POST /jobs/{id}/multi_rollback (spec 000 §7). */
export const MultiRollbackBody = z.object({
  file_uuids: z
    .array(z.string().check(z.minLength(1), z.maxLength(100)))
    .check(z.minLength(1), z.maxLength(1000)),
});
export const MultiRollbackResponse = z.object({
  results: z.array(
    z.object({
      file_uuid: z.string(),
      status: z.enum(['ok', 'error']),
      error_reason: z.optional(z.string()),
    }),
  ),
  quota: z.object({ used_space: z.number(), max_space: z.number() }),
});
export type MultiRollbackResponse = z.infer<typeof MultiRollbackResponse>;

/**
 * The video check (spec 000 §4 Video transcode, §7 "a v-check returns result queued or
 * ready"): `queued` while the preview is being made, `ready` once `video_url` plays,
 * `error` when the video could not be read (the client shows ERROR).
 */
export const VideoCheckResponse = z.object({ result: z.enum(['queued', 'ready', 'error']) });
export type VideoCheckResponse = z.infer<typeof VideoCheckResponse>;
