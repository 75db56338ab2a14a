import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import {
  createTestApp,
  fakeJpeg,
  openTestDatabase,
  signUp,
  timelineOf,
  uploadFile,
  type TestApp,
} from '../test/harness.ts';
import { LONG_ROUTES } from './logging.ts';

/** A log destination that keeps every line, parsed. */
function captureLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return {
    stream,
    text: () => lines.join('\n'),
    messages: () => lines.map((l) => (JSON.parse(l) as { msg?: string; level: number }).msg ?? ''),
  };
}

describe('the log', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('never holds the token, even at trace level during an authenticated upload', async () => {
    const log = captureLog();
    t = await createTestApp('sqlite', { deps: { logger: { level: 'trace', stream: log.stream } } });
    const session = await signUp(t.app);
    const job = await timelineOf(t.app, session);
    const cookie = 'trove_login=secret-cookie-value';
    const response = await uploadFile(t.app, { ...session, headers: { ...session.headers } }, job, {
      path: 'a.jpg',
      content: fakeJpeg(),
    });
    expect(response.statusCode).toBe(200);
    await t.app.inject({
      url: `/st/4/account_info?${session.query}`,
      headers: { ...session.headers, cookie },
    });
    // The multipart plugin did log its busboy options: the redaction had something to do.
    expect(log.messages()).toContain('Providing options to busboy');
    const text = log.text();
    expect(text).not.toContain(session.token);
    expect(text).not.toContain(session.headers.authorization.slice('Basic '.length));
    expect(text).not.toContain('secret-cookie-value');
    expect(text).not.toContain(session.query.split('device_id=')[1]);
  });

  it('censors credential headers and token fields nested in what code logs', async () => {
    const log = captureLog();
    t = await createTestApp('sqlite', { deps: { logger: { level: 'info', stream: log.stream } } });
    t.app.log.info({
      token: 'secret-0',
      upload: {
        auth_token: 'secret-1',
        request: { headers: { authorization: 'secret-2', cookie: 'secret-3' } },
      },
      client: { password: 'secret-4' },
    });
    expect(log.text()).toContain('[redacted]');
    expect(log.text()).not.toMatch(/secret-\d/);
  });

  it('writes no line per request at info, one at debug', async () => {
    // What the start logs (a first start's signing secret) is not a request's line.
    const info = captureLog();
    t = await createTestApp('sqlite', { deps: { logger: { level: 'info', stream: info.stream } } });
    const started = info.messages().length;
    await t.app.inject({ url: '/healthz' });
    expect(info.messages().slice(started)).toEqual([]);
    await t.close();

    const debug = captureLog();
    t = await createTestApp('sqlite', { deps: { logger: { level: 'debug', stream: debug.stream } } });
    const debugStarted = debug.messages().length;
    await t.app.inject({ url: '/healthz' });
    expect(debug.messages().slice(debugStarted)).toEqual(['request completed']);
  });

  it('warns of a request slower than SLOW_REQUEST_MS, at info level', async () => {
    const log = captureLog();
    const db = await openTestDatabase('sqlite');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-log-'));
    const app = await buildApp({
      config: loadConfig({ WEB_DIST: '/nonexistent', DATA_DIR: dataDir, SLOW_REQUEST_MS: '5' }),
      database: db.handle,
      logger: { level: 'info', stream: log.stream },
    });
    app.get('/slow', { config: { auth: 'public' } }, () => {
      // Holds the event loop past the threshold; the point is the duration, not a wait.
      const start = performance.now();
      while (performance.now() - start < 10);
      return 'done';
    });
    const started = log.messages().length;
    try {
      await app.inject({ url: '/slow' });
      await app.inject({ url: '/healthz' });
      expect(log.messages().slice(started)).toEqual(['slow request']);
      expect(log.text()).toContain('"path":"/slow"');
    } finally {
      await app.close();
      await db.cleanup();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('names only routes that exist as long by design', async () => {
    t = await createTestApp('sqlite');
    for (const route of LONG_ROUTES) expect(t.app.hasRoute(route), route.url).toBe(true);
  });
});
