import { Migrator } from 'kysely/migration';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDatabase, type TestDatabase } from '../../test/harness.ts';
import { migrations } from './index.ts';

/** Migration 0027 (issue #26): resumable uploads' parts in the blob store, one per offset. */
describe.each(DIALECTS)('migration 0027-resumable-parts (%s)', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
    database = undefined;
  });

  it('comes and goes, and holds one part per offset of an upload', async () => {
    database = await openTestDatabase(dialect);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migration is tested against the schema it makes
    const db = database.handle.db as unknown as Kysely<any>;
    const hasTable = async () =>
      (await db.introspection.getTables()).some((t) => t.name === 'resumable_parts');
    expect(await hasTable()).toBe(true);
    const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
    const down = await migrator.migrateTo('0026-billing');
    expect(down.error).toBeUndefined();
    expect(await hasTable()).toBe(false);
    expect((await migrator.migrateTo('0027-resumable-parts')).error).toBeUndefined();
    expect(await hasTable()).toBe(true);
    await sql`insert into users (id, email, name, created_at) values ('u', 'u@example.com', 'U', 1)`.execute(
      db,
    );
    await sql`insert into jobs (id, owner_id, type, title, privacy_mode, permissions, created_at, updated_at)
      values ('j', 'u', 'timeline', 'T', 'private', 0, 1, 1)`.execute(db);
    await sql`insert into resumable_uploads (id, user_id, job_id, length, "offset", fields, created_at, updated_at)
      values ('r', 'u', 'j', 10, 0, '{}', 1, 1)`.execute(db);
    const part = (offset: number) =>
      sql`insert into resumable_parts (upload_id, "offset", size, store_key, created_at)
        values ('r', ${offset}, 5, ${`k${String(offset)}`}, 1)`.execute(db);
    await part(0);
    await expect(part(0)).rejects.toThrow();
    await part(5);
    // Parts go with their upload.
    await sql`delete from resumable_uploads where id = 'r'`.execute(db);
    expect(await db.selectFrom('resumable_parts').selectAll().execute()).toEqual([]);
  });
});
