import { Migrator } from 'kysely/migration';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDatabase, type TestDatabase } from '../../test/harness.ts';
import { migrations } from './index.ts';

/**
 * Migration 0017 (issue #24) on an instance that has accounts already: its oldest account
 * becomes the operator and holds the first-operator claim, so no later sign-up takes it.
 */
describe.each(DIALECTS)('migration 0017-operator (%s)', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
    database = undefined;
  });

  it('makes the oldest existing account the operator', async () => {
    database = await openTestDatabase(dialect);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema as it was before 0017, not today's types
    const db = database.handle.db as unknown as Kysely<any>;
    const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
    expect((await migrator.migrateTo('0013-copy-details')).error).toBeUndefined();
    for (const [id, created] of [
      ['newer', 2_000],
      ['oldest', 1_000],
      ['newest', 3_000],
    ] as const)
      await db
        .insertInto('users')
        .values({
          id,
          email: `${id}@example.com`,
          name: id,
          password_hash: null,
          max_space: null,
          created_at: created,
        })
        .execute();
    expect((await migrator.migrateTo('0017-operator')).error).toBeUndefined();
    const operators = await db.selectFrom('users').select('id').where('is_operator', '=', 1).execute();
    expect(operators).toEqual([{ id: 'oldest' }]);
    const claims = await db.selectFrom('instance_claims').select(['name', 'user_id']).execute();
    expect(claims).toEqual([{ name: 'first_operator', user_id: 'oldest' }]);
    expect((await migrator.migrateDown()).error).toBeUndefined();
  });
});
