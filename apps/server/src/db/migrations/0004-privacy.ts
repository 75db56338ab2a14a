import type { Kysely } from 'kysely';

/** Privacy consents of each user and the usage events they allowed (spec 001 Privacy consents). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('consent_values')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    // 0 or 1; a missing row means 0: nothing is consented until the user says yes.
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('consent_values_pk', ['user_id', 'key'])
    .execute();

  await db.schema
    .createTable('user_statistics_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // The page's path with ids already replaced by placeholders.
    .addColumn('path', 'text')
    // Flat properties as JSON.
    .addColumn('props', 'text', (c) => c.notNull())
    .addColumn('client_time', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('user_statistics_events_created')
    .on('user_statistics_events')
    .column('created_at')
    .execute();
  await db.schema
    .createIndex('user_statistics_events_user')
    .on('user_statistics_events')
    .column('user_id')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_statistics_events').execute();
  await db.schema.dropTable('consent_values').execute();
}
