import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OAUTH_CALLBACK_PATH } from '@trove/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { fakeJpeg, openTestDatabase, pkcePair, signUpInDataDir, type TestDatabase } from '../test/harness.ts';
import {
  SERVER_MAIN,
  serverEnv,
  startServerProcess,
  type ServerProcess,
  PROCESS_TEST_TIMEOUT_MS,
} from '../test/server-process.ts';

/**
 * A full disk, for real: a `trove serve` process on a small tmpfs is fed uploads until the
 * disk is full. Every request must be answered (no hang), with 507 insufficient_storage
 * rather than 500, reads and sign-in must keep working, and every acknowledged upload must
 * survive (checked by fsck --verify and by reading the bytes back). With the default
 * reserve the database keeps its room; with none, SQLite itself runs out (SQLITE_FULL).
 * PostgreSQL keeps its own disk, so there only the blob side fills.
 */
const DISK = '40m';

interface Case {
  name: string;
  dialect: 'sqlite' | 'postgres';
  reserveMb: number;
}

const CASES: Case[] = [
  // The reserve must hold what the database writes while uploads run (SQLite's WAL grows to
  // about 4 MiB between checkpoints) and what four uploads write between two checks; 6 MB was
  // at the edge of that and let a sign-in hit SQLITE_FULL now and then under load. The
  // default (DISK_RESERVE_MB, 256) is far above both.
  { name: 'sqlite, uploads stop at the reserve', dialect: 'sqlite', reserveMb: 12 },
  { name: 'sqlite, no reserve: the database runs out too', dialect: 'sqlite', reserveMb: 0 },
  { name: 'postgres, the blob disk runs out', dialect: 'postgres', reserveMb: 0 },
];

