import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { createBackupHolds, keepHold, type KeptHold } from './backup-holds.ts';
import { copyBlobsOut, pruneBlobs } from './blob-copy.ts';
import { copyTree, fsyncDir, fsyncFile } from './files.ts';
import { MANIFEST_FILE, writeManifest, type BackupManifest } from './manifest.ts';
import { snapshotPostgres } from './postgres-copy.ts';
import { snapshotSqlite } from './sqlite-copy.ts';
import { troveVersion } from './version.ts';

/** DATA_DIR's folders worth keeping besides the database and the blobs (tmp, work, resumable are not). */
export const DATA_FOLDERS = ['secrets', 'outbox'] as const;

export interface BackupDeps {
  config: Pick<Config, 'DATA_DIR' | 'DATABASE_URL' | 'SQLITE_FILE'>;
  database: DatabaseHandle;
  store: BlobStore;
  log: (message: string) => void;
  now?: () => number;
  /** How often the hold is renewed (tests shorten it). */
  renewMs?: number;
}

/**
 * `trove backup <dir>` (see [Note: Backup hold] for why it can be trusted):
 * 1. takes a backup hold, so no stored bytes are deleted from here on;
 * 2. snapshots the database (SQLite's online backup, or pg_dump of one exported snapshot);
 * 3. copies the blobs that snapshot names, those not in the folder yet, durably;
 * 4. copies DATA_DIR's secrets and outbox;
 * 5. renews the hold once more (it must not have lapsed), writes the blob list and the
 *    manifest (last, atomically: a folder with a manifest is a complete backup), and
 *    releases the hold; then removes what only the previous backup in the folder needed.
 * A backup that stops midway leaves the previous one in the folder intact.
 */
export async function runBackup(deps: BackupDeps, dir: string): Promise<BackupManifest> {
  const { database, log } = deps;
  const now = deps.now ?? Date.now;
  await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
  const unlock = await lockFolder(dir);
  try {
    const startedAt = new Date(now()).toISOString();
    const stamp = `${startedAt.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}-${randomBytes(3).toString('hex')}`;
    const tmp = path.join(dir, 'tmp');
    await fs.promises.rm(tmp, { recursive: true, force: true });
    await fs.promises.mkdir(tmp, { mode: 0o700 });

    const hold = await keepHold(
      createBackupHolds(database.db),
      `${os.hostname()} pid ${String(process.pid)}`,
      {
        now,
        ...(deps.renewMs === undefined ? {} : { renewMs: deps.renewMs }),
        warn: log,
      },
    ).catch((error: unknown) => {
      throw new Error(
        `backup: no backup hold could be taken (${String(error)}); a database older than this ` +
          'Trove needs `trove migrate` first',
        { cause: error },
      );
    });
    let written: { manifest: BackupManifest; kept: Set<string> };
    try {
      written = await copyAll({ ...deps, now }, { dir, tmp, stamp, startedAt }, hold);
    } finally {
      await hold.release();
    }
    log(`backup: complete: ${path.join(dir, MANIFEST_FILE)}`);

    const pruned = await pruneBlobs(dir, written.kept);
    await removeOtherGenerations(dir, written.manifest);
    await fs.promises.rm(tmp, { recursive: true, force: true });
    if (pruned > 0) log(`backup: ${String(pruned)} blobs no longer named removed from the backup`);
    return written.manifest;
  } finally {
    await unlock();
  }
}

