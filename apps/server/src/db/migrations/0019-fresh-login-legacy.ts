import type { Kysely } from 'kysely';

/**
 * Fresh login and digital legacy (issue #24, spec 001 §3 Digital legacy, §6 "Privacy
 * settings need a fresh login"). See [Note: Fresh login] in access/fresh-login.ts.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's types
export async function up(db: Kysely<any>): Promise<void> {
  // When the user last proved who they are for this session (ms): set at sign-in, never by
  // using or refreshing the token. A session that existed before gets its creation time,
  // which is when its sign-in happened.
  await db.schema
    .alterTable('sessions')
    .addColumn('authenticated_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .updateTable('sessions')
    .set((eb) => ({ authenticated_at: eb.ref('created_at') }))
    .execute();
  // `login`: the client asked the identity provider to check the password again (OIDC
  // prompt=login, max_age=0); null: an ordinary sign-in.
  await db.schema.alterTable('login_requests').addColumn('prompt', 'text').execute();
  // When the identity provider last checked who the user is: the password step, or the
  // external provider's auth_time; the session issued for the login takes it.
  await db.schema.alterTable('login_requests').addColumn('authenticated_at', 'bigint').execute();

  // One row per user: the latest choice replaces the earlier one.
  await db.schema
    .createTable('digital_legacy')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('choice', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    // JSON array of contacts (name, address, email_address, phone_number); '[]' for none.
    .addColumn('contacts', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('digital_legacy').execute();
  await db.schema.alterTable('login_requests').dropColumn('authenticated_at').execute();
  await db.schema.alterTable('login_requests').dropColumn('prompt').execute();
  await db.schema.alterTable('sessions').dropColumn('authenticated_at').execute();
}
