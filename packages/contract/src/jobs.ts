import { z } from 'zod/mini';
import { MAX_NAME_LENGTH } from './constants.ts';
import { JobType, PrivacyMode } from './enums.ts';
import { plainText } from './text.ts';

/** The caller's role in a job as the server resolved it (spec 000 §6; see [Note: Access]). */
export const AlbumRole = z.enum(['owner', 'participant', 'readOnly', 'visitor', 'guest']);
export type AlbumRole = z.infer<typeof AlbumRole>;

/**
 * The `currentUserCan` flags of spec 000 §3 (deleteAlbum, leaveAlbum, subscribeToAlbum,
 * addPhotos, addComment, editAlbum) and the per-file flags of §3/§6 (deleteFile as "any
 * file" or "own files", setFileAsAlbumCoverPhoto, addToAlbum), computed by the server's one
 * access table. `shareFiles` and `downloadFiles` say whether the caller may share the job's
 * files (a share of them, spec 000 §6) and download them. `needsSubscription` lists the flags
 * a read-only user would have with a subscription: the client shows those buttons disabled
 * with the subscribe tooltip.
 */
export const CurrentUserCan = z.object({
  deleteAlbum: z.boolean(),
  leaveAlbum: z.boolean(),
  subscribeToAlbum: z.boolean(),
  addPhotos: z.boolean(),
  addComment: z.boolean(),
  editAlbum: z.boolean(),
  deleteAnyFile: z.boolean(),
  deleteOwnFile: z.boolean(),
  setFileAsAlbumCoverPhoto: z.boolean(),
  addToAlbum: z.boolean(),
  deleteAnyComment: z.boolean(),
  shareFiles: z.boolean(),
  downloadFiles: z.boolean(),
  needsSubscription: z.array(z.string()),
});
export type CurrentUserCan = z.infer<typeof CurrentUserCan>;

/** Album sorts of the albums list (spec 000 §2, §9). */
export const AlbumListSort = z.enum(['RECENT_ACTIVITY', 'NEWEST_CREATED', 'OLDEST_CREATED', 'NAME']);
export type AlbumListSort = z.infer<typeof AlbumListSort>;
/** File sorts of an album (spec 000 §2; the sort_order attribute of §3). */
export const AlbumFileSort = z.enum(['ADDED', 'OLDEST_TAKEN', 'NEWEST_TAKEN']);
export type AlbumFileSort = z.infer<typeof AlbumFileSort>;
/** View modes of an album (spec 000 §3). */
export const AlbumViewMode = z.enum(['grid', 'flow']);
export type AlbumViewMode = z.infer<typeof AlbumViewMode>;

/**
 * Job info (spec 000 §3 "Album / job info"). Times are seconds since the epoch. The count
 * fields, covers and sort data come with `include_details=1`.
 */
export const JobInfo = z.object({
  id: z.string(),
  type: JobType,
  title: z.string(),
  owner: z.string(),
  /** The owner's name, for "shared by" lines; empty when they have none. */
  owner_name: z.string(),
  ctime: z.number(),
  mtime: z.number(),
  privacy_mode: PrivacyMode,
  /** Permission bits: comments 1, uploads 2 (spec 000 §9). */
  permissions: z.int().check(z.nonnegative()),
  allow_comments: z.boolean(),
  allow_uploads: z.boolean(),
  /** privacy_mode is shared. */
  isShared: z.boolean(),
  /** A visitor must give the album password (spec 000 §5). */
  has_password: z.boolean(),
  /** Serial of the job's latest change record. */
  last_update: z.int().check(z.nonnegative()),
  /** The sort_order attribute (spec 000 §3); null: the default (ADDED). */
  sort_order: z.nullable(AlbumFileSort),
  role: AlbumRole,
  currentUserCan: CurrentUserCan,
  /** The cover (spec 000 §3 coverPhoto): the chosen file, else the newest. */
  cover_id: z.optional(z.nullable(z.string())),
  /** Signed thumbnail paths of the cover (256 and 1280), like a file's. */
  cover_thumb_url_small: z.optional(z.nullable(z.string())),
  cover_thumb_url_large: z.optional(z.nullable(z.string())),
  participant_count: z.optional(z.int().check(z.nonnegative())),
  media_count: z.optional(z.int().check(z.nonnegative())),
  comment_count: z.optional(z.int().check(z.nonnegative())),
  reaction_count: z.optional(z.int().check(z.nonnegative())),
  /** Total bytes of the album's files. */
  size: z.optional(z.number().check(z.nonnegative())),
  has_heic: z.optional(z.boolean()),
});
export type JobInfo = z.infer<typeof JobInfo>;

