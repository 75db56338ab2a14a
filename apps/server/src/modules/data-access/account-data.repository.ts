import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A job whose files go into an export: the timeline, or an album the account has files in. */
export interface ExportJobRow {
  id: string;
  type: string;
  title: string;
  owner_id: string;
  created_at: number;
  deleted_at: number | null;
}

/** A file of the account with what its zip entry and sidecar are made of. */
export interface ExportFileRow {
  id: string;
  job_id: string;
  name: string;
  path: string;
  type: string;
  size: number;
  sha1: string;
  ctime: number;
  mtime: number;
  uploaded_at: number;
  taken_at: number;
  taken_month: number;
  width: number;
  height: number;
  duration: number;
  is_screenshot: number;
  metadata: string | null;
  state: string;
  dtime: number | null;
  added_by: string;
  uploaded_by: string | null;
  blob_id: string;
  store_key: string;
  /** The stored bytes' length: what the zip holds. */
  blob_size: number;
  crc32: number | null;
  sha256: string | null;
}

/** Where a page of a job's files goes on from: after this (taken_at, id). */
export interface FileCursor {
  takenAt: number;
  id: string;
}

/**
 * Reads of everything an account holds, for its data export (issue #24, see [Note: Data
 * export]): each query is about one account, and the files come a page at a time.
 */
