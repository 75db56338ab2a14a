import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrations } from '../db/migrations/index.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { absentFromBackup, copyBlobsIn } from './blob-copy.ts';
import { copyTree } from './files.ts';
import { readBlobList, readManifest, type BackupManifest } from './manifest.ts';
import { postgresHasTables, restorePostgres } from './postgres-copy.ts';
import { restoreSqlite, sqliteHasTables } from './sqlite-copy.ts';

/** A restore refused before anything was written; the message says why and what to do. */
export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefusedError';
  }
}

export interface RestoreDeps {
  config: Pick<Config, 'DATA_DIR' | 'DATABASE_URL' | 'SQLITE_FILE'>;
  store: BlobStore;
  log: (message: string) => void;
}

/**
 * `trove restore <dir>`: checks the backup whole first (manifest, database copy, every blob
 * at its size) and that the target is empty (no table in the database, no blob in the
 * store) unless `force`; then puts back the blobs, DATA_DIR's files, and the database last,
 * so a database is there only once what it names is. The operator then runs `trove fsck
 * --verify`, which re-hashes every blob against the restored rows.
 */
export async function runRestore(deps: RestoreDeps, dir: string, options: { force: boolean }): Promise<void> {
  const { config, store, log } = deps;
  const manifest = await readManifest(dir);
  checkCompatible(manifest, config);
  const databaseCopy = path.join(dir, manifest.database.file);
  if (!fs.existsSync(databaseCopy))
    throw new RestoreRefusedError(`${databaseCopy} is missing: the backup is damaged`);
  const blobs = await readBlobList(path.join(dir, manifest.blobs.list));
  const absent = await absentFromBackup(dir, blobs);
  if (absent.length > 0) {
    throw new RestoreRefusedError(
      `the backup lacks ${String(absent.length)} of its blobs (or holds them at another size), e.g. ` +
        `${absent.slice(0, 5).join(', ')}: the backup is damaged`,
    );
  }
  if (!options.force) await checkEmpty(config, store);

  log(
    `restore: ${String(blobs.size)} blobs (${String(manifest.blobs.bytes)} bytes) into the ${store.kind} store`,
  );
  const { copied } = await copyBlobsIn({ store, blobs, dir });
  log(`restore: ${String(copied)} blobs written, ${String(blobs.size - copied)} were there already`);
  const dataTmp = path.join(config.DATA_DIR, 'tmp');
  await fs.promises.mkdir(dataTmp, { recursive: true, mode: 0o700 });
  const files = await copyTree(path.join(dir, manifest.data.folder), config.DATA_DIR, dataTmp);
  if (files.length > 0) log(`restore: ${files.join(', ')} put back in ${config.DATA_DIR}`);

  if (manifest.database.dialect === 'sqlite') {
    await restoreSqlite(databaseCopy, config.SQLITE_FILE, options.force);
  } else {
    const database = openDatabase({ databaseUrl: config.DATABASE_URL, sqliteFile: '' });
    try {
      await restorePostgres(database.db, config.DATABASE_URL, databaseCopy, options.force);
    } finally {
      await database.close();
    }
  }
  log(`restore: database restored (${manifest.database.dialect}, schema ${manifest.database.schema})`);
  if (manifest.blobs.missing.length > 0) {
    log(
      `restore: ${String(manifest.blobs.missing.length)} blobs were already missing when the backup was made; ` +
        'trove fsck lists them',
    );
  }
  log('restore: done; now run `trove fsck --verify` before starting the server');
}

/** The backup must fit this server: same database engine, a schema this version knows. */
function checkCompatible(manifest: BackupManifest, config: Pick<Config, 'DATABASE_URL'>): void {
  const dialect = config.DATABASE_URL === '' ? 'sqlite' : 'postgres';
  if (manifest.database.dialect !== dialect) {
    throw new RestoreRefusedError(
      `the backup holds a ${manifest.database.dialect} database but this server is configured for ${dialect}` +
        (dialect === 'sqlite' ? ' (set DATABASE_URL)' : ' (unset DATABASE_URL)'),
    );
  }
  if (!Object.hasOwn(migrations, manifest.database.schema)) {
    throw new RestoreRefusedError(
      `the backup's schema ${manifest.database.schema} is not one this Trove knows: it was made by a ` +
        `newer Trove (${manifest.trove}); restore it with that version or later`,
    );
  }
}

/** Restoring over a live install would mix two libraries: refused without --force. */
async function checkEmpty(config: RestoreDeps['config'], store: BlobStore): Promise<void> {
  if (config.DATABASE_URL === '') {
    if (sqliteHasTables(config.SQLITE_FILE)) {
      throw new RestoreRefusedError(
        `${config.SQLITE_FILE} is not empty; restore into an empty DATA_DIR, or pass --force to replace it`,
      );
    }
  } else {
    const database = openDatabase({ databaseUrl: config.DATABASE_URL, sqliteFile: '' });
    try {
      if (await postgresHasTables(database.db)) {
        throw new RestoreRefusedError(
          'the database of DATABASE_URL is not empty; restore into a new database, or pass --force to replace it',
        );
      }
    } finally {
      await database.close();
    }
  }
  for await (const blob of store.list()) {
    throw new RestoreRefusedError(
      `the ${store.kind} store already holds blobs (${blob.key}, …); restore into an empty one, or pass --force`,
    );
  }
}
