import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { CommentView } from '../comments/comments.repository.ts';
import type { FileRow } from '../files/files.repository.ts';

/**
 * The queries of the deletion job's stages (see [Note: Account deletion]): what a leaving
 * user has in jobs of others, in their own, and elsewhere. Every read takes a bounded batch
 * (never one giant `IN` list: SQLite and PostgreSQL bound their parameters), and every write
 * is one a stage may repeat after a crash.
 */
export function createLeavingRepository(db: Kysely<Database>) {
  return {
    /** Files the user added to jobs of others (albums they took part in), any state. */
    filesElsewhere(userId: string, limit: number): Promise<FileRow[]> {
      return db
        .selectFrom('files')
        .innerJoin('jobs', 'jobs.id', 'files.job_id')
        .selectAll('files')
        .where('files.added_by', '=', userId)
        .where('jobs.owner_id', '!=', userId)
        .where('jobs.type', '!=', 'share')
        .orderBy('files.id')
        .limit(limit)
        .execute();
    },

    /** The user's comments on files of jobs of others, with the name others saw. */
    commentsElsewhere(userId: string, limit: number): Promise<CommentView[]> {
      return db
        .selectFrom('comments as c')
        .innerJoin('users as u', 'u.id', 'c.user_id')
        .innerJoin('jobs as j', 'j.id', 'c.job_id')
        .select(['c.id', 'c.job_id', 'c.file_id', 'c.user_id', 'c.guest_id', 'c.text', 'c.created_at'])
        .select(['u.name as author_name', 'c.edited_at'])
        .where('c.user_id', '=', userId)
        .where('j.owner_id', '!=', userId)
        .orderBy('c.id')
        .limit(limit)
        .execute();
    },

    async deleteComment(id: string): Promise<void> {
      await db.deleteFrom('comments').where('id', '=', id).execute();
    },

    /** The user's loves on files of jobs of others. */
    reactionsElsewhere(userId: string, limit: number): Promise<{ job_id: string; file_id: string }[]> {
      return db
        .selectFrom('reactions as r')
        .innerJoin('jobs as j', 'j.id', 'r.job_id')
        .select(['r.job_id', 'r.file_id'])
        .where('r.user_id', '=', userId)
        .where('j.owner_id', '!=', userId)
        .orderBy('r.file_id')
        .limit(limit)
        .execute();
    },

    async deleteReaction(fileId: string, userId: string): Promise<void> {
      await db.deleteFrom('reactions').where('file_id', '=', fileId).where('user_id', '=', userId).execute();
    },

    /**
     * The comment records (type 10) the user wrote in one job: their text and name are
     * blanked when the user leaves (the comments themselves go with a deletion record).
     */
    commentRecordsIn(jobId: string, userId: string) {
      return db
        .selectFrom('job_events')
        .select(['job_id', 'serial', 'payload'])
        .where('job_id', '=', jobId)
        .where('user_id', '=', userId)
        .where('type', '=', 10)
        .execute();
    },

    /** Jobs of others where the user has comments, or ever was a member. */
    async jobsWithCommentsOrMembership(userId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('comments as c')
        .innerJoin('jobs as j', 'j.id', 'c.job_id')
        .select('c.job_id as id')
        .where('c.user_id', '=', userId)
        .where('j.owner_id', '!=', userId)
        .union(
          db
            .selectFrom('job_members as m')
            .innerJoin('jobs as j', 'j.id', 'm.job_id')
            .select('m.job_id as id')
            .where('m.user_id', '=', userId)
            .where('j.owner_id', '!=', userId),
        )
        .execute();
      return rows.map((row) => row.id);
    },

    async setRecordPayload(jobId: string, serial: number, payload: string): Promise<void> {
      await db
        .updateTable('job_events')
        .set({ payload })
        .where('job_id', '=', jobId)
        .where('serial', '=', serial)
        .execute();
    },

    /** Albums of others the user ever subscribed to (the row stays after leaving). */
    async membershipsElsewhere(userId: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('job_members as m')
        .innerJoin('jobs as j', 'j.id', 'm.job_id')
        .select('m.job_id')
        .where('m.user_id', '=', userId)
        .where('j.owner_id', '!=', userId)
        .orderBy('m.job_id')
        .limit(limit)
        .execute();
      return rows.map((row) => row.job_id);
    },

    async deleteMembership(jobId: string, userId: string): Promise<void> {
      await db.deleteFrom('job_members').where('job_id', '=', jobId).where('user_id', '=', userId).execute();
    },

    /** Marks every job the user owns deleted (kept when it already was); answers those marked now. */
    async markOwnedDeleted(userId: string, at: number): Promise<{ id: string; type: string }[]> {
      return db
        .updateTable('jobs')
        .set({ deleted_at: at, updated_at: at })
        .where('owner_id', '=', userId)
        .where('deleted_at', 'is', null)
        .returning(['id', 'type'])
        .execute();
    },

    /** Some jobs the user owns, any state: of one type, or all. */
    async ownedJobs(userId: string, limit: number, type?: string): Promise<string[]> {
      const rows = await db
        .selectFrom('jobs')
        .select('id')
        .where('owner_id', '=', userId)
        .$if(type !== undefined, (q) => q.where('type', '=', type ?? ''))
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /** The user's resumable uploads in progress (their bytes are in DATA_DIR/resumable/<id>). */
    async resumableOf(userId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('resumable_uploads')
        .select('id')
        .where('user_id', '=', userId)
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Every row of the user's own that no stage before removed: consent events and the usage
     * events and client stats they allowed, options, prepared downloads, resumable uploads, logins in
     * progress, devices (sessions), storage grants (issue #25) and the sign-in throttle of
     * their address.
     */
    async deletePrivateRows(userId: string, email: string): Promise<void> {
      await db.deleteFrom('consent_events').where('user_id', '=', userId).execute();
      await db.deleteFrom('digital_legacy').where('user_id', '=', userId).execute();
      await db.deleteFrom('grants').where('user_id', '=', userId).execute();
      await db.deleteFrom('user_statistics_events').where('user_id', '=', userId).execute();
      await db.deleteFrom('client_stats').where('user_id', '=', userId).execute();
      await db.deleteFrom('user_options').where('user_id', '=', userId).execute();
      await db.deleteFrom('account_attributes').where('user_id', '=', userId).execute();
      await db.deleteFrom('archives').where('user_id', '=', userId).execute();
      await db.deleteFrom('resumable_uploads').where('user_id', '=', userId).execute();
      await db.deleteFrom('login_requests').where('user_id', '=', userId).execute();
      await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
      await db.deleteFrom('auth_throttle').where('key', '=', `signin:account:${email}`).execute();
    },

    /**
     * Files outside the user's jobs that name one of the user's blobs, with their job's type
     * and state: only shares' files may ([Note: Copies]).
     */
    foreignFilesOnBlobsOf(userId: string, limit: number) {
      return db
        .selectFrom('files as f')
        .innerJoin('blobs as b', 'b.id', 'f.blob_id')
        .innerJoin('jobs as j', 'j.id', 'f.job_id')
        .selectAll('f')
        .select(['j.type as job_type', 'j.deleted_at as job_deleted_at'])
        .where('b.owner_id', '=', userId)
        .where('j.owner_id', '!=', userId)
        .orderBy('f.id')
        .limit(limit)
        .execute();
    },

    /** Some of the user's blobs (after the stages before, none a file names). */
    async blobsOf(userId: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('blobs')
        .select('id')
        .where('owner_id', '=', userId)
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /** The account row, last; whatever still names it goes with it (foreign keys cascade). */
    async deleteAccount(userId: string): Promise<void> {
      await db.deleteFrom('users').where('id', '=', userId).execute();
    },
  };
}
export type LeavingRepository = ReturnType<typeof createLeavingRepository>;