export function createAccountDataRepository(db: Kysely<Database>) {
  return {
    account(userId: string) {
      return db
        .selectFrom('users')
        .select([
          'id',
          'email',
          'name',
          'oidc_issuer',
          'max_space',
          'used_space',
          'picture_count',
          'screenshot_count',
          'video_count',
          'document_count',
          'is_read_only',
          'created_at',
        ])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    options(userId: string) {
      return db
        .selectFrom('user_options')
        .select(['name', 'value', 'updated_at'])
        .where('user_id', '=', userId)
        .orderBy('name')
        .execute();
    },

    /** Every session the account had, ended ones too: the token hashes never leave. */
    devices(userId: string) {
      return db
        .selectFrom('sessions')
        .select(['device_id', 'device_name', 'created_at', 'last_used_at', 'revoked_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    /** Every consent event, oldest first: the history is the proof ([Note: Consent events]). */
    consentEvents(userId: string) {
      return db
        .selectFrom('consent_events')
        .select(['key', 'value', 'source', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('seq')
        .execute();
    },

    /** The client stats stored under help_us_improve (spec 001 §7 client_stats). */
    clientStats(userId: string) {
      return db
        .selectFrom('client_stats')
        .select(['stats', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    /** The usage events stored under help_us_improve (spec 001 §7 user_statistics_events). */
    usageEvents(userId: string) {
      return db
        .selectFrom('user_statistics_events')
        .select(['name', 'path', 'props', 'client_time', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    /** The account's albums, deleted ones too, with their settings. */
    ownAlbums(userId: string) {
      return db
        .selectFrom('jobs')
        .select([
          'id',
          'title',
          'privacy_mode',
          'permissions',
          'sort_order',
          'created_at',
          'updated_at',
          'deleted_at',
        ])
        .select((eb) => eb('password_hash', 'is not', null).as('has_password'))
        .where('owner_id', '=', userId)
        .where('type', '=', 'story')
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    /** The members of the account's albums, by their names (as the album's people list shows them). */
    membersOfOwnAlbums(userId: string) {
      return db
        .selectFrom('job_members as m')
        .innerJoin('jobs as j', 'j.id', 'm.job_id')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(['m.job_id', 'u.name', 'm.subscribed', 'm.created_at'])
        .where('j.owner_id', '=', userId)
        .orderBy('m.job_id')
        .orderBy('m.created_at')
        .orderBy('m.user_id')
        .execute();
    },

    /** Albums of others the account takes or took part in. */
    memberships(userId: string) {
      return db
        .selectFrom('job_members as m')
        .innerJoin('jobs as j', 'j.id', 'm.job_id')
        .innerJoin('users as owner', 'owner.id', 'j.owner_id')
        .select([
          'j.id',
          'j.title',
          'owner.name as owner_name',
          'm.subscribed',
          'm.created_at',
          'm.updated_at',
        ])
        .where('m.user_id', '=', userId)
        .orderBy('m.created_at')
        .orderBy('j.id')
        .execute();
    },

    /** The comments the account wrote, on any album. */
    comments(userId: string) {
      return db
        .selectFrom('comments as c')
        .innerJoin('jobs as j', 'j.id', 'c.job_id')
        .select([
          'c.id',
          'c.job_id',
          'j.title as album_title',
          'c.file_id',
          'c.text',
          'c.created_at',
          'c.edited_at',
        ])
        .where('c.user_id', '=', userId)
        .orderBy('c.created_at')
        .orderBy('c.id')
        .execute();
    },

    /** The loves the account gave. */
    reactions(userId: string) {
      return db
        .selectFrom('reactions as r')
        .innerJoin('jobs as j', 'j.id', 'r.job_id')
        .select(['r.job_id', 'j.title as album_title', 'r.file_id', 'r.reaction', 'r.created_at'])
        .where('r.user_id', '=', userId)
        .orderBy('r.created_at')
        .orderBy('r.file_id')
        .execute();
    },

    /** The shares the account made (spec 000 §3 Share), stopped and expired ones too, with their files. */
    async shares(userId: string) {
      const shares = await db
        .selectFrom('jobs as s')
        .leftJoin('jobs as source', 'source.id', 's.source_job_id')
        .select([
          's.id',
          's.title',
          's.created_at',
          's.expires_at',
          's.deleted_at',
          's.source_job_id',
          'source.title as source_title',
          'source.type as source_type',
        ])
        .select((eb) => eb('s.password_hash', 'is not', null).as('has_password'))
        .where('s.owner_id', '=', userId)
        .where('s.type', '=', 'share')
        .orderBy('s.created_at')
        .orderBy('s.id')
        .execute();
      const files = await db
        .selectFrom('files as f')
        .innerJoin('jobs as s', 's.id', 'f.job_id')
        .select(['f.job_id', 'f.id', 'f.name', 'f.source_file_id'])
        .where('s.owner_id', '=', userId)
        .where('s.type', '=', 'share')
        .where('f.state', '=', 'active')
        .orderBy('f.job_id')
        .orderBy('f.uploaded_at')
        .orderBy('f.id')
        .execute();
      return { shares, files };
    },

    /**
     * The jobs holding files whose bytes are the account's (counted in its storage, see
     * [Note: Copies]): its timeline, its albums, others' albums it added to. Shares hold
     * none of their own: their files name their source's bytes.
     */
    jobsWithFiles(userId: string): Promise<ExportJobRow[]> {
      return (
        db
          .selectFrom('jobs')
          .select(['id', 'type', 'title', 'owner_id', 'created_at', 'deleted_at'])
          .where('type', 'in', ['timeline', 'story'])
          .where((eb) =>
            eb.or([
              eb('owner_id', '=', userId),
              eb(
                'id',
                'in',
                eb
                  .selectFrom('files as f')
                  .innerJoin('blobs as b', 'b.id', 'f.blob_id')
                  .select('f.job_id')
                  .where('b.owner_id', '=', userId),
              ),
            ]),
          )
          // The timeline first, then albums as they were made.
          .orderBy((eb) => eb.case().when('type', '=', 'timeline').then(0).else(1).end())
          .orderBy('created_at')
          .orderBy('id')
          .execute()
      );
    },

    /** A page of the job's files in `state` whose bytes are the account's, by taken time. */
    filesPage(
      userId: string,
      jobId: string,
      state: 'active' | 'trashed',
      after: FileCursor | null,
      limit: number,
    ): Promise<ExportFileRow[]> {
      let query = db
        .selectFrom('files as f')
        .innerJoin('blobs as b', 'b.id', 'f.blob_id')
        .select([
          'f.id',
          'f.job_id',
          'f.name',
          'f.path',
          'f.type',
          'f.size',
          'f.sha1',
          'f.ctime',
          'f.mtime',
          'f.uploaded_at',
          'f.taken_at',
          'f.taken_month',
          'f.width',
          'f.height',
          'f.duration',
          'f.is_screenshot',
          'f.metadata',
          'f.state',
          'f.dtime',
          'f.added_by',
          'f.uploaded_by',
          'b.id as blob_id',
          'b.store_key',
          'b.size as blob_size',
          'b.crc32',
          'b.sha256',
        ])
        .where('f.job_id', '=', jobId)
        .where('f.state', '=', state)
        .where('b.owner_id', '=', userId);
      if (after)
        query = query.where((eb) =>
          eb.or([
            eb('f.taken_at', '>', after.takenAt),
            eb.and([eb('f.taken_at', '=', after.takenAt), eb('f.id', '>', after.id)]),
          ]),
        );
      return query.orderBy('f.taken_at').orderBy('f.id').limit(limit).execute();
    },
  };
}
export type AccountDataRepository = ReturnType<typeof createAccountDataRepository>;
