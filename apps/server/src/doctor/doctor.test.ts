import fs from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../mail/smtp.test-support.ts';
import { startStripeFake, TEST_SECRET_KEY } from '../payments/stripe/stripe-fake.test-support.ts';
import { KEY_FILE, resolveServerSecret } from '../secrets/server-secret.ts';
import { openTestDatabase, type TestDatabase } from '../test/harness.ts';
import { TEST_REDIS_URL, useTestRedis } from '../test/redis.ts';
import { freePort } from '../test/server-process.ts';
import { doctorCommand, runDoctor, type CheckResult } from './doctor.ts';

/** The environment of a node on its own DATA_DIR: no payments, a small reserve. */
function nodeEnv(dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return { DATA_DIR: dataDir, BILLING: 'off', DISK_RESERVE_MB: '1', WEB_DIST: '/nonexistent', ...extra };
}

const statusOf = (results: CheckResult[]) => Object.fromEntries(results.map((r) => [r.check, r.status]));
const messageOf = (results: CheckResult[], check: string) =>
  results
    .filter((r) => r.check === check)
    .map((r) => r.message)
    .join('\n');

describe('trove doctor', () => {
  const redis = useTestRedis('The doctor tests');
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-doctor-'));
    cleanups.push(() => {
      fs.rmSync(dir, { recursive: true, force: true });
    });
    return dir;
  };
  const postgres = async (): Promise<TestDatabase> => {
    const database = await openTestDatabase('postgres');
    cleanups.push(() => database.cleanup());
    return database;
  };
  const smtpServer = async (): Promise<TestSmtpServer> => {
    const smtp = await startTestSmtpServer({
      tls: 'starttls',
      auth: { user: 'trove', pass: 'mail-Passw0rd' },
    });
    cleanups.push(() => smtp.close());
    return smtp;
  };

  it('a healthy SQLite node: every check ok but the outbox, and exit 0', async () => {
    const dir = dataDir();
    const env = nodeEnv(dir);
    const database = openDatabase({ databaseUrl: '', sqliteFile: loadConfig(env).SQLITE_FILE });
    await migrateToLatest(database.db);
    await resolveServerSecret({ config: loadConfig(env), db: database.db });
    await database.close();
    const lines: string[] = [];
    const code = await doctorCommand([], { env, out: (text) => lines.push(text) });
    const results = await runDoctor({ env });
    expect(statusOf(results)).toEqual({
      config: 'ok',
      nodes: 'ok',
      data_dir: 'ok',
      database: 'ok',
      migrations: 'ok',
      secret: 'ok',
      blobs: 'ok',
      redis: 'ok',
      mail: 'warn',
      payments: 'ok',
      ffmpeg: 'ok',
      disk: 'ok',
    });
    expect(code).toBe(0);
    const text = lines.join('\n');
    expect(text).toMatch(/^ok {4}config {6}every setting is valid$/m);
    expect(text).toMatch(/^warn {2}mail {8}SMTP_URL is unset/m);
    expect(messageOf(results, 'secret')).toMatch(/^kept in the database since \d{4}-\d\d-\d\d \(generated\)/);
    // The probe object is gone again: the store holds what it held.
    const files = fs
      .readdirSync(path.join(dir, 'blobs'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile());
    expect(files).toEqual([]);
  });

  it('PostgreSQL, Redis and SMTP that answer: ok, with the several-node warning about DATA_DIR', async () => {
    const database = await postgres();
    const smtp = await smtpServer();
    const env = nodeEnv(dataDir(), {
      DATABASE_URL: database.url,
      REDIS_URL: TEST_REDIS_URL,
      SMTP_URL: smtp.url,
      SMTP_TLS_CA_FILE: smtp.caFile ?? '',
      MAIL_FROM: 'Trove <trove@example.com>',
    });
    await resolveServerSecret({ config: loadConfig(env), db: database.handle.db });
    const results = await runDoctor({ env });
    const policy = await redis.admin.config('GET', 'maxmemory-policy');
    expect(statusOf(results)).toMatchObject({
      nodes: 'warn',
      database: 'ok',
      migrations: 'ok',
      secret: 'ok',
      redis: policy[1] === 'noeviction' ? 'ok' : 'warn',
      mail: 'ok',
    });
    expect(messageOf(results, 'nodes')).toMatch(
      /every node must mount the same DATA_DIR .* or set S3_BUCKET/,
    );
    expect(messageOf(results, 'mail')).toBe(
      `smtp://127.0.0.1:${String(smtp.port)} answers (connected, EHLO, AUTH)`,
    );
    // Connected and said EHLO; sent nothing.
    expect(smtp.messages).toEqual([]);
    expect(JSON.stringify(results)).not.toContain('mail-Passw0rd');
  });

  it('components on a closed port FAIL, say what to do, exit 1, and print no password', async () => {
    const closed = await freePort();
    const env = nodeEnv(dataDir(), {
      DATABASE_URL: `postgres://trove:Db-Passw0rd@127.0.0.1:${String(closed)}/trove`,
      REDIS_URL: `redis://:Redis-T0ken@127.0.0.1:${String(closed)}`,
      SMTP_URL: `smtp://trove:Mail-Passw0rd@127.0.0.1:${String(closed)}`,
    });
    for (const json of [false, true]) {
      const lines: string[] = [];
      const code = await doctorCommand(json ? ['--json'] : [], { env, out: (text) => lines.push(text) });
      expect(code).toBe(1);
      const output = lines.join('\n');
      for (const secret of ['Db-Passw0rd', 'Redis-T0ken', 'Mail-Passw0rd'])
        expect(output).not.toContain(secret);
      if (json) {
        const parsed = JSON.parse(output) as { ok: boolean; checks: CheckResult[] };
        expect(parsed.ok).toBe(false);
        expect(statusOf(parsed.checks)).toMatchObject({ database: 'fail', redis: 'fail', mail: 'fail' });
      } else {
        expect(output).toContain(
          `FAIL  database  PostgreSQL postgres://trove:***@127.0.0.1:${String(closed)}/trove does not answer (`,
        );
        expect(output).toMatch(/ECONNREFUSED.*: start it, or check DATABASE_URL/);
        expect(output).toMatch(/^FAIL {2}redis .*ECONNREFUSED.*start Redis, or check REDIS_URL$/m);
        expect(output).toMatch(/^FAIL {2}mail .*check SMTP_URL/m);
        expect(output).toMatch(/^doctor: 3 failed/m);
      }
    }
  });

  it('a component that accepts and never answers FAILs within the timeout', async () => {
    const sockets = new Set<Socket>();
    const silent: Server = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          for (const socket of sockets) socket.destroy();
          silent.close(() => {
            resolve();
          });
        }),
    );
    const port = String((silent.address() as { port: number }).port);
    const env = nodeEnv(dataDir(), {
      DATABASE_URL: `postgres://trove@127.0.0.1:${port}/trove`,
      REDIS_URL: `redis://127.0.0.1:${port}`,
    });
    const started = Date.now();
    const results = await runDoctor({ env, timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(statusOf(results)).toMatchObject({ database: 'fail', redis: 'fail' });
    expect(messageOf(results, 'database')).toContain('no answer within 0.3 s');
  });

  it('invalid settings: one FAIL naming them, exit 1', async () => {
    const lines: string[] = [];
    const env = nodeEnv(dataDir(), { PORT: 'eighty', REDIS_URL: 'http://redis' });
    expect(await doctorCommand([], { env, out: (text) => lines.push(text) })).toBe(1);
    expect(lines.join('\n')).toMatch(
      /^FAIL {2}config {2}PORT: .*; REDIS_URL: must be a redis:\/\/ URL or empty; fix/m,
    );
  });

  it('the signing secret on PostgreSQL: none kept yet, a configured one that differs, a lost key file', async () => {
    const database = await postgres();
    const dir = dataDir();
    const env = nodeEnv(dir, { DATABASE_URL: database.url });
    expect(messageOf(await runDoctor({ env }), 'secret')).toMatch(
      /^the database keeps no signing secret yet/,
    );
    fs.mkdirSync(path.join(dir, 'secrets'));
    fs.writeFileSync(path.join(dir, KEY_FILE), Buffer.alloc(32, 7));
    expect(messageOf(await runDoctor({ env }), 'secret')).toContain("adopting this node's DATA_DIR key file");
    // Another node started first, with no file: this node's file lost.
    await resolveServerSecret({ config: loadConfig(nodeEnv(dataDir())), db: database.handle.db });
    const lost = await runDoctor({ env });
    expect(statusOf(lost).secret).toBe('warn');
    expect(messageOf(lost, 'secret')).toMatch(/old key file in DATA_DIR differs/);
    const configured = 'a-configured-secret-of-forty-characters!';
    const differs = await runDoctor({ env: { ...env, MEDIA_URL_SECRET: configured } });
    expect(messageOf(differs, 'secret')).toMatch(/set the same MEDIA_URL_SECRET on every node$/);
    expect(JSON.stringify(differs)).not.toContain(configured);
  });

  it('migrations a newer trove applied FAIL; pending ones warn', async () => {
    const database = await postgres();
    const env = nodeEnv(dataDir(), { DATABASE_URL: database.url });
    await sql`INSERT INTO kysely_migration (name, timestamp) VALUES ('9999-future', '2030-01-01')`.execute(
      database.handle.db,
    );
    expect(messageOf(await runDoctor({ env }), 'migrations')).toMatch(/does not know \(9999-future\)/);
    await sql`DELETE FROM kysely_migration WHERE name IN ('9999-future', '0028-server-secrets')`.execute(
      database.handle.db,
    );
    const pending = await runDoctor({ env });
    expect(statusOf(pending).migrations).toBe('warn');
    expect(messageOf(pending, 'migrations')).toBe(
      '1 not applied yet (0028-server-secrets): run trove migrate, or serve applies them at start',
    );
  });

  it('a disk with less free than the reserve FAILs: uploads are refused', async () => {
    const results = await runDoctor({ env: nodeEnv(dataDir(), { DISK_RESERVE_MB: '1048576' }) });
    expect(statusOf(results).disk).toBe('fail');
    expect(messageOf(results, 'disk')).toMatch(/reserve 1\.0 TiB: uploads are refused \(507\)/);
  });

  it('BILLING=stripe: a key Stripe refuses FAILs without the key', async () => {
    const stripe = await startStripeFake();
    cleanups.push(() => stripe.close());
    stripe.on({ method: 'GET', path: '/v1/balance', status: 401, body: 'error-authentication' });
    const env = nodeEnv(dataDir(), {
      BILLING: 'stripe',
      STRIPE_SECRET_KEY: TEST_SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_TroveFake',
      STRIPE_WEBHOOK_SECRET: 'whsec_TroveFake',
    });
    const refused = await runDoctor({ env, stripe: () => stripe.provider() });
    expect(statusOf(refused).payments).toBe('fail');
    expect(messageOf(refused, 'payments')).toMatch(/^STRIPE_SECRET_KEY was refused by Stripe \(401/);
    expect(JSON.stringify(refused)).not.toContain(TEST_SECRET_KEY);
    stripe.on({ method: 'GET', path: '/v1/balance', body: 'balance' });
    const accepted = await runDoctor({ env, stripe: () => stripe.provider() });
    expect(messageOf(accepted, 'payments')).toBe('Stripe accepts STRIPE_SECRET_KEY (test mode)');
  });
});
