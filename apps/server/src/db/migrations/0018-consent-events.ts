import type { Kysely } from 'kysely';

/**
 * Consents as append-only events (issue #24, spec 001 §3 Privacy consents): the current value
 * of a consent is its latest event, and the events are the proof of what the user said when.
 * Client statistics join usage events under help_us_improve. The mutable `consent_values` of 0004 becomes each consent's first event, then goes.
 * See [Note: Consent events].
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('consent_events')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Order of the user's events, 1, 2, 3…: the latest of a key is its highest.
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    // 0 or 1.
    .addColumn('value', 'integer', (c) => c.notNull())
    // Where it was said: settings, email_consent (the unsubscribe page), one_click (RFC 8058),
    // migrated (the value 0004 held).
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('consent_events_pk', ['user_id', 'seq'])
    .execute();
  await db.schema
    .createIndex('consent_events_key')
    .on('consent_events')
    .columns(['user_id', 'key', 'seq'])
    .execute();

  // spec 001 §7 POST /client_stats: kept only while help_us_improve holds, like usage events.
  await db.schema
    .createTable('client_stats')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('stats', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('client_stats_user').on('client_stats').column('user_id').execute();

  const rows = await db
    .selectFrom('consent_values')
    .select(['user_id', 'key', 'value', 'updated_at'])
    .orderBy('user_id')
    .orderBy('updated_at')
    .orderBy('key')
    .execute();
  const seqOf = new Map<string, number>();
  // A driver may hand a bigint back as a string: Number() makes both one.
  for (const row of rows as {
    user_id: string;
    key: string;
    value: number | string;
    updated_at: number | string;
  }[]) {
    const seq = (seqOf.get(row.user_id) ?? 0) + 1;
    seqOf.set(row.user_id, seq);
    await db
      .insertInto('consent_events')
      .values({
        user_id: row.user_id,
        seq,
        key: row.key,
        value: Number(row.value),
        source: 'migrated',
        created_at: Number(row.updated_at),
      })
      .execute();
  }
  await db.schema.dropTable('consent_values').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('consent_values')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('consent_values_pk', ['user_id', 'key'])
    .execute();
  // Each consent's latest event becomes its value again: a rollback keeps what users chose
  // (the history itself has no place in 0004's table).
  const events = (await db
    .selectFrom('consent_events')
    .select(['user_id', 'key', 'value', 'created_at'])
    .orderBy('user_id')
    .orderBy('seq')
    .execute()) as { user_id: string; key: string; value: number | string; created_at: number | string }[];
  const latest = new Map<string, (typeof events)[number]>();
  for (const event of events) latest.set(`${event.user_id}\u0000${event.key}`, event);
  for (const event of latest.values()) {
    await db
      .insertInto('consent_values')
      .values({
        user_id: event.user_id,
        key: event.key,
        value: Number(event.value),
        updated_at: Number(event.created_at),
      })
      .execute();
  }
  await db.schema.dropTable('client_stats').execute();
  await db.schema.dropTable('consent_events').execute();
}
