import { Migrator } from 'kysely/migration';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDatabase, type TestDatabase } from '../../test/harness.ts';
import { migrations } from './index.ts';

const TABLES = [
  'billing_customers',
  'billing_events',
  'billing_payment_methods',
  'billing_requests',
  'billing_settings',
  'billing_subscriptions',
];

/** Migration 0026 (issue #25): the billing module's tables come and go with up and down. */
describe.each(DIALECTS)('migration 0026-billing (%s)', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
    database = undefined;
  });

  it('down drops every billing table and up brings them back, keys and the operator’s flag intact', async () => {
    database = await openTestDatabase(dialect);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migration is tested against the schema it makes
    const db = database.handle.db as unknown as Kysely<any>;
    const tables = async () =>
      (await db.introspection.getTables())
        .map((t) => t.name)
        .filter((name) => name.startsWith('billing_'))
        .sort();
    expect(await tables()).toEqual(TABLES);
    const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
    // Down to the migration before, whatever came after 0026 since.
    const down = await migrator.migrateTo('0025-payments-sandbox');
    expect(down.error).toBeUndefined();
    expect(down.results?.map((r) => r.migrationName).at(-1)).toBe('0026-billing');
    expect(await tables()).toEqual([]);
    // The operator's flag set before 0026 stays the operator's.
    await sql`insert into users (id, email, name, created_at, is_read_only) values ('ro', 'ro@example.com', 'R', 1, 1)`.execute(
      db,
    );
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await tables()).toEqual(TABLES);
    expect(
      await db
        .selectFrom('users')
        .select(['is_read_only', 'operator_read_only', 'billing_read_only'])
        .where('id', '=', 'ro')
        .execute(),
    ).toEqual([{ is_read_only: 1, operator_read_only: 1, billing_read_only: 0 }]);
    await sql`insert into billing_customers (user_id, customer_id, provider, created_at) values ('u1', 'cus_1', 'sandbox', 1)`.execute(
      db,
    );
    // One customer per user and one user per customer.
    await expect(
      sql`insert into billing_customers (user_id, customer_id, provider, created_at) values ('u2', 'cus_1', 'sandbox', 1)`.execute(
        db,
      ),
    ).rejects.toThrow();
    await sql`insert into billing_requests (user_id, idempotency_key, request_hash, created_at) values ('u1', 'k', 'h', 1)`.execute(
      db,
    );
    // The same key is another request for another user, a conflict for the same one.
    await sql`insert into billing_requests (user_id, idempotency_key, request_hash, created_at) values ('u2', 'k', 'h', 1)`.execute(
      db,
    );
    await expect(
      sql`insert into billing_requests (user_id, idempotency_key, request_hash, created_at) values ('u1', 'k', 'h', 1)`.execute(
        db,
      ),
    ).rejects.toThrow();
  });
});
