import fs from 'node:fs';
import { sql, type Kysely } from 'kysely';
import type { Config } from '../config.ts';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { migrations } from '../db/migrations/index.ts';
import type { Database } from '../db/schema.ts';
import { inspectServerSecret, readKeyFile, type SecretState } from '../secrets/server-secret.ts';
import { errorText, fail, ok, warn, within, type CheckResult } from './check.ts';
import { maskUrl } from './redact.ts';

type DatabaseSettings = Pick<Config, 'DATABASE_URL' | 'SQLITE_FILE'>;

/** The database named for people: `PostgreSQL postgres://trove:***@db/trove` or `SQLite <file>`. */
function databaseName(config: DatabaseSettings): string {
  return config.DATABASE_URL === ''
    ? `SQLite ${config.SQLITE_FILE}`
    : `PostgreSQL ${maskUrl(config.DATABASE_URL)}`;
}

/**
 * Opens the database and asks `SELECT 1`: the handle when it answered (the caller closes it),
 * never creating anything (a SQLite file that does not exist is not made here).
 */
export async function checkDatabase(
  config: DatabaseSettings,
  timeoutMs: number,
): Promise<{ result: CheckResult; handle?: DatabaseHandle }> {
  const name = databaseName(config);
  if (config.DATABASE_URL === '' && !fs.existsSync(config.SQLITE_FILE))
    return {
      result: warn('database', `no database yet at ${config.SQLITE_FILE}: serve or trove migrate creates it`),
    };
  const handle = openDatabase({ databaseUrl: config.DATABASE_URL, sqliteFile: config.SQLITE_FILE });
  try {
    await within(timeoutMs, () => sql`SELECT 1`.execute(handle.db));
    return { result: ok('database', `${name} answers`), handle };
  } catch (error) {
    // A pool still dialling would hold the process; its close is not waited for.
    void handle.close().catch(() => undefined);
    return {
      result: fail(
        'database',
        `${name} does not answer (${errorText(error)}): start it, or check DATABASE_URL, its host, port and password`,
      ),
    };
  }
}

/** Whether the database's schema is the one this trove expects: nothing pending, nothing unknown. */
export async function checkMigrations(db: Kysely<Database>, timeoutMs: number): Promise<CheckResult> {
  const known = Object.keys(migrations);
  let applied: string[];
  try {
    applied = await within(timeoutMs, async () => {
      const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
      if (!tables.some((t) => t.name === 'kysely_migration')) return [];
      const rows = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db);
      return rows.rows.map((r) => r.name);
    });
  } catch (error) {
    return fail('migrations', `could not read which migrations ran (${errorText(error)})`);
  }
  const unknown = applied.filter((name) => !known.includes(name));
  if (unknown.length > 0)
    return fail(
      'migrations',
      `the database has migrations this trove does not know (${unknown.join(', ')}): a newer version ` +
        'migrated it; run that version here too',
    );
  const pending = known.filter((name) => !applied.includes(name));
  if (pending.length > 0) {
    const names = pending.length > 3 ? `${pending[0] ?? ''} … ${pending.at(-1) ?? ''}` : pending.join(', ');
    return warn(
      'migrations',
      `${applied.length === 0 ? 'an empty database: ' : ''}${String(pending.length)} not applied yet (${names}): ` +
        'run trove migrate, or serve applies them at start',
    );
  }
  return ok('migrations', `up to date (${String(applied.length)} applied, the last ${known.at(-1) ?? ''})`);
}

/**
 * The signing key ([Note: Server secret]): configured, or the one the database keeps, read
 * and never made here. `db`: undefined when the database did not answer or does not exist.
 */
export async function checkSecret(
  config: Pick<Config, 'MEDIA_URL_SECRET' | 'DATA_DIR' | 'DATABASE_URL'>,
  db: Kysely<Database> | undefined,
  timeoutMs: number,
): Promise<CheckResult> {
  const configured = config.MEDIA_URL_SECRET !== '';
  if (!db) {
    if (configured) return ok('secret', 'MEDIA_URL_SECRET is set: every node must have the same value');
    return config.DATABASE_URL === ''
      ? ok('secret', 'none yet: the first start makes one and keeps it in the database')
      : warn('secret', 'cannot tell which signing secret the nodes share: the database does not answer');
  }
  let state: SecretState;
  try {
    state = await within(timeoutMs, async () => {
      const tables = await db.introspection.getTables();
      // Before migration 0028 the database keeps none: as on a first start.
      if (tables.some((t) => t.name === 'server_secrets')) return inspectServerSecret({ config, db });
      return { configured, keyFile: readKeyFile(config.DATA_DIR) ? 'pending' : 'none' } as const;
    });
  } catch (error) {
    return fail('secret', `the signing secret could not be read (${errorText(error)})`);
  }
  if (configured) {
    if (state.stored && !state.stored.equalsConfigured)
      return warn(
        'secret',
        'MEDIA_URL_SECRET is set, and the database keeps another signing secret: a node without ' +
          "MEDIA_URL_SECRET signs with the database's, and its links fail on this one; set the same " +
          'MEDIA_URL_SECRET on every node',
      );
    return ok('secret', 'MEDIA_URL_SECRET is set: every node must have the same value');
  }
  if (!state.stored) {
    const adopt = state.keyFile === 'pending' ? " (adopting this node's DATA_DIR key file)" : '';
    return config.DATABASE_URL === ''
      ? ok('secret', `none yet: the first start makes one${adopt} and keeps it in the database`)
      : warn(
          'secret',
          `the database keeps no signing secret yet (no node has started on it): the first start makes ` +
            `one${adopt} and every node takes that one`,
        );
  }
  if (state.keyFile === 'differs')
    return warn(
      'secret',
      "this node's old key file in DATA_DIR differs from the signing secret the database keeps (another " +
        "node's was kept first): links this node signed before no longer open; the file is unused and may be removed",
    );
  const since = new Date(state.stored.createdAt).toISOString().slice(0, 10);
  const origin = state.stored.source === 'data_dir' ? "adopted from a node's DATA_DIR key file" : 'generated';
  return ok('secret', `kept in the database since ${since} (${origin}): every node signs with it`);
}
