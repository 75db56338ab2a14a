import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
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
