import type { Kysely } from 'kysely';

/**
 * The operator's side (issue #24): who is an operator, the audit log of what operators did,
 * terms of service with versions and their acceptances (spec 001 §3 ToS object, §4 Terms),
 * full-screen cards and their dismissals (spec 001 §3 Message card). See [Note: Operators].
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('is_operator', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // One row per instance-wide claim; its primary key lets exactly one sign-up claim "the first
  // account is the operator", even when two race on PostgreSQL.
  await db.schema
    .createTable('instance_claims')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'bigint', (c) => c.notNull())
    .execute();
  // An instance that has users already: its oldest account is the operator.
  const first = await db
    .selectFrom('users')
    .select(['id', 'created_at'])
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (first) {
    await db.updateTable('users').set({ is_operator: 1 }).where('id', '=', first.id).execute();
    await db
      .insertInto('instance_claims')
      .values({ name: 'first_operator', user_id: first.id, claimed_at: Number(first.created_at) })
      .execute();
  }

  // Append-only: no foreign keys, so an entry outlives the accounts it names.
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'bigint', (c) => c.notNull())
    // The operator's account; null when the CLI acted (actor_label says who ran it).
    .addColumn('actor_id', 'text')
    .addColumn('actor_label', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text')
    .addColumn('details', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at', 'id']).execute();

  await db.schema
    .createTable('tos_versions')
    .addColumn('version', 'text', (c) => c.primaryKey())
    // Publication order: the latest is the highest; unique, so two publishes cannot tie.
    .addColumn('seq', 'integer', (c) => c.notNull().unique())
    // JSON object: locale -> text of the terms in that language.
    .addColumn('texts', 'text', (c) => c.notNull())
    .addColumn('published_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('tos_acceptances')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('version', 'text', (c) => c.notNull().references('tos_versions.version'))
    .addColumn('accepted_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('tos_acceptances_pk', ['user_id', 'version'])
    .execute();

  await db.schema
    .createTable('cards')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // JSON of the card's client_values (spec 001 §3 Message card).
    .addColumn('client_values', 'text', (c) => c.notNull())
    // all, read_only, brand or language; `audience_value` names the brand or the language.
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('audience_value', 'text')
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    // Null: shown until the operator ends it.
    .addColumn('ends_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cards_window').on('cards').columns(['starts_at', 'ends_at']).execute();
  await db.schema
    .createTable('card_dismissals')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('card_id', 'text', (c) => c.notNull().references('cards.id').onDelete('cascade'))
    .addColumn('dismissed_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('card_dismissals_pk', ['user_id', 'card_id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('card_dismissals').execute();
  await db.schema.dropTable('cards').execute();
  await db.schema.dropTable('tos_acceptances').execute();
  await db.schema.dropTable('tos_versions').execute();
  await db.schema.dropIndex('audit_log_at').execute();
  await db.schema.dropTable('audit_log').execute();
  await db.schema.dropTable('instance_claims').execute();
  await db.schema.alterTable('users').dropColumn('is_operator').execute();
}
