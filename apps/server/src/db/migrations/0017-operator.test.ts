import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../test/harness.ts';
import { insertOldUsers, useDatabaseBefore } from './migration.test-support.ts';

/**
 * Migration 0017 (issue #24) on an instance that has accounts already: its oldest account
 * becomes the operator and holds the first-operator claim, so no later sign-up takes it.
 */
describe.each(DIALECTS)('migration 0017-operator (%s)', (dialect) => {
  const databaseBefore = useDatabaseBefore(dialect);

  it('makes the oldest existing account the operator', async () => {
    const { db, migrator } = await databaseBefore('0013-copy-details');
    await insertOldUsers(db, [
      { id: 'newer', created_at: 2_000 },
      { id: 'oldest', created_at: 1_000 },
      { id: 'newest', created_at: 3_000 },
    ]);
    expect((await migrator.migrateTo('0017-operator')).error).toBeUndefined();
    const operators = await db.selectFrom('users').select('id').where('is_operator', '=', 1).execute();
    expect(operators).toEqual([{ id: 'oldest' }]);
    const claims = await db.selectFrom('instance_claims').select(['name', 'user_id']).execute();
    expect(claims).toEqual([{ name: 'first_operator', user_id: 'oldest' }]);
    expect((await migrator.migrateDown()).error).toBeUndefined();
  });
});
