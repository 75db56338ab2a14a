import path from 'node:path';
import type { Config } from '../config.ts';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { openBlobStore } from '../storage/open-store.ts';
import { runBackup } from './backup.ts';
import { createBackupHolds, holdDeletes } from './backup-holds.ts';
import { RestoreRefusedError, runRestore } from './restore.ts';
import { sqliteHasTables } from './sqlite-copy.ts';

export const BACKUP_USAGE = 'backup <dir>';
export const RESTORE_USAGE = 'restore <dir> [--force]';

/**
 * The configured blob store, whose deletions wait while a backup holds (see [Note: Backup
 * hold]): every command that may delete stored bytes opens its store through this.
 */
export async function openHeldBlobStore(config: Config, database: DatabaseHandle): Promise<BlobStore> {
  return holdDeletes(await openBlobStore(config), createBackupHolds(database.db));
}

const print = (message: string) => {
  console.log(message);
};

/** `trove backup <dir>`: 0 when complete, 1 when it failed or blobs were missing already. */
export async function backupCommand(config: Config, args: string[]): Promise<number> {
  const [dir = '', ...rest] = args;
  if (dir === '' || dir.startsWith('-') || rest.length > 0) {
    console.error(`usage: trove ${BACKUP_USAGE}`);
    return 2;
  }
  // Opening a missing SQLite file would create an empty one in what is likely the wrong folder.
  if (config.DATABASE_URL === '' && !sqliteHasTables(config.SQLITE_FILE)) {
    console.error(`backup: no Trove database at ${config.SQLITE_FILE}: is DATA_DIR (or DATABASE_URL) right?`);
    return 1;
  }
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, sqliteFile: config.SQLITE_FILE });
  try {
    const manifest = await runBackup(
      { config, database, store: await openBlobStore(config), log: print },
      path.resolve(dir),
    );
    for (const key of manifest.blobs.missing)
      console.log(`MISSING blob ${key}: named by the database, not in the store`);
    return manifest.blobs.missing.length > 0 ? 1 : 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    await database.close();
  }
}

/** `trove restore <dir> [--force]`: 0 when restored, 1 when refused or failed. */
export async function restoreCommand(config: Config, args: string[]): Promise<number> {
  const force = args.includes('--force');
  const [dir = '', ...rest] = args.filter((arg) => arg !== '--force');
  if (dir === '' || dir.startsWith('-') || rest.length > 0) {
    console.error(`usage: trove ${RESTORE_USAGE}`);
    return 2;
  }
  try {
    await runRestore({ config, store: await openBlobStore(config), log: print }, path.resolve(dir), {
      force,
    });
    return 0;
  } catch (error) {
    const refused = error instanceof RestoreRefusedError;
    console.error(
      `restore: ${refused ? 'refused: ' : ''}${error instanceof Error ? error.message : String(error)}`,
    );
    return 1;
  }
}
