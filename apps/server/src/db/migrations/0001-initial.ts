import { sql, type Kysely } from 'kysely';

/** Users, sessions, logins in progress, sign-in throttling and jobs. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'text')
    .addColumn('oidc_issuer', 'text')
    .addColumn('oidc_subject', 'text')
    .addColumn('max_space', 'bigint')
    .addColumn('used_space', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('picture_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('screenshot_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('video_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('document_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_read_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('disabled_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('users_oidc_identity')
    .on('users')
    .columns(['oidc_issuer', 'oidc_subject'])
    .unique()
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('device_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('sessions_user_device')
    .on('sessions')
    .columns(['user_id', 'device_id'])
    .execute();

  await db.schema
    .createTable('login_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('state_hash', 'text', (c) => c.notNull().unique())
    .addColumn('browser_hash', 'text', (c) => c.notNull())
    .addColumn('code_challenge', 'text', (c) => c.notNull())
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('redir', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('utm_source', 'text')
    .addColumn('screen', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('device_name', 'text', (c) => c.notNull())
    .addColumn('oidc_verifier', 'text')
    .addColumn('oidc_nonce', 'text')
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.unique())
    .addColumn('code_expires_at', 'bigint')
    .addColumn('consumed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_requests_expires').on('login_requests').column('expires_at').execute();

  await db.schema
    .createTable('auth_throttle')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('privacy_mode', 'text', (c) => c.notNull())
    .addColumn('permissions', 'integer', (c) => c.notNull())
    .addColumn('last_event_serial', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint')
    .execute();
  await db.schema.createIndex('jobs_owner_type').on('jobs').columns(['owner_id', 'type']).execute();
  // Exactly one timeline per user (spec 000 §1: the default job, always owned by the user).
  await db.schema
    .createIndex('jobs_one_timeline')
    .on('jobs')
    .column('owner_id')
    .unique()
    .where(sql.ref('type'), '=', 'timeline')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['jobs', 'auth_throttle', 'login_requests', 'sessions', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