/** GET /jobs (spec 000 §7): the caller's jobs; `stories=1` lists albums only. */
export const JobListQuery = z.object({
  stories: z.optional(z.enum(['0', '1'])),
  include_details: z.optional(z.enum(['0', '1'])),
});
export const JobList = z.object({ jobs: z.array(JobInfo) });
export type JobList = z.infer<typeof JobList>;

/** GET /jobs/{id}/info (spec 000 §7). */
export const JobInfoQuery = z.object({ include_details: z.optional(z.enum(['0', '1'])) });

/** spec 000 §5: an album title is at most 255 characters. */
export const MAX_ALBUM_TITLE_LENGTH = MAX_NAME_LENGTH;

/** The value of an unnamed album's title (spec 000 §3). */
export const NEW_ALBUM_TITLE = '__new_album__';

/**
 * spec 000 §3: an empty title, or the value {@link NEW_ALBUM_TITLE}, means the album has no
 * name; it is shown as 'Unnamed album' and never as itself (issue #23).
 */
export function isUnnamedTitle(title: string): boolean {
  return title.trim() === '' || title === NEW_ALBUM_TITLE;
}

/** A 0/1 flag as the spec sends it, or a JSON boolean. */
const flag = z.pipe(
  z.union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1'])]),
  z.transform((v) => v === true || v === 1 || v === '1'),
);

/**
 * The album auth value of spec 000 §5 (base64 of 20 bytes), as the client derives it from
 * the password; the server never sees the password itself.
 */
export const AlbumAuthValue = z.string().check(z.regex(/^[A-Za-z0-9+/]{27}=$/, 'not an album auth value'));

/**
 * POST /jobs (spec 000 §7: type, name, public, allow_sharing, allow_comments, allow_uploads,
 * password). `public` makes the album shared (privacy_mode shared); comments and uploads are
 * allowed unless explicitly 0 (spec 000 §5); a shared album needs a name that is not only
 * whitespace ('album name is required for shared albums'). `password` is the album auth
 * value. `allow_sharing` is accepted and means what `public` means.
 */
export const CreateAlbumBody = z
  .object({
    type: z._default(z.literal('story'), 'story'),
    name: z._default(plainText().check(z.maxLength(MAX_ALBUM_TITLE_LENGTH)), ''),
    public: z._default(flag, false),
    allow_sharing: z.optional(flag),
    allow_comments: z._default(flag, true),
    allow_uploads: z._default(flag, true),
    password: z.optional(AlbumAuthValue),
  })
  .check(
    z.refine((body) => !(body.public || body.allow_sharing) || body.name.trim() !== '', {
      message: 'album name is required for shared albums',
      path: ['name'],
    }),
  );
/** What a client sends (every field may be left out). */
export type CreateAlbumBody = z.input<typeof CreateAlbumBody>;
/** What the server acts on: the defaults filled in. */
export type CreateAlbumSettings = z.output<typeof CreateAlbumBody>;

/** POST /jobs/{id}/name (spec 000 §7). */
export const RenameAlbumBody = z.object({ name: plainText().check(z.maxLength(MAX_ALBUM_TITLE_LENGTH)) });
/** POST /jobs/{id}/cover (spec 000 §7): the file to show as cover. */
export const SetCoverBody = z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) });
/** POST /jobs/{id}/privacy_mode (spec 000 §7): shared or private (spec 000 §4 "can be changed to private"). */
export const PrivacyModeBody = z.object({ mode: z.enum(['shared', 'private']) });
/** POST /jobs/{id}/permissions (spec 000 §7): allow_uploads or allow_comments as 1 or 0. */
export const PermissionsBody = z
  .object({ allow_uploads: z.optional(flag), allow_comments: z.optional(flag) })
  .check(
    z.refine((b) => b.allow_uploads !== undefined || b.allow_comments !== undefined, {
      message: 'allow_uploads or allow_comments is required',
    }),
  );
