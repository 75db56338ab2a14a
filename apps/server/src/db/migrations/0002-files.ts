import type { Kysely } from 'kysely';

/**
 * Files and their bytes (spec 000 §3 File), the change log of every job (spec 000 §3 Job
 * change record) and the embedded work queue. See: [Note: Blob storage], [Note: Change serials].
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's types
export async function up(db: Kysely<any>): Promise<void> {
  // One blob per owner and content: deduplication never crosses users (RESEARCH-RELIABILITY §0.4).
  await db.schema
    .createTable('blobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('store_key', 'text', (c) => c.notNull().unique())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha1', 'text', (c) => c.notNull())
    // Computed by the media worker from the stored bytes, off the upload path (null until then).
    .addColumn('sha256', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('blobs_owner_sha1').on('blobs').columns(['owner_id', 'sha1']).execute();

  await db.schema
    .createTable('files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('job_id', 'text', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('blob_id', 'text', (c) => c.notNull().references('blobs.id'))
    .addColumn('added_by', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha1', 'text', (c) => c.notNull())
    .addColumn('ctime', 'bigint', (c) => c.notNull())
    .addColumn('mtime', 'bigint', (c) => c.notNull())
    .addColumn('uploaded_at', 'bigint', (c) => c.notNull())
    .addColumn('taken_at', 'bigint', (c) => c.notNull())
    // YYYYMM of taken_at (UTC), kept beside it so the month overview is one indexed GROUP BY.
    .addColumn('taken_month', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('height', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('duration', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_screenshot', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('group_type', 'text')
    .addColumn('group_id', 'text')
    .addColumn('master', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('metadata', 'text')
    .addColumn('thumbhash', 'text')
    .addColumn('media_status', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('dtime', 'bigint')
    .execute();
  // The timeline reads files of a job by taken time; month counts group by it.
  await db.schema
    // In the timeline's exact order (taken, then id), so a page is an index range scan that
    // stops after `limit` rows instead of sorting a whole month.
    .createIndex('files_job_state_taken')
    .on('files')
    .columns(['job_id', 'state', 'taken_at', 'id'])
    .execute();
  await db.schema
    .createIndex('files_job_state_month')
    .on('files')
    .columns(['job_id', 'state', 'taken_month', 'type', 'is_screenshot'])
    .execute();
  await db.schema.createIndex('files_job_sha1').on('files').columns(['job_id', 'sha1']).execute();
  await db.schema.createIndex('files_job_uploaded').on('files').columns(['job_id', 'uploaded_at']).execute();
  await db.schema.createIndex('files_blob').on('files').column('blob_id').execute();

  await db.schema
    .createTable('job_events')
    .addColumn('job_id', 'text', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('serial', 'bigint', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('file_id', 'text')
    .addColumn('user_id', 'text')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('job_events_pk', ['job_id', 'serial'])
    .execute();

  await db.schema
    .createTable('derivatives')
    .addColumn('blob_id', 'text', (c) => c.notNull().references('blobs.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('store_key', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('derivatives_pk', ['blob_id', 'kind'])
    .execute();

  await db.schema
    .createTable('work_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_after', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('work_items_ready').on('work_items').columns(['state', 'run_after']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['work_items', 'derivatives', 'job_events', 'files', 'blobs']) {
    await db.schema.dropTable(table).execute();
  }
}
