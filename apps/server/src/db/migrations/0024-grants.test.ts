import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../test/harness.ts';
import { insertOldUsers, useDatabaseBefore } from './migration.test-support.ts';

type Row = { id: string; max_space: number | null; space_override?: number | null };

/**
 * Migration 0024 (issue #25) on an instance with limits set by `trove quota`: each becomes the
 * operator's limit (space_override), which grants do not change; down gives max_space back.
 */
describe.each(DIALECTS)('migration 0024-grants (%s)', (dialect) => {
  const databaseBefore = useDatabaseBefore(dialect);

  it('keeps the limits operators set, up and down', async () => {
    const { db, migrator } = await databaseBefore('0023-announcements');
    await insertOldUsers(db, [
      { id: 'limited', created_at: 1_000 },
      { id: 'plain', created_at: 2_000 },
    ]);
    await db.updateTable('users').set({ max_space: 5000 }).where('id', '=', 'limited').execute();
    expect((await migrator.migrateTo('0024-grants')).error).toBeUndefined();
    const after = (await db
      .selectFrom('users')
      .select(['id', 'max_space', 'space_override'])
      .orderBy('id')
      .execute()) as Row[];
    expect(after.map((u) => [u.id, u.max_space ?? -1, u.space_override ?? -1])).toEqual([
      ['limited', 5000, 5000],
      ['plain', -1, -1],
    ]);
    expect(await db.selectFrom('grants').selectAll().execute()).toEqual([]);
    // A grant's max_space is forgotten going down: the operator's limit, or the base quota.
    await db.updateTable('users').set({ max_space: 99 }).where('id', '=', 'plain').execute();
    expect((await migrator.migrateDown()).error).toBeUndefined();
    const before = (await db
      .selectFrom('users')
      .select(['id', 'max_space'])
      .orderBy('id')
      .execute()) as Row[];
    expect(before.map((u) => [u.id, u.max_space])).toEqual([
      ['limited', 5000],
      ['plain', null],
    ]);
  });
});
