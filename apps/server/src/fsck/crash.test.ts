import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { fakeJpeg, signUpInDataDir } from '../test/harness.ts';
import {
  SERVER_MAIN,
  serverEnv,
  startServerProcess,
  type ServerProcess,
  PROCESS_TEST_TIMEOUT_MS,
} from '../test/server-process.ts';

/**
 * The promise of [Note: Blob storage], tested the hard way: a real server process is killed
 * with SIGKILL at random moments while many uploads are in flight, again and again. After
 * `trove fsck`, every upload the server acknowledged must be listed with bytes that hash to
 * its checksum, nothing half-written may be visible, and no orphan bytes may remain.
 */
const ROUNDS = 6;
const PARALLEL = 6;

interface Listed {
  id: string;
  checksum: string;
  size: number;
  file_url: string;
}

describe('crash safety (sqlite, SIGKILL during uploads)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-crash-'));
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const start = async () => {
    const server = await startServerProcess(dataDir);
    servers.push(server);
    return server;
  };

  it(
    'loses no acknowledged upload and shows nothing half-written',
    { timeout: PROCESS_TEST_TIMEOUT_MS },
    async () => {
      const session = await signUpInDataDir(dataDir);
      const call = (server: ServerProcess, pathAndQuery: string, init: RequestInit = {}) =>
        fetch(`${server.url}${pathAndQuery}${pathAndQuery.includes('?') ? '&' : '?'}${session.query}`, {
          ...init,
          headers: { ...session.headers, ...(init.headers as Record<string, string> | undefined) },
        });
      const acknowledged = new Map<string, string>();
      let interrupted = 0;

      for (let round = 0; round < ROUNDS; round++) {
        const server = await start();
        const job = ((await (await call(server, '/st/4/jobs/default')).json()) as { id: string }).id;
        let stopped = false;
        const uploader = async () => {
          while (!stopped) {
            // 20 KB to 3 MB: big enough that a kill often lands mid-stream.
            const content = fakeJpeg(20_000 + Math.floor(Math.random() * 3_000_000));
            const sha1 = createHash('sha1').update(content).digest('hex');
            const form = new FormData();
            form.set('path', `crash/${randomBytes(6).toString('hex')}.jpg`);
            form.set('file', new Blob([content]), 'x.jpg');
            try {
              const response = await call(server, `/st/4/jobs/${job}/upload`, { method: 'POST', body: form });
              if (response.ok) {
                const answer = (await response.json()) as { status: string; uuid: string };
                if (answer.status === 'processing') acknowledged.set(answer.uuid, sha1);
              }
            } catch {
              // Killed mid-request: not acknowledged, so it may or may not exist.
              interrupted += 1;
            }
          }
        };
        const running = Array.from({ length: PARALLEL }, uploader);
        await new Promise((resolve) => setTimeout(resolve, 150 + Math.random() * 700));
        await server.stop('SIGKILL');
        stopped = true;
        await Promise.all(running);
      }
      expect(acknowledged.size).toBeGreaterThan(0);
      // The kills really landed mid-upload, not between requests.
      expect(interrupted).toBeGreaterThanOrEqual(ROUNDS);

      // fsck with no grace period: every orphan now is a crash leftover.
      const fsck = spawn(process.execPath, [SERVER_MAIN, 'fsck', '--grace-minutes', '0', '--verify'], {
        env: serverEnv(dataDir),
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let fsckOut = '';
      fsck.stdout.on('data', (chunk: Buffer) => (fsckOut += chunk.toString()));
      const fsckCode = await new Promise<number | null>((resolve) => fsck.once('exit', resolve));
      console.log(
        `crash test: ${String(acknowledged.size)} acknowledged, ${String(interrupted)} interrupted; ${fsckOut.trim()}`,
      );
      expect(fsckOut).toMatch(/0 MISSING, 0 CORRUPT/);
      expect(fsckCode).toBe(0);

      const server = await start();
      const job = ((await (await call(server, '/st/4/jobs/default')).json()) as { id: string }).id;
      const listed = new Map<string, Listed>();
      let cursor: string | null = null;
      do {
        const page = (await (
          await call(server, `/st/4/jobs/${job}/files?limit=500${cursor ? `&cursor=${cursor}` : ''}`)
        ).json()) as { files: Listed[]; next_cursor: string | null };
        for (const file of page.files) listed.set(file.id, file);
        cursor = page.next_cursor;
      } while (cursor);

      for (const [id, sha1] of acknowledged) {
        expect(listed.get(id)?.checksum, `acknowledged upload ${id}`).toBe(sha1);
      }
      // Every visible file, acknowledged or not, is whole.
      for (const file of listed.values()) {
        const bytes = Buffer.from(await (await fetch(`${server.url}${file.file_url}`)).arrayBuffer());
        expect(bytes.length).toBe(file.size);
        expect(createHash('sha1').update(bytes).digest('hex')).toBe(file.checksum);
      }
      await server.stop('SIGKILL');

      // No orphans: the store holds exactly the blobs the database names.
      const stored: string[] = [];
      const walk = (dir: string) => {
        for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
          if (entry.isDirectory()) walk(path.join(dir, entry.name));
          else stored.push(entry.name);
        }
      };
      walk(path.join(dataDir, 'blobs'));
      const database = openDatabase({ databaseUrl: '', sqliteFile: path.join(dataDir, 'trove.db') });
      const rows = await database.db.selectFrom('blobs').select('store_key').execute();
      const renditions = await database.db.selectFrom('derivatives').select('store_key').execute();
      await database.close();
      expect(stored.sort()).toEqual([...rows, ...renditions].map((r) => r.store_key).sort());
      expect(fs.readdirSync(path.join(dataDir, 'tmp'))).toEqual([]);
    },
  );
});
