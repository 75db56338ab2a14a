import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { createBackupHolds } from './backup-holds.ts';
import { fsyncFile } from './files.ts';
import { snapshotFacts, type SnapshotFacts } from './snapshot-facts.ts';

const run = promisify(execFile);

/**
 * Dumps a live PostgreSQL database to `target` (pg_dump's custom format) as of one moment,
 * and reads what that same moment names: a repeatable-read transaction exports its snapshot,
 * pg_dump dumps exactly that snapshot (`--snapshot`), and the keys are read inside the
 * transaction. pg_dump comes from PATH and must be at least the server's major version.
 */
export async function snapshotPostgres(
  db: Kysely<Database>,
  databaseUrl: string,
  target: string,
): Promise<SnapshotFacts> {
  await checkClientVersion(db, 'pg_dump');
  const facts = await db.connection().execute(async (connection) => {
    await sql`begin isolation level repeatable read, read only`.execute(connection);
    try {
      const { rows } = await sql<{ id: string }>`select pg_export_snapshot() as id`.execute(connection);
      const snapshot = rows[0]?.id ?? '';
      const dump = runClient('pg_dump', databaseUrl, [
        '--format=custom',
        `--snapshot=${snapshot}`,
        `--file=${target}`,
      ]);
      // Read while pg_dump runs: the exported snapshot must stay open until it has taken it.
      const [, read] = await Promise.allSettled([dump, snapshotFacts(connection)]);
      await dump;
      if (read.status === 'rejected') throw read.reason;
      return read.value;
    } finally {
      await sql`rollback`.execute(connection);
    }
  });
  await fsyncFile(target);
  return facts;
}

/** Whether the database's current schema holds any table. */
export async function postgresHasTables(db: Kysely<Database>): Promise<boolean> {
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from pg_tables where schemaname = current_schema()`.execute(db);
  return (rows[0]?.n ?? 0) > 0;
}

/**
 * Restores a dump into the database of `databaseUrl` in one transaction (all or nothing),
 * then clears the backup holds it carries ([Note: Backup hold]). `replace` first drops every
 * table of the current schema; otherwise a database with tables is refused.
 */
export async function restorePostgres(
  db: Kysely<Database>,
  databaseUrl: string,
  dump: string,
  replace: boolean,
): Promise<void> {
  await checkClientVersion(db, 'pg_restore');
  if (await postgresHasTables(db)) {
    if (!replace) throw new Error('the database is not empty');
    const { rows } = await sql<{
      name: string;
    }>`select tablename as name from pg_tables where schemaname = current_schema()`.execute(db);
    await db.transaction().execute(async (tx) => {
      for (const { name } of rows) await sql`drop table if exists ${sql.table(name)} cascade`.execute(tx);
    });
  }
  // Owners and grants are the old server's; the restoring role owns what it creates.
  await runClient('pg_restore', databaseUrl, [
    '--exit-on-error',
    '--single-transaction',
    '--no-owner',
    '--no-privileges',
    dump,
  ]);
  await createBackupHolds(db).clear();
}

/**
 * Runs pg_dump or pg_restore on the database of `databaseUrl`. The password goes in the
 * environment, never on the command line, where every local user could read it.
 */
async function runClient(tool: 'pg_dump' | 'pg_restore', databaseUrl: string, args: string[]): Promise<void> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  try {
    await run(tool, [...args, `--dbname=${url.toString()}`], {
      env: { ...process.env, ...(password === '' ? {} : { PGPASSWORD: password }) },
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim() ?? '';
    throw new Error(`${tool} failed: ${stderr === '' ? String(error) : stderr}`, { cause: error });
  }
}

/** A client older than the server cannot dump it, nor read what a newer pg_dump wrote. */
async function checkClientVersion(db: Kysely<Database>, tool: 'pg_dump' | 'pg_restore'): Promise<void> {
  let client: number;
  try {
    const { stdout } = await run(tool, ['--version']);
    client = Number(/\s(\d+)(\.\d+)*/.exec(stdout)?.[1] ?? NaN);
  } catch (error) {
    throw new Error(`${tool} was not found on PATH: install the PostgreSQL client (postgresql-client)`, {
      cause: error,
    });
  }
  const { rows } = await sql<{ v: string }>`show server_version_num`.execute(db);
  const server = Math.floor(Number(rows[0]?.v ?? 0) / 10_000);
  if (!(client >= server)) {
    throw new Error(
      `${tool} ${String(client)} is older than the PostgreSQL ${String(server)} server: ` +
        `install postgresql-client-${String(server)} (or newer) and put its ${tool} first on PATH`,
    );
  }
}