/** PUT /jobs/{id}/attribute/{name} (spec 000 §7): only sort_order exists (spec 000 §3). */
export const JobAttributeName = z.enum(['sort_order']);
export const JobAttributeBody = z.object({ value: AlbumFileSort });
/** POST /jobs/{id}/password (ours: spec 000 §7 shows no call to change it): '' removes it. */
export const AlbumPasswordBody = z.object({ password: z.union([AlbumAuthValue, z.literal('')]) });

/**
 * POST /jobs/{id}/auth: album password submission (spec 000 §7 "Album password submission
 * (job id and password) path is not shown"). The album auth value travels in the
 * `x-album-auth` header, never a URL; the answer is the grant the client then sends as the
 * foreign-auth value.
 */
export const ALBUM_AUTH_HEADER = 'x-album-auth';
export const AlbumGrant = z.object({ grant: z.string(), expires: z.number() });
export type AlbumGrant = z.infer<typeof AlbumGrant>;

/** Spec 000 §4 "Job info fetch error mapping": the messages the client's state machine reads. */
export const PUBLIC_JOB_AUTH_FAILED = 'public job auth failed';
export const SECURED_JOB_NO_ACCESS = 'User does not have access to secured job';

/** GET /jobs/{id}/users (spec 000 §3 Contributors: name, profile picture url, subscribed). */
export const JobUser = z.object({
  id: z.string(),
  name: z.string(),
  profile_picture_url: z.nullable(z.string()),
  subscribed: z.boolean(),
  owner: z.boolean(),
});
export type JobUser = z.infer<typeof JobUser>;
export const JobUsers = z.object({ users: z.array(JobUser) });
export type JobUsers = z.infer<typeof JobUsers>;

/** A list of file ids of one job. */
const FileIds = z
  .array(z.string().check(z.minLength(1), z.maxLength(100)))
  .check(z.minLength(1), z.maxLength(500));

/**
 * POST /jobs/{id}/copy_files: copies files the caller may read from another job into this
 * album (spec 000 §7 "copy files to an existing album", path not shown). No bytes move: the
 * album's file shares the stored content of its source.
 */
export const CopyFilesBody = z.object({
  source_job: z.string().check(z.minLength(1), z.maxLength(100)),
  file_uuids: FileIds,
});
export type CopyFilesBody = z.infer<typeof CopyFilesBody>;

/** One result per file of a copy. */
export const CopyResults = z.object({
  results: z.array(
    z.object({
      file_uuid: z.string(),
      status: z.enum(['ok', 'error']),
      /** The file's id where it was copied to, when ok. */
      new_uuid: z.optional(z.string()),
      /** Kept for the timeline copy's older clients: the same as new_uuid. */
      timeline_uuid: z.optional(z.string()),
      error_reason: z.optional(z.string()),
    }),
  ),
});
export type CopyResults = z.infer<typeof CopyResults>;

/**
 * POST /jobs/{id}/copy_to_timeline: copies files of an album to the caller's timeline
 * (spec 000 §4 Upload item; §7 "copy files to the timeline by job id and file ids", path
 * not shown). A file the timeline already has is answered with that file, never copied
 * twice. A participant's file becomes the caller's own, counted against their storage.
 */
export const CopyToTimelineBody = z.object({ file_uuids: FileIds });
export type CopyToTimelineBody = z.infer<typeof CopyToTimelineBody>;
export const CopyToTimelineResponse = CopyResults;
export type CopyToTimelineResponse = CopyResults;

/** POST /jobs/{id}/keep-files (spec 000 §7): plain text, file ids separated by newlines. */
export function parseKeepFiles(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** GET/PUT/DELETE /options/{name} (spec 000 §7 Options): e.g. an album's view mode. */
export const OptionName = z.string().check(z.regex(/^[A-Za-z0-9_.:-]{1,200}$/));
export const OptionBody = z.object({ value: z.string().check(z.maxLength(1000)) });
export const OptionValue = z.object({ name: z.string(), value: z.nullable(z.string()) });
export type OptionValue = z.infer<typeof OptionValue>;
/** The option holding one album's view mode. */
export const viewModeOption = (albumId: string) => `album_view_mode.${albumId}`;
