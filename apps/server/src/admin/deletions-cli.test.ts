import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import { INJECT_ENV, signUp } from '../test/harness.ts';
import { SERVER_MAIN, serverEnv } from '../test/server-process.ts';

/** Runs `trove ...args` as a real process; answers its exit code and output. */
function trove(args: string[], dataDir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [SERVER_MAIN, ...args],
      { env: serverEnv(dataDir) },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}

/**
 * `trove admin deletions` ([Note: Account deletion]): the operator sees the deletions not
 * done with their state, stage and last error, and restores one before its job starts.
 */
describe('trove admin deletions', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-admin-'));
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists pending and failed deletions and restores one that has not started', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, WEB_DIST: '/nonexistent', ...INJECT_ENV });
    const database = openDatabase({ databaseUrl: '', sqliteFile: config.SQLITE_FILE });
    await migrateToLatest(database.db);
    const app = await buildApp({ config, database, logger: false });
    const [ann, bo] = [await signUp(app), await signUp(app)];
    for (const who of [ann, bo]) {
      const r = await app.inject({
        method: 'POST',
        url: `/st/4/data_protection/request_account_deletion?${who.query}`,
        headers: who.headers,
      });
      expect(r.statusCode, r.body).toBe(200);
    }
    await app.close();
    await database.db
      .updateTable('account_deletions')
      .set({ state: 'failed', stage: 'own_jobs', attempts: 5, last_error: 'disk on fire' })
      .where('user_id', '=', bo.userId)
      .execute();
    await database.close();

    const list = await trove(['admin', 'deletions'], dataDir);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toContain('deletions: 2 pending or failed');
    expect(list.stdout).toMatch(new RegExp(`${ann.userId} {2}${ann.email} {2}scheduled {2}stage billing`));
    expect(list.stdout).toMatch(new RegExp(`${bo.userId} {2}${bo.email} {2}failed {2}stage own_jobs`));
    expect(list.stdout).toContain('5 failed attempts\n    last error: disk on fire');

    const restored = await trove(['admin', 'deletions', 'restore', ann.email.toUpperCase()], dataDir);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain(`restored: ${ann.userId}`);
    expect((await trove(['admin', 'deletions', 'restore', ann.userId], dataDir)).code).toBe(1);
    const started = await trove(['admin', 'deletions', 'restore', bo.userId], dataDir);
    expect(started.code).toBe(1);
    expect(started.stderr).toContain('its job has started');
    expect((await trove(['admin', 'deletions', 'list'], dataDir)).stdout).toContain('deletions: 1 pending');
    for (const wrong of [
      ['admin', 'deletions', 'restore'],
      ['admin', 'deletions', 'list', 'x'],
    ])
      expect((await trove(wrong, dataDir)).code, wrong.join(' ')).toBe(2);
  });
});
