import type { Generated } from 'kysely';

/**
 * Table types of the database, shared by SQLite and PostgreSQL. Times are milliseconds
 * since the epoch (bigint); booleans are integers 0/1 so both engines read them alike.
 */
export interface Database {
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
  consent_events: ConsentEventsTable;
  client_stats: ClientStatsTable;
  user_statistics_events: UserStatisticsEventsTable;
  archives: ArchivesTable;
  data_exports: DataExportsTable;
  data_export_entries: DataExportEntriesTable;
  instance_claims: InstanceClaimsTable;
  audit_log: AuditLogTable;
  tos_versions: TosVersionsTable;
  tos_acceptances: TosAcceptancesTable;
  cards: CardsTable;
  card_dismissals: CardDismissalsTable;
  account_deletions: AccountDeletionsTable;
  digital_legacy: DigitalLegacyTable;
  profile_pictures: ProfilePicturesTable;
  account_attributes: AccountAttributesTable;
  announcements: AnnouncementsTable;
  announcement_recipients: AnnouncementRecipientsTable;
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
  is_read_only: Generated<number>;
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

/** A resumable (tus) upload in progress; its bytes so far live in DATA_DIR/resumable/<id>. */
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

/**
 * One thing a user said about a consent (spec 001 §3 Privacy consents), append-only: the
 * latest event of a key is its value, no event means not given. See [Note: Consent events].
 */
export interface ConsentEventsTable {
  user_id: string;
  /** The user's events in order, from 1. */
  seq: number;
  key: string;
  /** 0 or 1. */
  value: number;
  /** settings, email_consent, one_click or migrated. */
  source: string;
  created_at: number;
}

/** One client statistics report (spec 001 §7 POST /client_stats), kept only under help_us_improve. */
export interface ClientStatsTable {
  id: string;
  user_id: string;
  /** JSON object of flat string, number and boolean values. */
  stats: string;
  created_at: number;
}

/** A usage event of a user who consented to help_us_improve (spec 001 §7 user_statistics_events). */
export interface UserStatisticsEventsTable {
  id: string;
  user_id: string;
  name: string;
  /** The page's path, ids replaced by placeholders. */
  path: string | null;
  /** JSON object of flat string, number and boolean properties. */
  props: string;
  /** When the client saw it, milliseconds since the epoch. */
  client_time: number | null;
  created_at: number;
}

/** A data export of an account (issue #24, see [Note: Data export]); the cooldown runs from created_at. */
export interface DataExportsTable {
  id: string;
  user_id: string;
  created_at: number;
  /** The manifest is whole; null while the request is making it. */
  ready_at: number | null;
  /** The last sign of life of the request making it. */
  updated_at: number;
  /** Downloadable, and resumable, until then. */
  expires_at: number;
  entry_count: Generated<number>;
  directory_offset: Generated<number>;
  directory_size: Generated<number>;
  /** The zip's length in bytes. */
  size: Generated<number>;
  /** The zip's name as downloaded. */
  file_name: string;
  /** JSON array of the files left out and why; manifest.json lists them. */
  omitted: Generated<string>;
}

/** One entry of a data export's zip, in order (`seq`): the frozen manifest. */
export interface DataExportEntriesTable {
  export_id: string;
  seq: number;
  name: string;
  size: number;
  crc32: number;
  sha256: string;
  mtime: number;
  /** Where its local header starts in the zip. */
  offset: number;
  /** Where its header starts in the central directory. */
  dir_offset: number;
  /** Stored bytes to read (see Originals.sourceOf), the manifest (`manifest:`), or null: `body`. */
  source: string | null;
  /** A JSON document made when the export was requested. */
  body: string | null;
}

/** An instance-wide claim made once (the first account becoming the operator). */
export interface InstanceClaimsTable {
  name: string;
  user_id: string;
  claimed_at: number;
}

/** What an operator did (issue #24), append-only; it names accounts by id, never by a key. */
export interface AuditLogTable {
  id: string;
  at: number;
  /** The operator's account; null when the CLI acted. */
  actor_id: string | null;
  /** Who acted as the log shows it: the operator's e-mail then, or `cli:<system user>`. */
  actor_label: string;
  action: string;
  target_type: string;
  target_id: string | null;
  /** JSON object of what else the action needs said (a version, a card's title). */
  details: string;
}

/** A published version of the terms of service (spec 001 §3 ToS object, §4 Terms). */
export interface TosVersionsTable {
  version: string;
  /** Publication order; the highest is the latest. */
  seq: number;
  /** JSON object: locale -> the terms in that language. */
  texts: string;
  published_at: number;
}

export interface TosAcceptancesTable {
  user_id: string;
  version: string;
  accepted_at: number;
}

/** A full-screen message card (spec 001 §3 Message card) with its audience and window. */
export interface CardsTable {
  id: string;
  /** JSON of the card's client_values. */
  client_values: string;
  /** all, read_only, brand or language. */
  audience: string;
  /** The brand id or the locale of a brand or language audience; null otherwise. */
  audience_value: string | null;
  starts_at: number;
  /** Null: until the operator ends it. */
  ends_at: number | null;
  created_at: number;
}

export interface CardDismissalsTable {
  user_id: string;
  card_id: string;
  dismissed_at: number;
}

/** One account deletion and its progress (issue #24, see [Note: Account deletion]). */
export interface AccountDeletionsTable {
  /** The account's id; no foreign key: this row outlives the account row. */
  user_id: string;
  /** Where the confirmation goes: the address at request time; '' once it was sent. */
  email: string;
  /** The language of the confirmation. */
  locale: string;
  /** scheduled (restorable), running, failed (its work item gave up) or done. */
  state: string;
  /** The next stage to run (`DELETION_STAGES`); `done` at the end. */
  stage: string;
  /** The work item that runs it, removed by a restore. */
  work_item_id: string | null;
  requested_at: number;
  /** When the grace period ends and the job may start. */
  due_at: number;
  /** Attempts that failed so far, and the last one's error, for the operator. */
  attempts: Generated<number>;
  last_error: string | null;
  updated_at: number;
  finished_at: number | null;
}

/** A user's digital legacy (spec 001 §3): one row, the latest choice. */
export interface DigitalLegacyTable {
  user_id: string;
  choice: string;
  /** The language the user chose it in (spec 001 §7 payload `language`). */
  language: string;
  /** JSON array of the contacts (spec 001 §3 Contact). */
  contacts: string;
  updated_at: number;
}

/** An account's profile picture (spec 001 §3 User profile; migration 0020). */
export interface ProfilePicturesTable {
  user_id: string;
  /** Grows with each new picture; signed URLs name it. */
  version: number;
  /** The bytes as received (the data export's copy). */
  store_key: string;
  size: number;
  /** jpeg, png or webp, read from the bytes. */
  format: string;
  /** The served rendition: JPEG, at most PROFILE_PICTURE_THUMB_PX, no metadata. */
  thumb_key: string;
  thumb_size: number;
  updated_at: number;
}

/** One account attribute (spec 001 §3: key and value; migration 0020). */
export interface AccountAttributesTable {
  user_id: string;
  key: string;
  value: string;
  updated_at: number;
}

/** An operator announcement and its progress (issue #24; migration 0023). */
export interface AnnouncementsTable {
  id: string;
  subject: string;
  text: string;
  locale: string | null;
  /** The audit log's actor label of who sent it. */
  created_by: string;
  created_at: number;
  /** Consenting accounts when it was queued; recipients are read again at sending time. */
  total: number;
  sent: Generated<number>;
  failed: Generated<number>;
  /** 'sending' until the work item has reached every recipient, then 'done'. */
  state: string;
  finished_at: number | null;
}

/**
 * One recipient of an announcement: written ('sending') before the message goes, then 'sent'
 * or 'failed'. A row left 'sending' by a crash is counted failed, never sent again.
 */
export interface AnnouncementRecipientsTable {
  announcement_id: string;
  user_id: string;
  state: string;
  at: number;
}
