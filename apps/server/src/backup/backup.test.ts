import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../db/database.ts';
import { createFsBlobStore } from '../storage/fs-blob-store.ts';
import { fakeJpeg, INJECT_ENV, signUp, timelineOf, uploadFile, type Session } from '../test/harness.ts';
import { runBackup } from './backup.ts';
import { backupBlobPath } from './blob-copy.ts';
import { MANIFEST_FILE, readManifest } from './manifest.ts';
import { RestoreRefusedError, runRestore } from './restore.ts';
import { sqliteHasTables } from './sqlite-copy.ts';

/** `trove backup` run again into its folder, and `trove restore` refusing what it cannot trust. */
describe('backup folder and restore checks (sqlite, fs store)', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-backup-'));
  const backupDir = path.join(root, 'backup');
  let config: Config;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let user: Session;
  let job: string;
  beforeAll(async () => {
    config = loadConfig({ DATA_DIR: path.join(root, 'live'), WEB_DIST: '/nonexistent', ...INJECT_ENV });
    database = openDatabase({ databaseUrl: '', sqliteFile: config.SQLITE_FILE });
    await migrateToLatest(database.db);
    app = await buildApp({ config, database, logger: false });
    user = await signUp(app);
    job = await timelineOf(app, user);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    fs.rmSync(root, { recursive: true, force: true });
  });
  const backup = () =>
    runBackup(
      { config, database, store: createFsBlobStore(config.DATA_DIR), log: () => undefined },
      backupDir,
    );
  const target = (name: string) => {
    const restored = loadConfig({ DATA_DIR: path.join(root, name), WEB_DIST: '/nonexistent' });
    fs.mkdirSync(restored.DATA_DIR, { recursive: true, mode: 0o700 });
    return { config: restored, store: createFsBlobStore(restored.DATA_DIR), log: () => undefined };
  };
  const upload = async (name: string) => {
    const response = await uploadFile(app, user, job, { path: name, content: fakeJpeg(2000) });
    return response.json<{ uuid: string }>().uuid;
  };

  it('copies only new blobs into the folder the next time, and drops what is no longer named', async () => {
    const kept = await upload('kept.jpg');
    const gone = await upload('gone.jpg');
    const first = await backup();
    expect(first.blobs).toMatchObject({ count: 2, copied: 2, missing: [] });
    const goneKey = await keyOf(gone);

    await app.inject({
      method: 'DELETE',
      url: `/st/4/jobs/${job}/files_by_id/${gone}?${user.query}`,
      headers: user.headers,
    });
    const emptied = await app.inject({
      method: 'POST',
      url: `/st/4/empty_trash_can?${user.query}`,
      headers: user.headers,
      payload: { fileid: [gone] },
    });
    expect(emptied.json<{ deleted: number }>().deleted).toBe(1);
    await upload('new.jpg');
    const second = await backup();
    expect(second.blobs).toMatchObject({ count: 2, copied: 1 });
    expect(fs.existsSync(backupBlobPath(backupDir, await keyOf(kept)))).toBe(true);
    expect(fs.existsSync(backupBlobPath(backupDir, goneKey))).toBe(false);
    // One backup in the folder: the first one's database and list are gone.
    expect(fs.readdirSync(backupDir).filter((name) => name.startsWith('database-'))).toEqual([
      second.database.file,
    ]);
  });

  it('refuses a damaged backup before writing anything', async () => {
    const manifest = await readManifest(backupDir);
    const [key] = (await fs.promises.readFile(path.join(backupDir, manifest.blobs.list), 'utf8')).split(' ');
    const blob = backupBlobPath(backupDir, key ?? '');
    const saved = await fs.promises.readFile(blob);
    await fs.promises.rm(blob);
    try {
      const into = target('damaged');
      await expect(runRestore(into, backupDir, { force: false })).rejects.toThrow(/lacks 1 of its blobs/);
      expect(sqliteHasTables(into.config.SQLITE_FILE)).toBe(false);
      expect(fs.readdirSync(path.join(into.config.DATA_DIR, 'blobs'))).toEqual([]);
    } finally {
      await fs.promises.writeFile(blob, saved);
    }
  });

  it('refuses a backup of a newer Trove, or of the other database engine', async () => {
    const text = await fs.promises.readFile(path.join(backupDir, MANIFEST_FILE), 'utf8');
    const copy = path.join(root, 'edited');
    await fs.promises.cp(backupDir, copy, { recursive: true });
    const edit = (change: (m: Record<string, Record<string, unknown>>) => void) => {
      const manifest = JSON.parse(text) as Record<string, Record<string, unknown>>;
      change(manifest);
      fs.writeFileSync(path.join(copy, MANIFEST_FILE), JSON.stringify(manifest));
    };
    edit((m) => ((m.database ?? {}).schema = '9999-from-the-future'));
    await expect(runRestore(target('newer'), copy, { force: false })).rejects.toThrow(
      /made by a newer Trove/,
    );
    edit((m) => ((m.database ?? {}).dialect = 'postgres'));
    await expect(runRestore(target('engine'), copy, { force: false })).rejects.toBeInstanceOf(
      RestoreRefusedError,
    );
    edit((m) => ((m.database ?? {}).file = '../../etc/passwd'));
    await expect(runRestore(target('escape'), copy, { force: false })).rejects.toThrow(
      /not a backup manifest/,
    );
  });

  it('restores over a non-empty place only with --force', async () => {
    const into = target('full');
    await runRestore(into, backupDir, { force: false });
    await expect(runRestore(into, backupDir, { force: false })).rejects.toThrow(/not empty/);
    await runRestore(into, backupDir, { force: true });
    expect(sqliteHasTables(into.config.SQLITE_FILE)).toBe(true);
    const restored = openDatabase({ databaseUrl: '', sqliteFile: into.config.SQLITE_FILE });
    try {
      expect(await restored.db.selectFrom('files').select('id').execute()).toHaveLength(2);
      expect(await restored.db.selectFrom('backup_holds').select('id').execute()).toEqual([]);
    } finally {
      await restored.close();
    }
  });

  async function keyOf(fileId: string): Promise<string> {
    const row = await database.db
      .selectFrom('files')
      .innerJoin('blobs', 'blobs.id', 'files.blob_id')
      .select('blobs.store_key')
      .where('files.id', '=', fileId)
      .executeTakeFirstOrThrow();
    return row.store_key;
  }
});
