import { Migrator } from 'kysely/migration';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDatabase, type TestDatabase } from '../../test/harness.ts';
import { migrations } from './index.ts';

/** Migration 0028 (issue #26): the secrets every node shares, one row per name. */
describe.each(DIALECTS)('migration 0028-server-secrets (%s)', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
    database = undefined;
  });

  it('comes and goes, and keeps the first row of a name: a second insert is refused or ignored', async () => {
    database = await openTestDatabase(dialect);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migration is tested against the schema it makes
    const db = database.handle.db as unknown as Kysely<any>;
    const hasTable = async () =>
      (await db.introspection.getTables()).some((t) => t.name === 'server_secrets');
    expect(await hasTable()).toBe(true);
    const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
    expect((await migrator.migrateTo('0027-resumable-parts')).error).toBeUndefined();
    expect(await hasTable()).toBe(false);
    expect((await migrator.migrateTo('0028-server-secrets')).error).toBeUndefined();
    expect(await hasTable()).toBe(true);
    const insert = (value: string) =>
      sql`insert into server_secrets (name, value, source, created_at) values ('media_url', ${value}, 'generated', 1)`.execute(
        db,
      );
    await insert('first');
    await expect(insert('second')).rejects.toThrow();
    await sql`insert into server_secrets (name, value, source, created_at) values ('media_url', 'third', 'generated', 2)
      on conflict (name) do nothing`.execute(db);
    expect(await db.selectFrom('server_secrets').select(['name', 'value']).execute()).toEqual([
      { name: 'media_url', value: 'first' },
    ]);
    // A value is required: a row without one is no secret.
    await expect(
      sql`insert into server_secrets (name, source, created_at) values ('other', 'generated', 1)`.execute(db),
    ).rejects.toThrow();
  });
});
