import type { Generated } from 'kysely';

/*
 * Table types of the account side (issue #24: consents, usage data, data exports, the
 * operator's tables, deletions, legacy, profile, announcements); `Database` in schema.ts
 * names them with the rest. The same rules hold: times in milliseconds, booleans 0/1.
 */

/** The account side's tables, by name (part of `Database`). */
export interface AccountDatabase {
  consent_events: ConsentEventsTable;
  client_stats: ClientStatsTable;
  user_statistics_events: UserStatisticsEventsTable;
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
  grants: GrantsTable;
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

/** Storage grants (spec 001 §3, issue #25); live while ended_at is null and expires_at not passed. */
export interface GrantsTable {
  id: string;
  user_id: string;
  /** One of GRANT_SOURCES in the contract. */
  source: string;
  /** Bytes (sizes in GB convert by 2^30, spec 001 §9); integer bytes keep sums exact. */
  size_bytes: number;
  renews_at: number | null;
  expires_at: number | null;
  stripe_product_id: string | null;
  /** Who made it: an operator's user id, or the command line's system user. */
  created_by: string;
  created_at: number;
  ended_at: number | null;
}
