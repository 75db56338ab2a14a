import { Migrator } from 'kysely/migration';
import type { Kysely } from 'kysely';
import { afterEach, expect } from 'vitest';
import type { Dialect } from '../database.ts';
import { openTestDatabase, type TestDatabase } from '../../test/harness.ts';
import { migrations } from './index.ts';

/**
 * A migration test's database, opened at the migration before the one under test, so rows
 * can be written as the schema was then. Closed after each test.
 */
export function useDatabaseBefore(dialect: Dialect) {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
    database = undefined;
  });
  return async (before: string) => {
    database = await openTestDatabase(dialect);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema as it was before the migration under test, not today's types
    const db = database.handle.db as unknown as Kysely<any>;
    const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
    expect((await migrator.migrateTo(before)).error).toBeUndefined();
    return { db, migrator };
  };
}

/** Accounts as the users table held them before 0017 (no operator flag yet). */
export async function insertOldUsers(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as useDatabaseBefore
  db: Kysely<any>,
  users: readonly { id: string; used_space?: number; created_at: number }[],
): Promise<void> {
  for (const { id, used_space = 0, created_at } of users)
    await db
      .insertInto('users')
      .values({
        id,
        email: `${id}@example.com`,
        name: id,
        password_hash: null,
        max_space: null,
        used_space,
        created_at,
      })
      .execute();
}
