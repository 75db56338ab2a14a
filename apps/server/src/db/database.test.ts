import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDatabase } from '../test/harness.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './database.ts';

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('the SQLite database file', () => {
  let root: string;
  let database: DatabaseHandle | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('is created for its owner alone, with its folder, -wal and -shm, whatever the umask', async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-db-'));
    const previous = process.umask(0o022);
    try {
      const file = path.join(root, 'data', 'trove.db');
      database = openDatabase({ databaseUrl: '', sqliteFile: file });
      await migrateToLatest(database.db);
      expect(modeOf(path.dirname(file)).toString(8)).toBe('700');
      for (const name of [file, `${file}-wal`, `${file}-shm`]) {
        expect(modeOf(name).toString(8), name).toBe('600');
      }
    } finally {
      process.umask(previous);
    }
  });

  // [Note: SQLite write lock at begin]: another process's commit between this transaction's
  // read and its write made the write fail at once (SQLITE_BUSY_SNAPSHOT) with a deferred BEGIN.
  it('never fails a transaction that read first because another process wrote meanwhile', async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-db-'));
    const file = path.join(root, 'trove.db');
    database = openDatabase({ databaseUrl: '', sqliteFile: file });
    await sql`create table probe (x integer)`.execute(database.db);
    // Another process: a second connection that does not wait for locks.
    const other = new SQLite(file);
    other.pragma('busy_timeout = 0');
    let otherWrote = false;
    try {
      await database.db.transaction().execute(async (tx) => {
        await sql`select count(*) from probe`.execute(tx);
        try {
          other.prepare('insert into probe values (1)').run();
          otherWrote = true;
        } catch (error) {
          // The transaction holds the write lock from its BEGIN: the other writer waits.
          expect((error as { code?: string }).code).toBe('SQLITE_BUSY');
        }
        await sql`insert into probe values (2)`.execute(tx);
      });
    } finally {
      other.close();
    }
    expect(otherWrote).toBe(false);
    const rows = await sql<{ x: number }>`select x from probe`.execute(database.db);
    expect(rows.rows).toEqual([{ x: 2 }]);
  });

  it('leaves the mode of an existing database file as it is', async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-db-'));
    const file = path.join(root, 'trove.db');
    fs.writeFileSync(file, '');
    fs.chmodSync(file, 0o640);
    database = openDatabase({ databaseUrl: '', sqliteFile: file });
    await migrateToLatest(database.db);
    expect(modeOf(file).toString(8)).toBe('640');
  });
});

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
