import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { emailConsentIdsFromSecret } from '../access/email-consent-ids.ts';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle, type Dialect } from '../db/database.ts';
import { createFsBlobStore } from '../storage/fs-blob-store.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import {
  DIALECTS,
  fakeJpeg,
  INJECT_ENV,
  openTestDatabase,
  signUp,
  timelineOf,
  uploadFile,
  type Session,
} from '../test/harness.ts';
import { inspectServerSecret, KEY_FILE, resolveServerSecret, SERVER_SECRET_NAME } from './server-secret.ts';

/**
 * One database, reached through as many handles as a test wants: each node of a cluster has
 * its own pool (PostgreSQL) or its own connection to the file (SQLite).
 */
async function openSharedDatabase(dialect: Dialect) {
  const handles: DatabaseHandle[] = [];
  let open: () => DatabaseHandle;
  let cleanup: () => Promise<void>;
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-secret-db-'));
    const sqliteFile = path.join(dir, 'trove.db');
    open = () => openDatabase({ databaseUrl: '', sqliteFile });
    cleanup = () => fs.promises.rm(dir, { recursive: true, force: true });
  } else {
    const test = await openTestDatabase('postgres');
    open = () => openDatabase({ databaseUrl: test.url, sqliteFile: '' });
    cleanup = () => test.cleanup();
  }
  const first = open();
  await migrateToLatest(first.db);
  handles.push(first);
  return {
    first,
    open: () => {
      const handle = open();
      handles.push(handle);
      return handle;
    },
    close: async () => {
      for (const handle of handles.splice(0)) await handle.close();
      await cleanup();
    },
  };
}

/** A node's settings: a DATA_DIR of its own, optionally holding a key file of before. */
function nodeConfig(env: Record<string, string> = {}, keyFile?: Buffer): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-secret-node-'));
  if (keyFile) {
    fs.mkdirSync(path.join(dataDir, 'secrets'), { mode: 0o700 });
    fs.writeFileSync(path.join(dataDir, KEY_FILE), keyFile, { mode: 0o600 });
  }
  return loadConfig({
    DATA_DIR: dataDir,
    WEB_DIST: '/nonexistent',
    TEST_ROUTES: 'true',
    ...INJECT_ENV,
    ...env,
  });
}

function captureLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, text: () => lines.join('\n') };
}

