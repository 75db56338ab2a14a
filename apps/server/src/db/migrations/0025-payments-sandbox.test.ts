import { Migrator } from 'kysely/migration';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDatabase, type TestDatabase } from '../../test/harness.ts';
import { migrations } from './index.ts';

const TABLES = [
  'sandbox_customers',
  'sandbox_payment_methods',
  'sandbox_setup_intents',
  'sandbox_subscriptions',
  'sandbox_invoices',
  'sandbox_events',
  'sandbox_idempotency_keys',
];

/** Migration 0025 (issue #25): the sandbox provider's tables come and go with up and down. */
describe.each(DIALECTS)('migration 0025-payments-sandbox (%s)', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
    database = undefined;
  });

  it('down drops every sandbox table and up brings them back', async () => {
    database = await openTestDatabase(dialect);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tables are not in Database (see payments/sandbox/tables.ts)
    const db = database.handle.db as unknown as Kysely<any>;
    const tables = async () =>
      (await db.introspection.getTables()).map((t) => t.name).filter((name) => name.startsWith('sandbox_'));
    expect((await tables()).sort()).toEqual([...TABLES].sort());
    const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
    // Down to just before 0025 (the later migrations go first), then up to 0025 again.
    const down = await migrator.migrateTo('0024-grants');
    expect(down.error).toBeUndefined();
    expect(down.results?.at(-1)?.migrationName).toBe('0025-payments-sandbox');
    expect(await tables()).toEqual([]);
    expect((await migrator.migrateTo('0025-payments-sandbox')).error).toBeUndefined();
    expect((await tables()).sort()).toEqual([...TABLES].sort());
    await sql`insert into sandbox_customers (id, user_id, email, name, created_at) values ('cus_1', 'u1', 'e', 'n', 1)`.execute(
      db,
    );
    const rows = await db
      .selectFrom('sandbox_customers')
      .select(['balance', 'default_payment_method'])
      .execute();
    expect(rows).toEqual([{ balance: 0, default_payment_method: null }]);
  });
});
