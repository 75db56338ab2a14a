import type { Generated } from 'kysely';
import type { AccountDatabase } from './schema-account.ts';
import type { BillingDatabase } from './schema-billing.ts';

/**
 * Table types of the database, shared by SQLite and PostgreSQL. Times are milliseconds
 * since the epoch (bigint); booleans are integers 0/1 so both engines read them alike.
 */
export interface Database extends AccountDatabase, BillingDatabase {
  users: UsersTable;
  sessions: SessionsTable;
  login_requests: LoginRequestsTable;
  auth_throttle: AuthThrottleTable;
  jobs: JobsTable;
  job_members: JobMembersTable;
  user_options: UserOptionsTable;
  job_guests: JobGuestsTable;
  comments: CommentsTable;
  reactions: ReactionsTable;
  blobs: BlobsTable;
  files: FilesTable;
  job_events: JobEventsTable;
  derivatives: DerivativesTable;
  work_items: WorkItemsTable;
  resumable_uploads: ResumableUploadsTable;
  resumable_parts: ResumablePartsTable;
  backup_holds: BackupHoldsTable;
  archives: ArchivesTable;
  server_secrets: ServerSecretsTable;
  cast_receivers: CastReceiversTable;
}

export interface UsersTable {
  id: string;
  email: string;
  name: string;
  password_hash: string | null;
  oidc_issuer: string | null;
  oidc_subject: string | null;
  /** Null means the configured base quota. */
  max_space: number | null;
  used_space: Generated<number>;
  picture_count: Generated<number>;
  screenshot_count: Generated<number>;
  video_count: Generated<number>;
  document_count: Generated<number>;
  /** Derived (0026): operator_read_only or billing_read_only; what every reader reads. */
  is_read_only: Generated<number>;
  /** The operator's flag (`trove admin read-only`). */
  operator_read_only: Generated<number>;
  /** Billing's: a plan ended unpaid and more is stored than the quota (billing.sync.ts). */
  billing_read_only: Generated<number>;
  /** An operator's limit in bytes (`trove quota`); when set it replaces base + grants (0024). */
  space_override: Generated<number | null>;
  disabled_at: number | null;
  /** Set while the account waits for its deletion (see [Note: Account deletion]). */
  deletion_requested_at: Generated<number | null>;
  created_at: number;
  /** 1 for an operator (issue #24, see [Note: Operators]). */
  is_operator: Generated<number>;
  /** When an inactive account will be deleted; null unless sunset deletion marked it ([Note: Sunset deletion]). */
  sunset_delete_date: Generated<number | null>;
  /** How many of the configured sunset warnings went out for this date. */
  sunset_warnings: Generated<number>;
  /** The language of the last sign-in (the warnings' language); null before 0021. */
  locale: Generated<string | null>;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  /** SHA-256 of the token; the token itself is never stored. */
  token_hash: string;
  device_id: string;
  device_name: string;
  created_at: number;
  last_used_at: number;
  revoked_at: number | null;
  /** When the user last proved who they are for this session (sign-in), ms; see [Note: Fresh login]. */
  authenticated_at: number;
}

/** A login in progress: preflight → identity provider → one-time code → token. */
export interface LoginRequestsTable {
  id: string;
  state_hash: string;
  /** SHA-256 of the HttpOnly cookie of the browser that started the login. */
  browser_hash: string;
  code_challenge: string;
  redirect_uri: string;
  redir: string;
  locale: string;
  utm_source: string | null;
  screen: string;
  device_id: string;
  device_name: string;
  oidc_verifier: string | null;
  oidc_nonce: string | null;
  /** `login` when the client asked for the password again (fresh login); null otherwise. */
  prompt: string | null;
  /** When the identity provider checked who the user is (ms); set with the code. */
  authenticated_at: number | null;
  user_id: string | null;
  code_hash: string | null;
  code_expires_at: number | null;
  consumed_at: number | null;
  created_at: number;
  expires_at: number;
}

export interface AuthThrottleTable {
  key: string;
  failures: number;
  window_start: number;
  locked_until: number;
}

