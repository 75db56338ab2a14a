import { sql, type Kysely } from 'kysely';

/*
 * Issue #23, sharing made safe and whole:
 * - `files.uploaded_by`: who uploaded the bytes, kept apart from `added_by` (who added this
 *   row: the copier of a copy). Where a photo was taken is the uploader's alone (see
 *   [Note: Copies]). Existing rows take their blob's owner: the uploader of every upload and
 *   of every copy into an album (which named the uploader's blob), the copier only for a copy
 *   to a timeline (which got a blob of its own; nothing recorded the uploader).
 * - `files.source_file_id` and `jobs.source_job_id`: the file and job a share's file was made
 *   from, so that every revocation of its maker's access reaches it ([Note: Derived shares]).
 * - Live shares made before this have no recorded source. Those holding bytes another user
 *   owns were made from an album (by a visitor, a member, or the owner of a member's photo)
 *   and could outlive the access they came from: they are stopped, as their owner could.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('files').addColumn('uploaded_by', 'text').execute();
  await db.schema.alterTable('files').addColumn('source_file_id', 'text').execute();
  await db.schema.alterTable('jobs').addColumn('source_job_id', 'text').execute();
  await sql`UPDATE files SET uploaded_by = (SELECT owner_id FROM blobs WHERE blobs.id = files.blob_id)`.execute(
    db,
  );
  // Revocation finds what was derived from a file or an album without reading every share.
  await db.schema.createIndex('files_source_file').on('files').column('source_file_id').execute();
  await db.schema.createIndex('jobs_source_job').on('jobs').column('source_job_id').execute();
  const now = Date.now();
  await sql`UPDATE jobs SET deleted_at = ${now}
    WHERE type = 'share' AND deleted_at IS NULL AND EXISTS (
      SELECT 1 FROM files JOIN blobs ON blobs.id = files.blob_id
      WHERE files.job_id = jobs.id AND blobs.owner_id <> jobs.owner_id)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('jobs_source_job').execute();
  await db.schema.dropIndex('files_source_file').execute();
  await db.schema.alterTable('jobs').dropColumn('source_job_id').execute();
  await db.schema.alterTable('files').dropColumn('source_file_id').execute();
  await db.schema.alterTable('files').dropColumn('uploaded_by').execute();
}
