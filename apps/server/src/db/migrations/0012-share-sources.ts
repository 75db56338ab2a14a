import { randomUUID } from 'node:crypto';
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
 * - A copy into an album (copy_files) made before this named the uploader's blob, pinning
 *   their bytes and charge ([Note: Copies]). Each such file becomes its adder's own, as a
 *   copy is now: their blob of that content, else a new blob row of theirs naming the same
 *   stored bytes and renditions, charged to them (over their quota if it must: they hold the
 *   copy already). A blob no file names any more then goes, its owner's charge with it; its
 *   stored bytes stay, named by the new row (see [Note: Releasing storage]).
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
  await ownCopies(db, now);
  await sql`UPDATE jobs SET deleted_at = ${now}
    WHERE type = 'share' AND deleted_at IS NULL AND EXISTS (
      SELECT 1 FROM files JOIN blobs ON blobs.id = files.blob_id
      WHERE files.job_id = jobs.id AND blobs.owner_id <> jobs.owner_id)`.execute(db);
}

/** Every file outside shares naming another user's blob gets its adder's own (see the top). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
async function ownCopies(db: Kysely<any>, now: number): Promise<void> {
  const pinned: { id: string; added_by: string; blob_id: string }[] = await db
    .selectFrom('files')
    .innerJoin('blobs', 'blobs.id', 'files.blob_id')
    .innerJoin('jobs', 'jobs.id', 'files.job_id')
    .select(['files.id', 'files.added_by', 'files.blob_id'])
    .where('jobs.type', '!=', 'share')
    .whereRef('blobs.owner_id', '!=', 'files.added_by')
    .orderBy('files.id')
    .execute();
  const left = new Set<string>();
  for (const file of pinned) {
    const from = (await db
      .selectFrom('blobs')
      .selectAll()
      .where('id', '=', file.blob_id)
      .executeTakeFirstOrThrow()) as Record<string, unknown> & { id: string; sha1: string; size: number };
    const own: { id: string } | undefined = await db
      .selectFrom('blobs')
      .select('id')
      .where('owner_id', '=', file.added_by)
      .where('sha1', '=', from.sha1)
      .executeTakeFirst();
    let blobId = own?.id ?? '';
    if (!own) {
      blobId = randomUUID();
      await db
        .insertInto('blobs')
        .values({ ...from, id: blobId, owner_id: file.added_by, created_at: now })
        .execute();
      await sql`UPDATE users SET used_space = used_space + ${from.size} WHERE id = ${file.added_by}`.execute(
        db,
      );
      await sql`INSERT INTO derivatives (blob_id, kind, store_key, size, content_type, crc32, created_at)
        SELECT ${blobId}, kind, store_key, size, content_type, crc32, created_at FROM derivatives
        WHERE blob_id = ${from.id}`.execute(db);
    }
    await db.updateTable('files').set({ blob_id: blobId }).where('id', '=', file.id).execute();
    left.add(from.id);
  }
  for (const blobId of left) {
    const named = await db.selectFrom('files').select('id').where('blob_id', '=', blobId).executeTakeFirst();
    if (named) continue;
    const blob = await db.selectFrom('blobs').selectAll().where('id', '=', blobId).executeTakeFirstOrThrow();
    await db.deleteFrom('derivatives').where('blob_id', '=', blobId).execute();
    await db.deleteFrom('blobs').where('id', '=', blobId).execute();
    await sql`UPDATE users SET used_space = used_space - ${blob.size} WHERE id = ${blob.owner_id}`.execute(
      db,
    );
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('jobs_source_job').execute();
  await db.schema.dropIndex('files_source_file').execute();
  await db.schema.alterTable('jobs').dropColumn('source_job_id').execute();
  await db.schema.alterTable('files').dropColumn('source_file_id').execute();
  await db.schema.alterTable('files').dropColumn('uploaded_by').execute();
}