export interface JobsTable {
  id: string;
  owner_id: string;
  type: string;
  title: string;
  privacy_mode: string;
  permissions: number;
  last_event_serial: Generated<number>;
  created_at: number;
  updated_at: number;
  /** Moved to the trash (spec 000 §4 RECENTLY_DELETED); files and members are kept. */
  deleted_at: number | null;
  /** The album's cover photo (spec 000 §3 coverPhoto, cover_id); null: its newest file. */
  cover_id: string | null;
  /** Argon2id hash of the album auth value (spec 000 §5); null: no password. */
  password_hash: string | null;
  /** Bumped to end every visitor grant and visitor media URL (see [Note: Visitors]). */
  auth_epoch: Generated<number>;
  /** The sort_order attribute (spec 000 §3, §7 attribute); null: the default. */
  sort_order: string | null;
  /** A deleted album being deleted for good, batch by batch: no restore any more (issue #13). */
  purge_started_at: number | null;
  /** A share stops opening at this time (spec 000 §9: 30 days); null for albums and timelines. */
  expires_at: number | null;
  /** The job a share was made from ([Note: Derived shares]); null for every other job. */
  source_job_id: string | null;
}

/** A user who takes part in an album (spec 000 §6 participants, §7 subscribe). */
export interface JobMembersTable {
  job_id: string;
  user_id: string;
  /** 1 while subscribed; 0 after leaving (the row keeps their files attributed). */
  subscribed: number;
  created_at: number;
  updated_at: number;
}

/** A visitor who gave a name (or none) to comment on one album (spec 000 §6). */
export interface JobGuestsTable {
  id: string;
  job_id: string;
  /** '' when they continued as guest without a name. */
  name: string;
  created_at: number;
}

/** A comment on a file of an album (spec 000 §3 Comment); by a user or a guest. */
export interface CommentsTable {
  id: string;
  job_id: string;
  file_id: string;
  user_id: string | null;
  guest_id: string | null;
  /** As written; rendered as text, never HTML. */
  text: string;
  created_at: number;
  /** When the author last edited it (spec 000 §4: the (edited) label); null: never. */
  edited_at: number | null;
}

/** A love on a file (spec 000 §3 Reaction); one per person and file. */
export interface ReactionsTable {
  job_id: string;
  file_id: string;
  /** 'u:<user id>' or 'g:<guest id>'. */
  actor: string;
  user_id: string | null;
  guest_id: string | null;
  reaction: string;
  created_at: number;
}

/** One option of a user (spec 000 §7 Options, e.g. an album's view mode). */
export interface UserOptionsTable {
  user_id: string;
  name: string;
  value: string;
  updated_at: number;
}

/** One stored content of one owner; files of that owner with the same bytes share it. */
export interface BlobsTable {
  id: string;
  owner_id: string;
  store_key: string;
  size: number;
  sha1: string;
  /** SHA-256 of the stored bytes, for scrubbing; the worker computes it after the upload. */
  sha256: string | null;
  /** CRC-32 of the bytes, for zip archives (see [Note: Zip layout]); computed once, later. */
  crc32: number | null;
  created_at: number;
}

/** A file in a job (spec 000 §3 File). Times are milliseconds since the epoch. */
export interface FilesTable {
  id: string;
  job_id: string;
  blob_id: string;
  /** Who added this row: the uploader, or the copier of a copy. */
  added_by: string;
  /**
   * Who uploaded the bytes (see [Note: Copies]); where the photo was taken is theirs alone.
   * Null only in rows written without it: read through `uploaderOf`.
   */
  uploaded_by: string | null;
  /** The file a share's file was made from ([Note: Derived shares]); null elsewhere. */
  source_file_id: string | null;
  path: string;
  name: string;
  /** Pictures, Movies or Documents (spec 000 §3). */
  type: string;
  size: number;
  sha1: string;
  ctime: number;
  mtime: number;
  uploaded_at: number;
  /** When the picture was taken (EXIF), else the file's mtime: the timeline's order. */
  taken_at: number;
  /** YYYYMM of taken_at in UTC (see `monthOf` of the contract); written with taken_at, never alone. */
  taken_month: number;
  width: Generated<number>;
  height: Generated<number>;
  duration: Generated<number>;
  is_screenshot: Generated<number>;
  group_type: string | null;
  group_id: string | null;
  master: Generated<number>;
  /** JSON of camera metadata (spec 000 §3 Metadata), once read. */
  metadata: string | null;
  /** Base64 thumbhash placeholder, once the media worker has made the thumbnails. */
  thumbhash: string | null;
  /** pending, ready or failed: the media pipeline's progress. */
  media_status: string;
  /** active or trashed (spec 000 §3 file existence). */
  state: string;
  dtime: number | null;
}

