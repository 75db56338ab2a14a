import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from '../db/schema.ts';
import { createBackupHolds } from './backup-holds.ts';
import { fsyncDir, fsyncFile } from './files.ts';
import { snapshotFacts, type SnapshotFacts } from './snapshot-facts.ts';

/** Pages per step of SQLite's online backup: all of them, so the copy is one read transaction. */
const ALL_PAGES = 0x7fffffff;

/**
 * Copies a live SQLite database to `target` with SQLite's online backup API, while other
 * processes keep writing: the pages are copied in one step, under one read transaction (WAL
 * lets writers go on meanwhile), so the copy is the database as of one commit, at or after
 * the call. Answers what the copy names (read from the copy itself).
 */
export async function snapshotSqlite(sqliteFile: string, target: string): Promise<SnapshotFacts> {
  const source = new SQLite(sqliteFile, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    // A step of part of the pages would let a write in between restart the copy, forever
    // under a steady stream of uploads.
    await source.backup(target, { progress: () => ALL_PAGES });
  } finally {
    source.close();
  }
  return withSqlite(target, async (db, sqlite) => {
    const facts = await snapshotFacts(db);
    // One self-contained file: no -wal beside it to lose.
    sqlite.pragma('journal_mode = DELETE');
    return facts;
  }).then(async (facts) => {
    await fsyncFile(target);
    return facts;
  });
}

/** Whether the SQLite database at `file` holds any table (a missing or empty file holds none). */
export function sqliteHasTables(file: string): boolean {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat || stat.size === 0) return false;
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const row = sqlite.prepare("select count(*) as n from sqlite_master where type = 'table'").get() as {
      n: number;
    };
    return row.n > 0;
  } finally {
    sqlite.close();
  }
}

/**
 * Puts a backup's SQLite copy in place as `sqliteFile`: copied beside it, its backup holds
 * cleared (see [Note: Backup hold]), synced, then renamed over, so the database appears
 * whole or not at all. `replace` removes an existing database first.
 */
export async function restoreSqlite(copy: string, sqliteFile: string, replace: boolean): Promise<void> {
  if (sqliteHasTables(sqliteFile) && !replace) throw new Error(`${sqliteFile} is not empty`);
  const incoming = `${sqliteFile}.restoring`;
  await fs.promises.rm(incoming, { force: true });
  await fs.promises.copyFile(copy, incoming);
  await fs.promises.chmod(incoming, 0o600);
  await withSqlite(incoming, (db) => createBackupHolds(db).clear());
  await fsyncFile(incoming);
  // The old database's journal must not be replayed into the restored one.
  for (const suffix of ['-wal', '-shm', '-journal'])
    await fs.promises.rm(sqliteFile + suffix, { force: true });
  await fs.promises.rename(incoming, sqliteFile);
  await fsyncDir(path.dirname(sqliteFile));
}

/** Runs `fn` on the SQLite file through Kysely, and closes it. */
async function withSqlite<T>(
  file: string,
  fn: (db: Kysely<Database>, sqlite: SQLite.Database) => Promise<T>,
): Promise<T> {
  const sqlite = new SQLite(file, { fileMustExist: true });
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    return await fn(db, sqlite);
  } finally {
    await db.destroy();
  }
}
