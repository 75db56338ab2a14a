import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { migrations } from './migrations/index.ts';
import type { Database } from './schema.ts';

/** Which engine a database runs on; the query code is the same for both. */
export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

// pg returns int8 as strings to protect precision above 2^53; our bigints are byte counts
// and millisecond times, far below that.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/** Opens the database named by the settings: PostgreSQL when a URL is given, else SQLite. */
export function openDatabase(options: { databaseUrl: string; sqliteFile: string }): DatabaseHandle {
  if (options.databaseUrl !== '') {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection that the server drops (restart, failover) is only discarded: the
    // pool opens a new one on the next query. Without a listener it would crash the process.
    pool.on('error', (error) => {
      console.warn(`postgres: idle connection lost: ${error.message}`);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  if (options.sqliteFile !== ':memory:') createPrivately(options.sqliteFile);
  const sqlite = new SQLite(options.sqliteFile);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // WAL with synchronous=NORMAL loses no committed transaction on a process crash and only
  // the last ones on power loss; FULL keeps those too, which "nothing acknowledged is lost" needs.
  sqlite.pragma('synchronous = FULL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/**
 * Creates the database file (and its folder) for its owner alone, 600 (700), before SQLite
 * opens it: SQLite gives the -wal and -shm files the mode of the database file.
 */
function createPrivately(file: string): void {
  // Modes apply only to what is created here; an existing folder or file keeps its own.
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.closeSync(fs.openSync(file, 'a', 0o600));
}

/** Applies every pending migration; throws with the failing migration's error. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('migration failed', { cause: error });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** How many prepared statements one SQLite connection keeps. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; with better-sqlite3 the prepare costs more than most
 * of our queries run (about 0.1 ms). Statements are reusable, so they are kept by SQL text,
 * the least recently used dropped first. Queries are built with parameters, never with
 * values in the text, so the cache holds a few hundred shapes, not one per request. (A
 * statement being iterated is busy: Kysely `.stream()` must not be used on SQLite.)
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  let noOp: SQLite.Statement | undefined;
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      // SQLite rolls a transaction back by itself on some errors (SQLITE_FULL, SQLITE_IOERR:
      // sqlite.org/lang_transaction.html, "Response To Errors Within A Transaction"). Kysely's
      // ROLLBACK then failed with "no transaction is active", and that error hid the real
      // one: a full disk answered 500 instead of 507 (issue #10).
      if (sql === 'rollback' && !sqlite.inTransaction) return (noOp ??= sqlite.prepare('select 0 where 0'));
      // [Note: SQLite write lock at begin] Kysely begins a transaction with a deferred BEGIN,
      // which takes the write lock only at the first write. In WAL mode, when another process
      // (a `trove worker`, `backup`, `fsck` or `admin` on the same file) commits between this
      // transaction's first read and its first write, that upgrade fails at once with
      // SQLITE_BUSY_SNAPSHOT, whatever busy_timeout says: a 500 for an upload that read its
      // duplicate check before a backup wrote its hold. BEGIN IMMEDIATE takes the lock first,
      // waiting up to busy_timeout for the other writer, so the transaction then never fails
      // for it. In this process transactions already run one at a time on one connection.
      if (sql === 'begin') sql = 'begin immediate';
      let statement = cache.get(sql);
      if (statement) {
        cache.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        const oldest = cache.keys().next();
        if (cache.size >= STATEMENT_CACHE_SIZE && !oldest.done) cache.delete(oldest.value);
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}