/** The change log of a job (spec 000 §3 Job change record). */
export interface JobEventsTable {
  job_id: string;
  serial: number;
  type: number;
  file_id: string | null;
  user_id: string | null;
  payload: string;
  created_at: number;
}

/** Thumbnails and video variants derived from a blob. */
export interface DerivativesTable {
  blob_id: string;
  kind: string;
  store_key: string;
  size: number;
  content_type: string;
  /** CRC-32 of the bytes, computed the first time an archive needs it. */
  crc32: number | null;
  created_at: number;
}

/** An archive prepared for download (issue #14): what its signed URL streams. */
export interface ArchivesTable {
  id: string;
  job_id: string | null;
  user_id: string | null;
  /** download, export or takeout (spec 000 §7), or trash. */
  mode: string;
  /** JSON array of file ids, in the order asked. */
  file_ids: string;
  /** JSON of ArchiveOptions. */
  options: string;
  /** The archive's file name, without `.zip`. */
  name: string;
  created_at: number;
  expires_at: number;
}

/** Work of the embedded queue, kept in the database so it survives restarts. */
export interface WorkItemsTable {
  id: string;
  kind: string;
  payload: string;
  state: string;
  attempts: Generated<number>;
  run_after: number;
  locked_until: number | null;
  last_error: string | null;
  created_at: number;
}

/**
 * A resumable (tus) upload in progress. Its bytes so far live in DATA_DIR/resumable/<id> (fs
 * store) or as parts in the blob store (resumable_parts), see [Note: Resumable uploads].
 */
export interface ResumableUploadsTable {
  id: string;
  user_id: string;
  job_id: string;
  length: number;
  /** Bytes received and fsynced: what a client may resume from. */
  offset: number;
  fields: string;
  result: string | null;
  created_at: number;
  updated_at: number;
}

/** One PATCH's bytes of a resumable upload whose parts live in the blob store. */
export interface ResumablePartsTable {
  upload_id: string;
  /** Where these bytes start in the upload. */
  offset: number;
  size: number;
  store_key: string;
  created_at: number;
}

/** A secret the server made or adopted, shared by every node (migration 0028, [Note: Server secret]). */
export interface ServerSecretsTable {
  name: string;
  /** The secret's bytes, base64. */
  value: string;
  /** `generated`, or `data_dir` when adopted from a node's DATA_DIR key file. */
  source: string;
  created_at: number;
}

/** A running `trove backup`: while it has not expired, no stored bytes are deleted ([Note: Backup hold]). */
export interface BackupHoldsTable {
  id: string;
  /** Host and process id of the backup, for the operator's eyes. */
  holder: string;
  started_at: number;
  /** Renewed while the backup runs; a crashed backup's hold lapses at this time. */
  expires_at: number;
}

/** The account side's tables live in schema-account.ts; importers keep naming them here. */
export type * from './schema-account.ts';

/**
 * A TV receiver page and, once paired, what its sender casts (issue #27, [Note: Casting] in
 * modules/cast/cast.service.ts). The secret and the code are kept as SHA-256 only.
 */
export interface CastReceiversTable {
  id: string;
  secret_hash: string;
  /** The pairing code's hash while it may be used: short-lived, cleared when used. */
  code_hash: string | null;
  code_expires_at: number;
  created_at: number;
  /** The paired account and the session whose media scope signs the receiver's URLs. */
  user_id: string | null;
  session_id: string | null;
  media_scope: string | null;
  paired_at: number | null;
  /** The sender's last call: the pairing ends after CAST_IDLE_MS without one. */
  sender_seen_at: number | null;
  /** The cast queue: a job and its files (a JSON array of ids). */
  job_id: string | null;
  file_ids: string | null;
  item_index: number;
  playing: number;
  autoplay: number;
  position_ms: number;
  /** Counts the sender's messages; the receiver applies the playback when it grows. */
  serial: number;
  /** When the receiver last reported where it is. */
  reported_at: number | null;
}
