import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DIALECTS, openTestDatabase } from '../test/harness.ts';

describe.each(DIALECTS)('transactions (%s)', (dialect) => {
  it('fail with the real error when the database already rolled back by itself', async () => {
    // SQLite ends a transaction on SQLITE_FULL before the error reaches the caller; the
    // explicit ROLLBACK stands in for that, as a full disk cannot be had in a unit test.
    const database = await openTestDatabase(dialect);
    try {
      const failing = database.handle.db.transaction().execute(async (tx) => {
        await sql`rollback`.execute(tx);
        throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
      });
      await expect(failing).rejects.toMatchObject({ code: 'SQLITE_FULL' });
      // The connection is usable afterwards.
      await database.handle.db.selectFrom('users').select('id').execute();
    } finally {
      await database.cleanup();
    }
  });
});
