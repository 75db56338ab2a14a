import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { signUpInDataDir } from '../test/harness.ts';
import { startServerProcess, type ServerProcess, PROCESS_TEST_TIMEOUT_MS } from '../test/server-process.ts';

const photo = fs.readFileSync(path.join(import.meta.dirname, '../media/fixtures/photo-exif.jpg'));
const FILES = 16;

/**
 * kill -9 while the media worker is busy (issue #10: files stayed pending long after a
 * restart, because the dead process's claims kept their 30-minute lease). After the
 * restart every file must leave `pending` by itself, without fsck or an operator.
 */
describe('crash safety (sqlite, SIGKILL during media processing)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-crash-media-'));
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'finishes every file after a restart, none left pending',
    { timeout: PROCESS_TEST_TIMEOUT_MS },
    async () => {
      const session = await signUpInDataDir(dataDir);
      let server = await startServerProcess(dataDir, { MEDIA_CONCURRENCY: '2' });
      servers.push(server);
      const call = (pathAndQuery: string, init: RequestInit = {}) =>
        fetch(`${server.url}${pathAndQuery}${pathAndQuery.includes('?') ? '&' : '?'}${session.query}`, {
          ...init,
          headers: { ...session.headers, ...(init.headers as Record<string, string> | undefined) },
        });
      const job = ((await (await call('/st/4/jobs/default')).json()) as { id: string }).id;
      const statuses = async () =>
        (
          (await (await call(`/st/4/jobs/${job}/files?limit=500`)).json()) as {
            files: { media_status: string }[];
          }
        ).files.map((file) => file.media_status);

      // Distinct bytes (a JPEG ignores what follows its end), so each file is its own work.
      for (let i = 0; i < FILES; i++) {
        const form = new FormData();
        form.set('path', `crash/${String(i)}.jpg`);
        form.set('file', new Blob([Buffer.concat([photo, randomBytes(64)])]), 'x.jpg');
        expect((await call(`/st/4/jobs/${job}/upload`, { method: 'POST', body: form })).status).toBe(200);
      }
      // Killed while it works: some item is claimed and not finished.
      const database = openDatabase({ databaseUrl: '', sqliteFile: path.join(dataDir, 'trove.db') });
      const claimed = async () =>
        (
          await database.db
            .selectFrom('work_items')
            .select('id')
            .where('locked_until', 'is not', null)
            .execute()
        ).length;
      while ((await claimed()) === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      await server.stop('SIGKILL');
      expect(await claimed()).toBeGreaterThan(0);
      await database.close();

      server = await startServerProcess(dataDir, { MEDIA_CONCURRENCY: '2' });
      servers.push(server);
      while ((await statuses()).includes('pending')) await new Promise((resolve) => setTimeout(resolve, 250));
      expect(await statuses()).toEqual(Array<string>(FILES).fill('ready'));
    },
  );
});
