import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import {
  fakeJpeg,
  INJECT_ENV,
  multipart,
  signUp,
  signUpInDataDir,
  timelineOf,
  uploadFile,
  type Session,
} from './test/harness.ts';
import {
  PROCESS_TEST_TIMEOUT_MS,
  spawnTrove,
  startServerProcess,
  type ServerProcess,
} from './test/server-process.ts';
import { until } from './test/wait.ts';

/**
 * [Note: Graceful shutdown] with a real `trove serve`: SIGTERM while an upload is half sent,
 * a long poll is held and a request to /readyz is on its way on an open connection.
 */

/** An upload sent in two halves: the server has the request (100 Continue) before the second. */
async function startUpload(server: ServerProcess, session: Session, job: string) {
  const body = multipart(
    { path: 'drain/held.jpg', mtime: '1700000000' },
    { filename: 'held.jpg', content: fakeJpeg(300_000) },
  );
  const request = http.request(`${server.url}/st/4/jobs/${job}/upload?${session.query}`, {
    method: 'POST',
    headers: { ...session.headers, ...body.headers, expect: '100-continue' },
  });
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.once('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.once('end', () => {
        resolve({ status: response.statusCode ?? 0, body: text });
      });
    });
    request.once('error', reject);
  });
  await once(request, 'continue');
  const half = Math.floor(body.payload.length / 2);
  request.write(body.payload.subarray(0, half));
  return {
    answered,
    finish: () => {
      request.end(body.payload.subarray(half));
    },
  };
}

/**
 * A connection with a request to /readyz begun (its request line sent, not its end): the
 * server cannot count it idle, so it stays open when the server stops accepting.
 */
async function beginReadyz(server: ServerProcess) {
  const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1');
  await once(socket, 'connect');
  socket.write('GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (text += chunk));
  return {
    finish: async () => {
      socket.write('\r\n');
      await until(() => text.includes('\r\n\r\n{') && text.trimEnd().endsWith('}'), 'the readyz answer');
      socket.destroy();
      return text;
    },
  };
}

/** True once nothing accepts connections on the server's port. */
const refuses = (server: ServerProcess) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => {
      resolve(true);
    });
  });

describe('trove serve on SIGTERM', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-shutdown-'));
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'answers held long polls and readyz (503 draining) at once, stops accepting, lets an upload in flight finish and exits 0',
    { timeout: PROCESS_TEST_TIMEOUT_MS },
    async () => {
      const session = await signUpInDataDir(dataDir);
      const server = await startServerProcess(dataDir, { SHUTDOWN_GRACE_MS: '60000' });
      servers.push(server);
      const call = (pathAndQuery: string) =>
        fetch(`${server.url}${pathAndQuery}${pathAndQuery.includes('?') ? '&' : '?'}${session.query}`, {
          headers: session.headers,
        });
      const job = ((await (await call('/st/4/jobs/default')).json()) as { id: string }).id;
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);

      const poll = call(`/poll?seq=1000000&event=job_changed:${job}`);
      const upload = await startUpload(server, session, job);
      const readyz = await beginReadyz(server);
      const exited = server.exited;
      process.kill(server.pid, 'SIGTERM');
      const signalled = Date.now();

      // The held poll answers now, not after its 25 s: the client polls again elsewhere.
      const polled = await poll;
      expect(polled.status).toBe(200);
      expect(await polled.text()).toMatch(new RegExp(`^seq=\\d+\\njob_changed:${job}\\n$`));
      expect(Date.now() - signalled).toBeLessThan(10_000);
      // New connections are refused (a proxy retries those elsewhere)...
      await until(() => refuses(server), 'the server to stop accepting connections');
      // ...and a readyz already on its way says the node is draining.
      const answer = await readyz.finish();
      expect(answer).toMatch(/^HTTP\/1\.1 503 /);
      expect(answer).toMatch(/connection: close/i);
      expect(answer).toContain('{"ok":false,"draining":true}');

      // The upload in flight still completes, and only then does the process end, cleanly.
      let ended = false;
      void exited.then(() => (ended = true));
      expect(ended).toBe(false);
      upload.finish();
      const uploaded = await upload.answered;
      expect(uploaded.status, uploaded.body).toBe(200);
      const { uuid } = JSON.parse(uploaded.body) as { uuid: string };
      const finished = Date.now();
      expect(await exited).toBe(0);
      // As soon as nothing is in flight, not at the end of the 60 s grace period.
      expect(Date.now() - finished).toBeLessThan(10_000);
      const database = openDatabase({ databaseUrl: '', sqliteFile: path.join(dataDir, 'trove.db') });
      try {
        const row = await database.db
          .selectFrom('files')
          .select('id')
          .where('id', '=', uuid)
          .executeTakeFirst();
        expect(row).toEqual({ id: uuid });
      } finally {
        await database.close();
      }
    },
  );

  it(
    'exits at once on a second signal, without waiting for what is in flight',
    { timeout: PROCESS_TEST_TIMEOUT_MS },
    async () => {
      const session = await signUpInDataDir(dataDir);
      const server = await startServerProcess(dataDir, { SHUTDOWN_GRACE_MS: '60000' });
      servers.push(server);
      const jobs = await fetch(`${server.url}/st/4/jobs/default?${session.query}`, {
        headers: session.headers,
      });
      const job = ((await jobs.json()) as { id: string }).id;
      const upload = await startUpload(server, session, job);
      void upload.answered.catch(() => undefined);
      process.kill(server.pid, 'SIGTERM');
      await until(() => refuses(server), 'the first signal to start the drain');
      const again = Date.now();
      process.kill(server.pid, 'SIGINT');
      // 128 + SIGINT's 2, as a shell shows a process a signal ended.
      expect(await server.exited).toBe(130);
      expect(Date.now() - again).toBeLessThan(5_000);
    },
  );
});

