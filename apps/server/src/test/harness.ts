import { randomBytes, randomUUID, createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { BASIC_AUTH_USER, CLIENT_VERSION, OAUTH_CALLBACK_PATH, WEB_CLIENT_KEY } from '@trove/contract';
import { buildApp, type AppDeps } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle, type Dialect } from '../db/database.ts';

/**
 * Test harness: a real app on a real database, SQLite or PostgreSQL. PostgreSQL tests use
 * the server at TROVE_TEST_DATABASE_URL (default: this machine's, trust auth) and a fresh
 * database per call; when that server is missing they fail, they do not skip.
 */
export const DIALECTS: readonly Dialect[] = ['sqlite', 'postgres'];

const PG_ADMIN_URL = process.env.TROVE_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** DATABASE_URL of a real server process on this database ('' for SQLite: its DATA_DIR's file). */
  url: string;
  /** The SQLite file, for another process to open ('' for PostgreSQL). */
  sqliteFile: string;
  cleanup(): Promise<void>;
}

/** Opens a fresh, migrated database of the dialect. */
export async function openTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-test-'));
    const sqliteFile = path.join(dir, 'trove.db');
    const handle = openDatabase({ databaseUrl: '', sqliteFile });
    await migrateToLatest(handle.db);
    return {
      handle,
      url: '',
      sqliteFile,
      cleanup: async () => {
        await handle.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `trove_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(`PostgreSQL tests need a server at ${PG_ADMIN_URL}`, { cause: error });
  }
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const handle = openDatabase({ databaseUrl: url.toString(), sqliteFile: '' });
  await migrateToLatest(handle.db);
  return {
    handle,
    url: url.toString(),
    sqliteFile: '',
    cleanup: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: PG_ADMIN_URL });
      await dropper.connect();
      // Closed connections can take a moment to leave the server; forcing at once would
      // kill them mid-goodbye and log noise, so wait a little before forcing.
      for (let attempt = 0; ; attempt++) {
        try {
          await dropper.query(`DROP DATABASE IF EXISTS ${name}${attempt >= 10 ? ' WITH (FORCE)' : ''}`);
          break;
        } catch (error) {
          if (attempt >= 10) throw error;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
      await dropper.end();
    },
  };
}

/** A clock the test moves by hand. */
export function testClock(start = Date.UTC(2026, 10, 23, 12)) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: DatabaseHandle;
  clock: ReturnType<typeof testClock>;
  /** Stops the app and starts a new one on the same database and data folder, as a restart. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** Builds the app on a fresh database; `env` overrides settings, `deps` adds e.g. OIDC. */
export async function createTestApp(
  dialect: Dialect,
  options: { env?: Record<string, string>; deps?: Partial<AppDeps> } = {},
): Promise<TestApp> {
  const db = await openTestDatabase(dialect);
  const dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'trove-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, WEB_DIST: '/nonexistent', ...INJECT_ENV, ...options.env });
  const clock = testClock();
  const build = async () => {
    const built = await buildApp({
      config,
      database: db.handle,
      now: clock.now,
      logger: false,
      ...options.deps,
    });
    await built.ready();
    return built;
  };
  const testApp: TestApp = {
    app: await build(),
    config,
    database: db.handle,
    clock,
    restart: async () => {
      await testApp.app.close();
      testApp.app = await build();
    },
    close: async () => {
      await testApp.app.close();
      await db.cleanup();
      await fs.promises.rm(dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}

/**
 * Settings of a suite whose clock moves hours or days while its sessions stay: a sign-in
 * that stays fresh for a year. Fresh login itself is tested with the default window
 * (access/fresh-login.routes.test.ts).
 */
export const LASTING_SIGN_IN_ENV = { FRESH_LOGIN_WINDOW_S: String(366 * 86_400) } as const;

/** Origin under which inject() requests arrive (Host: localhost:80). */
export const TEST_ORIGIN = 'http://localhost';

/**
 * Settings of an app that the login helpers below drive through inject(): started for port
 * 80, so TEST_ORIGIN is an address it was started for and its callback is allowed (see
 * [Note: Redirect allowlist]). The app never listens on it.
 */
export const INJECT_ENV = { PORT: '80' } as const;

/** PKCE verifier and its S256 challenge. */
export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** Reads the login-binding cookie that a response set. */
export function browserCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'trove_login');
  if (!cookie) throw new Error('no trove_login cookie was set');
  return `trove_login=${cookie.value}`;
}

export interface Session {
  token: string;
  userId: string;
  deviceId: string;
  /** Query string of the spec's client parameters for this device. */
  query: string;
  headers: { authorization: string };
}

/** The headers and query of an app-host call by this token on this device. */
export function clientAuth(token: string, deviceId: string): Pick<Session, 'query' | 'headers'> {
  const query = new URLSearchParams({ key: WEB_CLIENT_KEY, client_v: CLIENT_VERSION, device_id: deviceId });
  const basic = Buffer.from(`${BASIC_AUTH_USER}:${token}`).toString('base64');
  return { query: query.toString(), headers: { authorization: `Basic ${basic}` } };
}

/** Starts a login: preflight with a fresh PKCE pair; returns state, verifier and cookie. */
export async function startLogin(
  app: FastifyInstance,
  options: {
    deviceId?: string;
    deviceName?: string;
    redir?: string;
    cookie?: string;
    headers?: Record<string, string>;
    /** `login`: a fresh login (spec 001 §6). */
    prompt?: 'login';
  } = {},
) {
  const pkce = pkcePair();
  const deviceId = options.deviceId ?? randomUUID();
  const query = new URLSearchParams({
    redir: options.redir ?? '/photos',
    locale: 'en_US',
    utm_source: 'test',
    code_challenge: pkce.challenge,
    oauth_redirect_uri: TEST_ORIGIN + OAUTH_CALLBACK_PATH,
    device_id: deviceId,
    device_name: options.deviceName ?? 'Trove Web',
    ...(options.prompt ? { prompt: options.prompt } : {}),
  });
  const response = await app.inject({
    method: 'GET',
    url: `/idp/preflight?${query.toString()}`,
    headers: { ...options.headers, ...(options.cookie ? { cookie: options.cookie } : {}) },
  });
  if (response.statusCode !== 200) throw new Error(`preflight failed: ${response.body}`);
  const body = response.json<{ authorization_url: string; authorization_params: Record<string, string> }>();
  const state = body.authorization_params.state ?? '';
  return {
    state,
    verifier: pkce.verifier,
    deviceId,
    cookie: options.cookie ?? browserCookie(response),
    body,
  };
}

/** Reads code and state from the identity provider's redirect to the client callback. */
export function codeFrom(redirectTo: string): { code: string; state: string } {
  const url = new URL(redirectTo);
  return { code: url.searchParams.get('code') ?? '', state: url.searchParams.get('state') ?? '' };
}

/** Signs up a new account through the real flow and returns its session. */
export async function signUp(
  app: FastifyInstance,
  account: { email?: string; name?: string; password?: string; deviceId?: string } = {},
): Promise<Session & { email: string; password: string }> {
  const email = account.email ?? `user-${randomBytes(4).toString('hex')}@example.com`;
  const password = account.password ?? 'correct horse battery';
  const login = await startLogin(app, account.deviceId ? { deviceId: account.deviceId } : {});
  const signed = await app.inject({
    method: 'POST',
    url: '/idp/sign-up',
    // Each from an address of its own: sign-ups are counted per client address (signUpLimits).
    remoteAddress: `10.${randomBytes(3).join('.')}`,
    headers: { cookie: login.cookie },
    payload: { state: login.state, name: account.name ?? 'Test User', email, password },
  });
  if (signed.statusCode !== 200) throw new Error(`sign-up failed: ${signed.body}`);
  return finishLogin(app, login, signed.json<{ redirect_to: string }>().redirect_to, { email, password });
}

/** Signs in to an existing account from a (new) device. */
export async function signIn(
  app: FastifyInstance,
  account: { email: string; password: string; deviceId?: string },
): Promise<Session & { email: string; password: string }> {
  const login = await startLogin(app, account.deviceId ? { deviceId: account.deviceId } : {});
  const signed = await app.inject({
    method: 'POST',
    url: '/idp/sign-in',
    headers: { cookie: login.cookie },
    payload: { state: login.state, email: account.email, password: account.password },
  });
  if (signed.statusCode !== 200) throw new Error(`sign-in failed: ${signed.body}`);
  return finishLogin(app, login, signed.json<{ redirect_to: string }>().redirect_to, account);
}

async function finishLogin(
  app: FastifyInstance,
  login: Awaited<ReturnType<typeof startLogin>>,
  redirectTo: string,
  account: { email: string; password: string },
) {
  const { code, state } = codeFrom(redirectTo);
  const exchanged = await app.inject({
    method: 'POST',
    url: '/idp/token',
    headers: { cookie: login.cookie },
    payload: { code, state, code_verifier: login.verifier },
  });
  if (exchanged.statusCode !== 200) throw new Error(`token exchange failed: ${exchanged.body}`);
  const { auth_token, user_uuid } = exchanged.json<{ auth_token: string; user_uuid: string }>();
  return {
    token: auth_token,
    userId: user_uuid,
    deviceId: login.deviceId,
    ...clientAuth(auth_token, login.deviceId),
    email: account.email,
    password: account.password,
  };
}

/** A multipart/form-data body with fields and one file part named `file`. */
export function multipart(
  fields: Record<string, string>,
  file: { filename: string; content: Buffer; contentType?: string },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----trove${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\n` +
        `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  const payload = Buffer.concat(parts);
  return {
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(payload.length),
    },
  };
}

/**
 * Bytes that sniff as a JPEG with the segment structure of one (SOI, a JFIF APP0 segment, a
 * start of scan), followed by random data: the place stripper reads them as a JPEG without a
 * place (see [Note: Place stripping]). Not a decodable image.
 */
export function fakeJpeg(size = 4096): Buffer {
  const header = Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00,
    0x01, 0x00, 0x00, 0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00,
  ]);
  return Buffer.concat([
    header,
    randomBytes(Math.max(0, size - header.length - 2)),
    Buffer.from([0xff, 0xd9]),
  ]);
}

/**
 * Bytes that sniff as PNG with the chunk structure of one (signature, IHDR, one chunk of
 * random data, IEND; CRCs not checked), not a decodable image.
 */
export function fakePng(size = 2048): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    return Buffer.concat([head, data, Buffer.alloc(4)]);
  };
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const ihdr = chunk('IHDR', Buffer.from([0, 0, 0, 8, 0, 0, 0, 8, 8, 2, 0, 0, 0]));
  const fixed = signature.length + ihdr.length + 12 + 12;
  const data = chunk('IDAT', randomBytes(Math.max(0, size - fixed)));
  return Buffer.concat([signature, ihdr, data, chunk('IEND', Buffer.alloc(0))]);
}

/** SHA-1 hex of bytes: the spec's checksum. */
export function sha1(content: Buffer): string {
  return createHash('sha1').update(content).digest('hex');
}

/** The id of the session's timeline job (GET /jobs/default). */
export async function timelineOf(app: FastifyInstance, s: Session): Promise<string> {
  const response = await app.inject({ url: `/st/4/jobs/default?${s.query}`, headers: s.headers });
  return response.json<{ id: string }>().id;
}

/** Uploads bytes through POST /jobs/{id}/upload and returns the answer. */
export async function uploadFile(
  app: FastifyInstance,
  s: Session,
  jobId: string,
  file: { path: string; content: Buffer; mtime?: number },
): Promise<LightMyRequestResponse> {
  const name = path.basename(file.path);
  const body = multipart(
    { path: file.path, mtime: String(file.mtime ?? 1_700_000_000) },
    { filename: name, content: file.content },
  );
  return app.inject({
    method: 'POST',
    url: `/st/4/jobs/${jobId}/upload?${s.query}`,
    headers: { ...s.headers, ...body.headers },
    payload: body.payload,
  });
}

/**
 * Signs up an account in the database of a data folder (its SQLite file, or `databaseUrl`),
 * before a real server process is started on it (crash test, benchmarks): the account is
 * not what they test.
 */
export async function signUpInDataDir(
  dataDir: string,
  databaseUrl = '',
): Promise<Session & { email: string; password: string }> {
  const config = loadConfig({
    DATA_DIR: dataDir,
    WEB_DIST: '/nonexistent',
    DATABASE_URL: databaseUrl,
    ...INJECT_ENV,
  });
  const database = openDatabase({ databaseUrl, sqliteFile: config.SQLITE_FILE });
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database, logger: false });
  try {
    return await signUp(app);
  } finally {
    await app.close();
    await database.close();
  }
}

/** A real 8 × 8 PNG that decodes (a profile picture, issue #24). */
export function tinyPng(): Buffer {
  return Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWMwTjuDFTEMLQkAuYZZQQ0kCIcAAAAASUVORK5CYII=',
    'base64',
  );
}