/** Steps 2 to 5 of `runBackup`, under the hold: answers the manifest written and the blobs kept. */
async function copyAll(
  deps: BackupDeps & { now: () => number },
  at: { dir: string; tmp: string; stamp: string; startedAt: string },
  hold: KeptHold,
): Promise<{ manifest: BackupManifest; kept: Set<string> }> {
  const { config, database, store, log, now } = deps;
  const { dir, tmp, stamp } = at;
  const databaseFile = `database-${stamp}.${database.dialect === 'sqlite' ? 'sqlite' : 'pgdump'}`;
  const snapshotTmp = path.join(tmp, databaseFile);
  const snapshotStartedAt = now();
  log(`backup: hold taken; database snapshot (${database.dialect}) started`);
  const facts =
    database.dialect === 'sqlite'
      ? await snapshotSqlite(config.SQLITE_FILE, snapshotTmp)
      : await snapshotPostgres(database.db, config.DATABASE_URL, snapshotTmp);
  await fs.promises.rename(snapshotTmp, path.join(dir, databaseFile));
  log(`backup: snapshot taken: ${String(facts.keys.size)} blobs named, schema ${facts.schema}`);

  const blobs = await copyBlobsOut({
    store,
    keys: facts.keys,
    dir,
    tmp,
    check: () => {
      hold.check();
    },
  });
  const bytes = [...blobs.sizes.values()].reduce((sum, size) => sum + size, 0);
  log(
    `backup: ${String(blobs.sizes.size)} blobs (${String(bytes)} bytes), ` +
      `${String(blobs.copied)} copied, ${String(blobs.sizes.size - blobs.copied)} already in the backup`,
  );
  const dataFolder = `data-${stamp}`;
  const files: string[] = [];
  for (const folder of DATA_FOLDERS) {
    const copied = await copyTree(
      path.join(config.DATA_DIR, folder),
      path.join(dir, dataFolder, folder),
      tmp,
    );
    files.push(...copied.map((name) => path.join(folder, name)));
  }
  const list = `blobs-${stamp}.txt`;
  const lines = [...blobs.sizes].map(([key, size]) => `${key} ${String(size)}\n`).join('');
  await fs.promises.writeFile(path.join(dir, list), lines, { mode: 0o600 });
  await fsyncFile(path.join(dir, list));
  await fsyncDir(dir);

  // Until here deletions were held; a lapse at any moment would leave a hole.
  await hold.confirm();
  const manifest: BackupManifest = {
    format: 1,
    trove: troveVersion(),
    startedAt: at.startedAt,
    finishedAt: new Date(now()).toISOString(),
    snapshotStartedAt,
    database: {
      dialect: database.dialect,
      file: databaseFile,
      bytes: (await fs.promises.stat(path.join(dir, databaseFile))).size,
      schema: facts.schema,
    },
    blobs: {
      store: store.kind,
      list,
      count: blobs.sizes.size,
      bytes,
      copied: blobs.copied,
      missing: blobs.missing,
    },
    data: { folder: dataFolder, files },
  };
  await writeManifest(dir, manifest);
  return { manifest, kept: new Set(blobs.sizes.keys()) };
}

/** The files of earlier backups in the folder, once the manifest names the new ones. */
async function removeOtherGenerations(dir: string, manifest: BackupManifest): Promise<void> {
  const current = new Set([manifest.database.file, manifest.blobs.list, manifest.data.folder]);
  for (const name of await fs.promises.readdir(dir)) {
    if (/^(database|blobs|data)-/.test(name) && !current.has(name)) {
      await fs.promises.rm(path.join(dir, name), { recursive: true, force: true });
    }
  }
}

/**
 * One backup at a time in a folder: a lock file naming the process. A lock left by a
 * process that is gone (a crash) is taken over; one of a live process stops this backup.
 */
async function lockFolder(dir: string): Promise<() => Promise<void>> {
  const file = path.join(dir, '.lock');
  const owner = `${os.hostname()} ${String(process.pid)}`;
  for (;;) {
    try {
      await fs.promises.writeFile(file, owner, { flag: 'wx', mode: 0o600 });
      return () => fs.promises.rm(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const [host, pid] = (await fs.promises.readFile(file, 'utf8').catch(() => '')).split(' ');
    if (host === os.hostname() && pid !== undefined && !isAlive(Number(pid))) {
      await fs.promises.rm(file, { force: true });
      continue;
    }
    throw new Error(
      `backup: another backup (${host ?? '?'} pid ${pid ?? '?'}) is writing to ${dir}; if it is not, remove ${file}`,
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but is another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