describe.each(DIALECTS)('the server secret on a shared database (%s)', (dialect) => {
  let shared: Awaited<ReturnType<typeof openSharedDatabase>> | undefined;
  const apps: FastifyInstance[] = [];
  const dataDirs: string[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    await shared?.close();
    shared = undefined;
    for (const dir of dataDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A node: its own DATA_DIR and database handle; the files' bytes in the one shared store. */
  async function startNode(store: BlobStore, config: Config, logStream?: Writable) {
    if (!shared) throw new Error('no database');
    dataDirs.push(config.DATA_DIR);
    const app = await buildApp({
      config,
      database: shared.open(),
      store,
      logger: logStream ? { level: 'info', stream: logStream } : false,
    });
    apps.push(app);
    return app;
  }

  const fileUrlOn = async (app: FastifyInstance, s: Session, job: string) => {
    const listed = await app.inject({ url: `/st/4/jobs/${job}/files?${s.query}`, headers: s.headers });
    const [file] = listed.json<{ files: { file_url: string }[] }>().files;
    if (!file) throw new Error('nothing listed');
    return file.file_url;
  };
  const consentIdOn = async (app: FastifyInstance, s: Session) =>
    (
      await app.inject({ method: 'POST', url: `/st/4/test/email_consent_id?${s.query}`, headers: s.headers })
    ).json<{ email_consent_identifier: string }>().email_consent_identifier;
  const unsubscribePage = async (app: FastifyInstance, id: string) =>
    (await app.inject({ url: `/user/email_consent?email_consent_identifier=${encodeURIComponent(id)}` }))
      .statusCode;

  it('two nodes with their own DATA_DIR sign media URLs and unsubscribe links the other accepts', async () => {
    shared = await openSharedDatabase(dialect);
    const blobs = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-secret-blobs-'));
    dataDirs.push(blobs);
    const store = createFsBlobStore(blobs);
    const configs = [nodeConfig(), nodeConfig()];
    const [a, b] = await Promise.all(configs.map((config) => startNode(store, config)));
    if (!a || !b) throw new Error('no nodes');
    const user = await signUp(a);
    const job = await timelineOf(a, user);
    expect((await uploadFile(a, user, job, { path: 'a.jpg', content: fakeJpeg() })).statusCode).toBe(200);
    const fromA = await fileUrlOn(a, user, job);
    const fromB = await fileUrlOn(b, user, job);
    expect(fromA).toBe(fromB);
    expect((await b.inject({ url: fromA })).statusCode).toBe(200);
    expect((await a.inject({ url: fromB })).statusCode).toBe(200);
    expect(await unsubscribePage(b, await consentIdOn(a, user))).toBe(200);
    expect(await unsubscribePage(a, await consentIdOn(b, user))).toBe(200);
    // Neither node wrote a key of its own: the database is the one place.
    for (const config of configs) expect(fs.existsSync(path.join(config.DATA_DIR, KEY_FILE))).toBe(false);
  });

  it('nodes starting together on an empty database all take the one secret that was kept first', async () => {
    shared = await openSharedDatabase(dialect);
    const files = [randomBytes(32), randomBytes(32), undefined, randomBytes(32), undefined, undefined];
    const nodes = files.map((file) => ({ config: nodeConfig({}, file), db: shared?.open().db }));
    dataDirs.push(...nodes.map((n) => n.config.DATA_DIR));
    const resolved = await Promise.all(
      nodes.map(({ config, db }) => {
        if (!db) throw new Error('no database');
        return resolveServerSecret({ config, db });
      }),
    );
    const [winner] = resolved;
    for (const r of resolved) expect(r.secret.equals(winner?.secret ?? Buffer.alloc(0))).toBe(true);
    const rows = await shared.first.db.selectFrom('server_secrets').selectAll().execute();
    expect(rows.map((r) => r.name)).toEqual([SERVER_SECRET_NAME]);
    // Exactly one node's candidate won; each node with another key file warns that it lost.
    const kept = files.findIndex((file) => file?.equals(winner?.secret ?? Buffer.alloc(0)));
    files.forEach((file, i) => {
      const lost = file !== undefined && i !== kept;
      expect(
        resolved[i]?.notices.some((n) => n.level === 'warn'),
        `node ${String(i)}`,
      ).toBe(lost);
    });
  });

  it('adopts a node’s old key file, so the links it mailed before keep opening on every node', async () => {
    shared = await openSharedDatabase(dialect);
    const blobs = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-secret-blobs-'));
    dataDirs.push(blobs);
    const store = createFsBlobStore(blobs);
    const oldKey = randomBytes(32);
    const log = captureLog();
    const a = await startNode(store, nodeConfig({}, oldKey), log.stream);
    const b = await startNode(store, nodeConfig());
    const user = await signUp(a);
    // An unsubscribe link mailed before the database kept the key, signed with the file's.
    const mailed = emailConsentIdsFromSecret(oldKey).issue(user.userId);
    expect(await unsubscribePage(a, mailed)).toBe(200);
    expect(await unsubscribePage(b, mailed)).toBe(200);
    const state = await inspectServerSecret({ config: nodeConfig(), db: shared.first.db });
    expect(state.stored?.source).toBe('data_dir');
    expect(log.text()).toContain('is now kept in the database');
    expect(log.text()).not.toContain(oldKey.toString('base64'));
    expect(log.text()).not.toContain(oldKey.toString('hex'));
  });

  it('a configured MEDIA_URL_SECRET wins over the database’s, said once at info without either secret', async () => {
    shared = await openSharedDatabase(dialect);
    const stored = await resolveServerSecret({ config: nodeConfig(), db: shared.first.db });
    const configured = 'configured-secret-'.padEnd(40, 'x');
    const config = nodeConfig({ MEDIA_URL_SECRET: configured });
    dataDirs.push(config.DATA_DIR);
    const resolved = await resolveServerSecret({ config, db: shared.first.db });
    expect(resolved.secret.toString('utf8')).toBe(configured);
    expect(resolved.notices).toHaveLength(1);
    expect(resolved.notices[0]?.level).toBe('info');
    expect(resolved.notices[0]?.text).toMatch(/MEDIA_URL_SECRET is set and differs/);
    expect(resolved.notices[0]?.text).not.toContain(configured);
    expect(resolved.notices[0]?.text).not.toContain(stored.secret.toString('base64'));
    const log = captureLog();
    await startNode(createFsBlobStore(config.DATA_DIR), config, log.stream);
    expect(log.text().match(/MEDIA_URL_SECRET is set and differs/g)).toHaveLength(1);
    expect(log.text()).not.toContain(configured);
    // The configured secret is the operator's: it is never written to the database.
    const state = await inspectServerSecret({ config, db: shared.first.db });
    expect(state).toMatchObject({
      configured: true,
      stored: { source: 'generated', equalsConfigured: false },
    });
    // The same value configured as the database holds: nothing to say.
    const same = nodeConfig({ MEDIA_URL_SECRET: configured });
    dataDirs.push(same.DATA_DIR);
    await shared.first.db.deleteFrom('server_secrets').execute();
    await shared.first.db
      .insertInto('server_secrets')
      .values({
        name: SERVER_SECRET_NAME,
        value: Buffer.from(configured).toString('base64'),
        source: 'generated',
        created_at: 1,
      })
      .execute();
    expect((await resolveServerSecret({ config: same, db: shared.first.db })).notices).toEqual([]);
  });

  it('a restart keeps the secret and says nothing more; a file cut short is not adopted', async () => {
    shared = await openSharedDatabase(dialect);
    const config = nodeConfig({}, Buffer.alloc(0));
    dataDirs.push(config.DATA_DIR);
    const first = await resolveServerSecret({ config, db: shared.first.db });
    expect(first.secret).toHaveLength(32);
    expect(first.notices.map((n) => n.text)).toEqual([
      'made a signing secret and kept it in the database: every node signs with it',
    ]);
    const again = await resolveServerSecret({ config, db: shared.open().db });
    expect(again.secret.equals(first.secret)).toBe(true);
    expect(again.notices).toEqual([]);
  });
});
