import { Migrator } from 'kysely/migration';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDatabase, type TestDatabase } from '../../test/harness.ts';
import { migrations } from './index.ts';

/**
 * Migration 0018 (issue #24) on an instance with consents already: each value of the old
 * mutable table becomes its user's first event, in the order it was set, and the table goes.
 */
describe.each(DIALECTS)('migration 0018-consent-events (%s)', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
    database = undefined;
  });

  it('turns every consent value into an event and drops the old table', async () => {
    database = await openTestDatabase(dialect);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema as it was before 0018, not today's types
    const db = database.handle.db as unknown as Kysely<any>;
    const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
    expect((await migrator.migrateTo('0017-operator')).error).toBeUndefined();
    for (const id of ['ann', 'bo'])
      await db
        .insertInto('users')
        .values({
          id,
          email: `${id}@example.com`,
          name: id,
          password_hash: null,
          max_space: null,
          created_at: 1,
        })
        .execute();
    await db
      .insertInto('consent_values')
      .values([
        { user_id: 'ann', key: 'help_us_improve', value: 1, updated_at: 2_000 },
        { user_id: 'ann', key: 'face_grouping', value: 0, updated_at: 1_000 },
        { user_id: 'bo', key: 'stay_up_to_date__email', value: 1, updated_at: 5_000 },
      ])
      .execute();
    expect((await migrator.migrateTo('0018-consent-events')).error).toBeUndefined();
    const events = await db
      .selectFrom('consent_events')
      .select(['user_id', 'seq', 'key', 'value', 'source', 'created_at'])
      .orderBy('user_id')
      .orderBy('seq')
      .execute();
    expect(events.map((e) => ({ ...e, created_at: Number(e.created_at) }))).toEqual([
      { user_id: 'ann', seq: 1, key: 'face_grouping', value: 0, source: 'migrated', created_at: 1_000 },
      { user_id: 'ann', seq: 2, key: 'help_us_improve', value: 1, source: 'migrated', created_at: 2_000 },
      {
        user_id: 'bo',
        seq: 1,
        key: 'stay_up_to_date__email',
        value: 1,
        source: 'migrated',
        created_at: 5_000,
      },
    ]);
    await expect(db.selectFrom('consent_values').selectAll().execute()).rejects.toThrow();

    // Later choices, then a rollback: each consent's latest event is its value again.
    await db
      .insertInto('consent_events')
      .values([
        { user_id: 'ann', seq: 3, key: 'help_us_improve', value: 0, source: 'settings', created_at: 9_000 },
        { user_id: 'ann', seq: 4, key: 'face_grouping', value: 1, source: 'settings', created_at: 9_500 },
      ])
      .execute();
    expect((await migrator.migrateTo('0017-operator')).error).toBeUndefined();
    const values = await db
      .selectFrom('consent_values')
      .select(['user_id', 'key', 'value', 'updated_at'])
      .orderBy('user_id')
      .orderBy('key')
      .execute();
    expect(values.map((v) => ({ ...v, updated_at: Number(v.updated_at) }))).toEqual([
      { user_id: 'ann', key: 'face_grouping', value: 1, updated_at: 9_500 },
      { user_id: 'ann', key: 'help_us_improve', value: 0, updated_at: 9_000 },
      { user_id: 'bo', key: 'stay_up_to_date__email', value: 1, updated_at: 5_000 },
    ]);
  });
});
