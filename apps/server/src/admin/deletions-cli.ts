import type { Config } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import { createRepositories, createTransact } from '../modules/repositories.ts';
import {
  createDeletionAdmin,
  DeletionStartedError,
  NoDeletionError,
} from '../modules/deletion/deletion.admin.ts';
import type { OpenDeletion } from '../modules/deletion/deletion.repository.ts';

/** `trove admin deletions …` (admin/cli.ts hands them here). */
export const DELETIONS_USAGE = [
  'admin deletions [list]                    account deletions pending or failed, with their last error',
  'admin deletions restore <email|user id>   take one back while its job has not started',
].join('\n');

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** One deletion as the operator reads it: who, state, stage, when, and the last error. */
export function describeDeletion(row: OpenDeletion): string {
  const who = [row.user_id, row.email || '(confirmation sent)', row.name === null ? '(account removed)' : ''];
  const line = [
    ...who.filter(Boolean),
    row.state,
    `stage ${row.stage}`,
    `requested ${iso(row.requested_at)}`,
    `due ${iso(row.due_at)}`,
    `${String(row.attempts)} failed attempts`,
  ].join('  ');
  return row.last_error === null ? line : `${line}\n    last error: ${row.last_error}`;
}

/**
 * `trove admin deletions [list]`: account deletions not done (scheduled, running, failed)
 * with their last error (see [Note: Account deletion]); `trove admin deletions restore
 * <email|user id>`: takes one back while its job has not started. Exit 0, 1 when there is
 * nothing to restore or it started, 2 for a wrong use.
 */
export async function adminDeletions(config: Config, args: string[]): Promise<number> {
  const [area = '', action = 'list', who = ''] = args;
  if (
    area !== 'deletions' ||
    !['list', 'restore'].includes(action) ||
    (action === 'restore') !== (who !== '')
  ) {
    console.error(`usage: trove ${DELETIONS_USAGE.replaceAll('\n', '\n       trove ')}`);
    return 2;
  }
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, sqliteFile: config.SQLITE_FILE });
  try {
    await migrateToLatest(database.db);
    const deletions = createDeletionAdmin({
      repos: createRepositories(database.db),
      transact: createTransact(database.db),
      now: Date.now,
    });
    if (action === 'list') {
      const open = await deletions.listOpen();
      console.log(`deletions: ${String(open.length)} pending or failed`);
      for (const row of open) console.log(describeDeletion(row));
      return 0;
    }
    try {
      // Addresses are kept as sign-in reads them (trimmed, lower case), ids are lower case.
      const userId = await deletions.restore(who.trim().toLowerCase());
      console.log(`restored: ${userId} can sign in again (its sessions, grants and shares stay ended)`);
      return 0;
    } catch (error) {
      if (error instanceof NoDeletionError || error instanceof DeletionStartedError) {
        console.error(`restore: ${who}: ${error.message}`);
        return 1;
      }
      throw error;
    }
  } finally {
    await database.close();
  }
}