describe.each(CASES)('a full data disk ($name)', ({ dialect, reserveMb }) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-full-'));
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it(
    'answers 507 at once, keeps reads and sign-in working, and loses nothing',
    { timeout: PROCESS_TEST_TIMEOUT_MS },
    async () => {
      execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${DISK},mode=0700`, 'tmpfs', dataDir]);
      cleanups.push(() => {
        execFileSync('umount', ['-l', dataDir]);
        fs.rmSync(dataDir, { recursive: true, force: true });
      });
      let database: TestDatabase | undefined;
      if (dialect === 'postgres') {
        database = await openTestDatabase('postgres');
        const opened = database;
        cleanups.push(() => opened.cleanup());
      }
      const databaseUrl = database?.url ?? '';
      const env = { DATABASE_URL: databaseUrl, DISK_RESERVE_MB: String(reserveMb) };
      const session = await signUpInDataDir(dataDir, databaseUrl);
      let server: ServerProcess = await startServerProcess(dataDir, env);
      cleanups.push(() => server.stop('SIGKILL'));
      const call = (pathAndQuery: string, init: RequestInit = {}) =>
        fetch(`${server.url}${pathAndQuery}${pathAndQuery.includes('?') ? '&' : '?'}${session.query}`, {
          ...init,
          headers: { ...session.headers, ...(init.headers as Record<string, string> | undefined) },
        });
      const job = ((await (await call('/st/4/jobs/default')).json()) as { id: string }).id;

      // Four uploaders on keep-alive connections, each until the disk refuses it twice: a
      // request that stalls its connection would hang the next one on it.
      const acknowledged = new Map<string, string>();
      const refusals: unknown[] = [];
      const others: string[] = [];
      let resets = 0;
      const uploader = async () => {
        for (let refused = 0; refused < 2;) {
          const content = fakeJpeg(1_000_000 + Math.floor(Math.random() * 5_000_000));
          const form = new FormData();
          form.set('path', `full/${randomBytes(6).toString('hex')}.jpg`);
          form.set('file', new Blob([content]), 'x.jpg');
          // The server answers 507 as soon as it knows, while the body may still be on its
          // way, and closes that connection: the client may see the reset instead of the
          // answer. It counts as a refusal; a server that died would fail the reads below.
          const response = await call(`/st/4/jobs/${job}/upload`, { method: 'POST', body: form }).catch(
            (error: unknown) => {
              const code = (error as { cause?: { code?: string } }).cause?.code;
              if (code !== 'ECONNRESET' && code !== 'EPIPE') throw error;
              return undefined;
            },
          );
          if (!response) {
            resets += 1;
            refused += 1;
            continue;
          }
          const body = (await response.json()) as { uuid?: string; status?: string };
          if (response.status === 507) {
            refusals.push(body);
            refused += 1;
          } else if (response.ok && body.uuid) {
            acknowledged.set(body.uuid, createHash('sha1').update(content).digest('hex'));
          } else {
            others.push(`${String(response.status)} ${JSON.stringify(body)}`);
          }
        }
      };
      await Promise.all(Array.from({ length: 4 }, uploader));
      expect(others).toEqual([]);
      expect(refusals.length + resets).toBe(8);
      for (const refusal of refusals)
        expect(refusal).toMatchObject({ error: { code: 'insufficient_storage' } });
      expect(acknowledged.size).toBeGreaterThan(0);

      // Reads still work; so do sign-in and album creation wherever the database has room.
      // Without a reserve SQLite may still find room in its WAL, or not: then 507, never 500.
      expect((await call(`/st/4/jobs/${job}/files?limit=10`)).status).toBe(200);
      const databaseHasRoom = dialect === 'postgres' || reserveMb > 0;
      const expected = databaseHasRoom ? [200] : [200, 507];
      expect(expected).toContain(await signInOverHttp(server.url, session));
      const album = await call('/st/4/jobs', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'On a full disk' }),
      });
      expect(expected).toContain(album.status);

      // Nothing acknowledged was lost: after a crash, fsck finds every blob whole.
      await server.stop('SIGKILL');
      const fsck = spawn(process.execPath, [SERVER_MAIN, 'fsck', '--grace-minutes', '0', '--verify'], {
        env: serverEnv(dataDir, env),
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let fsckOut = '';
      fsck.stdout.on('data', (chunk: Buffer) => (fsckOut += chunk.toString()));
      expect(await new Promise((resolve) => fsck.once('exit', resolve))).toBe(0);
      expect(fsckOut).toMatch(/0 MISSING, 0 CORRUPT/);
      server = await startServerProcess(dataDir, env);
      const listed = (await (await call(`/st/4/jobs/${job}/files?limit=500`)).json()) as {
        files: { id: string; checksum: string; file_url: string }[];
      };
      const byId = new Map(listed.files.map((file) => [file.id, file]));
      for (const [id, sha1] of acknowledged) {
        const file = byId.get(id);
        expect(file?.checksum, `acknowledged upload ${id}`).toBe(sha1);
        const bytes = Buffer.from(await (await fetch(`${server.url}${file?.file_url ?? ''}`)).arrayBuffer());
        expect(createHash('sha1').update(bytes).digest('hex')).toBe(sha1);
      }
    },
  );
});

/** Preflight then sign-in with the account's password, as a browser would; the last status. */
async function signInOverHttp(origin: string, account: { email: string; password: string }): Promise<number> {
  const query = new URLSearchParams({
    redir: '/photos',
    locale: 'en_US',
    code_challenge: pkcePair().challenge,
    oauth_redirect_uri: origin + OAUTH_CALLBACK_PATH,
    device_id: randomUUID(),
    device_name: 'Trove Web',
  });
  const preflight = await fetch(`${origin}/idp/preflight?${query.toString()}`);
  if (preflight.status !== 200) return preflight.status;
  const state = ((await preflight.json()) as { authorization_params: { state: string } }).authorization_params
    .state;
  const cookie = (preflight.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const signIn = await fetch(`${origin}/idp/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ state, email: account.email, password: account.password }),
  });
  return signIn.status;
}
