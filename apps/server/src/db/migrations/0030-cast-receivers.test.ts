import { Migrator } from 'kysely/migration';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDatabase, type TestDatabase } from '../../test/harness.ts';
import { migrations } from './index.ts';

/** Migration 0030 (issue #27): the cast receivers table comes and goes. */
describe.each(DIALECTS)('migration 0030-cast-receivers (%s)', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
    database = undefined;
  });

  it('comes and goes with up and down', async () => {
    database = await openTestDatabase(dialect);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migration is tested against the schema it makes
    const db = database.handle.db as unknown as Kysely<any>;
    const hasTable = async () =>
      (await db.introspection.getTables()).some((t) => t.name === 'cast_receivers');
    expect(await hasTable()).toBe(true);
    const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
    const down = await migrator.migrateTo('0029-backup-holds');
    expect(down.error).toBeUndefined();
    expect(await hasTable()).toBe(false);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await hasTable()).toBe(true);
  });
});