/** The ffmpeg processes transcoding an original under `dataDir` now (their pids). */
function transcodesIn(dataDir: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let args: string[];
    try {
      args = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
    } catch {
      continue; // ended meanwhile
    }
    if (args.includes('libx264') && args.some((arg) => arg.includes(dataDir))) pids.push(Number(entry));
  }
  return pids;
}

describe('trove worker on SIGTERM', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-worker-stop-'));
  const sourceDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-worker-video-'));
  afterAll(() => {
    for (const dir of [dataDir, sourceDir]) fs.rmSync(dir, { recursive: true, force: true });
  });

  it(
    'kills the ffmpeg of a running transcode, hands its item back unspent and exits 0',
    { timeout: PROCESS_TEST_TIMEOUT_MS },
    async () => {
      // Half a minute of 720p: its preview takes ffmpeg some seconds.
      const video = path.join(sourceDir, 'long.mp4');
      execFileSync('ffmpeg', [
        ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30'],
        ...[
          '-t',
          '30',
          '-c:v',
          'libx264',
          '-preset',
          'ultrafast',
          '-crf',
          '35',
          '-pix_fmt',
          'yuv420p',
          video,
        ],
      ]);
      const config = loadConfig({ DATA_DIR: dataDir, WEB_DIST: '/nonexistent', ...INJECT_ENV });
      const database = openDatabase({ databaseUrl: '', sqliteFile: config.SQLITE_FILE });
      await migrateToLatest(database.db);
      try {
        const app = await buildApp({ config, database, logger: false });
        const session = await signUp(app);
        const job = await timelineOf(app, session);
        const uploaded = await uploadFile(app, session, job, {
          path: 'long.mp4',
          content: fs.readFileSync(video),
        });
        expect(uploaded.statusCode, uploaded.body).toBe(200);
        await app.close();

        const worker = spawnTrove(['worker'], dataDir, { SHUTDOWN_GRACE_MS: '0' });
        await until(() => transcodesIn(dataDir).length > 0, 'the preview transcode to start', 60_000);
        worker.child.kill('SIGTERM');
        expect(await worker.exited, worker.output()).toBe(0);
        // ffmpeg was killed with its handler, not left running on its own.
        expect(transcodesIn(dataDir)).toEqual([]);
        const items = await database.db
          .selectFrom('work_items')
          .selectAll()
          .where('kind', '=', 'media')
          .execute();
        expect(items).toMatchObject([{ state: 'queued', attempts: 0, locked_until: null, last_error: null }]);
        expect(fs.readdirSync(path.join(dataDir, 'work'))).toEqual([]);
      } finally {
        await database.close();
      }
    },
  );
});
