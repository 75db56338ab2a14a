import { sql, type Kysely } from 'kysely';

/**
 * Storage grants (issue #25, spec 001 §3). users.max_space becomes derived: the operator's
 * limit (`space_override`, what `trove quota` sets) when there is one, else the base quota
 * plus the live grants, recomputed in the transaction that changes a grant (grants.repository.ts).
 * Limits set before this migration are kept as overrides.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('grants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('renews_at', 'bigint')
    .addColumn('expires_at', 'bigint')
    .addColumn('stripe_product_id', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('ended_at', 'bigint')
    .execute();
  await db.schema.createIndex('grants_user_id').on('grants').column('user_id').execute();
  await db.schema.alterTable('users').addColumn('space_override', 'bigint').execute();
  await sql`UPDATE users SET space_override = max_space WHERE max_space IS NOT NULL`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  // Without grants max_space is the operator's limit again, or the base quota (null).
  await sql`UPDATE users SET max_space = space_override`.execute(db);
  await db.schema.alterTable('users').dropColumn('space_override').execute();
  await db.schema.dropTable('grants').execute();
}
