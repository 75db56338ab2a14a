import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { S3Client } from '@aws-sdk/client-s3';
import { createS3Client, ensureS3Bucket, type S3BlobStoreOptions } from '../storage/s3-blob-store.ts';
import { removeBucket, startS3Server, type S3Server } from '../test/s3-server.ts';
import { openTestDatabase, type TestDatabase } from '../test/harness.ts';
import { freePort, spawnTrove } from '../test/server-process.ts';
import { TEST_REDIS_URL } from '../test/redis-url.ts';

/**
 * [Note: The multi-node test] Several `trove serve` and `trove worker` processes behind a
 * real HAProxy (deploy/haproxy.cfg, unchanged), on loopback only: PostgreSQL (a database of
 * the test's own), a Ceph radosgw (scripts/radosgw.sh, a bucket of the test's own), Redis
 * (a logical database of the test's own) and one MEDIA_URL_SECRET on every process, as
 * docs/OPERATIONS.md tells an operator to run them. Processes are real: they are killed
 * with SIGKILL and started again on the same port, as a crash and a restart are. The e2e
 * journey e2e/tests/cast-two-nodes.spec.ts starts the same cluster, serving the web client.
 */

const HAPROXY_CFG = fileURLToPath(new URL('../../../../deploy/haproxy.cfg', import.meta.url));
/** A logical Redis database no other test uses: the cluster's BullMQ keys stay apart. */
const REDIS_DB = 11;

/** One `trove` process of the cluster, restartable on its port. */
export interface Member {
  name: string;
  /** http://127.0.0.1:port for a node; '' for a worker. */
  url: string;
  pid(): number;
  /** Crash (SIGKILL, default) or stop (SIGTERM), and wait for the exit. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  start(): Promise<void>;
  output(): string;
}

export interface Cluster {
  /** The load balancer's address: what clients use. */
  lb: string;
  nodes: [Member, Member];
  workers: [Member, Member];
  database: TestDatabase;
  s3: S3Client;
  bucket: string;
  /** Runs a `trove` command (fsck, …) with the cluster's settings; its exit code and output. */
  run(args: string[]): Promise<{ code: number | null; output: string }>;
  stop(): Promise<void>;
}

/**
 * Waits until `check` answers true; a check that throws (the process exited) ends the wait
 * at once, and a timeout says what the process wrote, so a start that fails (no Redis, a bad
 * setting) says why rather than only that it took too long.
 */
async function waitFor(
  check: () => Promise<boolean>,
  what: string,
  wrote: () => string,
  deadlineMs = 60_000,
): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > deadlineMs)
      throw new Error(`timed out waiting for ${what}; it wrote:\n${wrote()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Whether `url` answers 2xx; a refused or slow connection is a no, not an error. */
const answers = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(2000) }).then(
    (response) => response.ok,
    () => false,
  );

export interface ClusterOptions {
  /** Node A's and node B's ports; by default the OS picks free ones. */
  ports?: [number, number];
  /**
   * Settings of every process on top of the shared ones: the two-node browser journey
   * (e2e/tests/cast-two-nodes.spec.ts) serves the web client and, with APP_HOST unset, lets
   * a browser address each node by its own port.
   */
  env?: Record<string, string>;
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const cleanups: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  };
  try {
    const s3server: S3Server = await startS3Server();
    cleanups.push(() => s3server.stop());
    const store: S3BlobStoreOptions = {
      ...s3server.credentials,
      bucket: `trove-cluster-${randomBytes(4).toString('hex')}`,
    };
    await ensureS3Bucket(store);
    const s3 = createS3Client(store);
    cleanups.push(async () => {
      await removeBucket(s3, store.bucket);
      s3.destroy();
    });
    const database = await openTestDatabase('postgres');
    cleanups.push(() => database.cleanup());
    const redisUrl = `${TEST_REDIS_URL.replace(/\/\d*$/, '')}/${String(REDIS_DB)}`;
    const root = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'trove-cluster-'));
    cleanups.push(() => fs.promises.rm(root, { recursive: true, force: true }));
    const lbPort = await freePort();
    const lb = `http://127.0.0.1:${String(lbPort)}`;
    const shared: Record<string, string> = {
      DATABASE_URL: database.url,
      S3_BUCKET: store.bucket,
      S3_ENDPOINT: store.endpoint ?? '',
      S3_REGION: store.region,
      S3_ACCESS_KEY_ID: store.accessKeyId,
      S3_SECRET_ACCESS_KEY: store.secretAccessKey,
      REDIS_URL: redisUrl,
      // Keys and channels of this cluster alone: another one (the bench, a second run) on
      // the same Redis would otherwise take its jobs.
      REDIS_PREFIX: `trove-cluster-${randomBytes(4).toString('hex')}`,
      MEDIA_URL_SECRET: randomBytes(32).toString('hex'),
      EMBEDDED_WORKER: 'false',
      TRUST_PROXY: 'true',
      APP_HOST: lb,
      // The harness's sign-in flow names http://localhost as the client's callback.
      TRUSTED_ORIGINS: 'http://localhost',
      LOG_LEVEL: 'warn',
      ...options.env,
    };

    const member = (name: string, args: string[], port?: number): Member => {
      const dataDir = path.join(root, name);
      // Owner-only, as a node expects of its DATA_DIR (it warns otherwise).
      fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
      let proc: ReturnType<typeof spawnTrove> | undefined;
      let log = '';
      const url = port === undefined ? '' : `http://127.0.0.1:${String(port)}`;
      const self: Member = {
        name,
        url,
        pid: () => proc?.child.pid ?? 0,
        output: () => log + (proc?.output() ?? ''),
        async kill(signal = 'SIGKILL') {
          const running = proc;
          if (!running || running.child.exitCode !== null || running.child.signalCode !== null) return;
          // ffmpeg and other children die with their parent in a crash, as in a service
          // manager's cgroup: found before the parent dies, when they are still its own.
          const children = signal === 'SIGKILL' ? childrenOf(running.child.pid ?? 0) : [];
          running.child.kill(signal);
          await running.exited;
          for (const pid of children) killQuietly(pid);
          log += running.output();
          proc = undefined;
        },
        async start() {
          proc = spawnTrove(args, dataDir, {
            ...shared,
            ...(port === undefined ? {} : { PORT: String(port) }),
          });
          const started = proc;
          if (port !== undefined) {
            await waitFor(
              async () => {
                if (started.child.exitCode !== null) throw new Error(`${name} exited: ${started.output()}`);
                return answers(`${url}/readyz`);
              },
              `${name} to be ready`,
              started.output,
            );
          }
        },
      };
      cleanups.push(() => self.kill());
      return self;
    };

    // Migrations first, once, as an operator runs them before starting nodes.
    const migrate = spawnTrove(['migrate'], path.join(root, 'migrate'), shared);
    if ((await migrate.exited) !== 0) throw new Error(`trove migrate failed: ${migrate.output()}`);
    const [portA, portB] = options.ports ?? [await freePort(), await freePort()];
    const nodes: [Member, Member] = [member('node-a', ['serve'], portA), member('node-b', ['serve'], portB)];
    const workers: [Member, Member] = [member('worker-1', ['worker']), member('worker-2', ['worker'])];
    await Promise.all([...nodes, ...workers].map((m) => m.start()));

    const haproxy: ChildProcess = spawn('haproxy', ['-db', '-f', HAPROXY_CFG], {
      env: {
        ...process.env,
        TROVE_LB_BIND: `127.0.0.1:${String(lbPort)}`,
        TROVE_NODE_A: `127.0.0.1:${String(portA)}`,
        TROVE_NODE_B: `127.0.0.1:${String(portB)}`,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let haproxyLog = '';
    haproxy.stderr?.on('data', (chunk: Buffer) => (haproxyLog += chunk.toString()));
    cleanups.push(async () => {
      haproxy.kill('SIGKILL');
      await new Promise((resolve) => haproxy.once('exit', resolve));
    });
    await waitFor(
      async () => {
        if (haproxy.exitCode !== null) throw new Error(`haproxy exited: ${haproxyLog}`);
        return answers(`${lb}/readyz`);
      },
      'haproxy to answer',
      () => haproxyLog,
    );

    const run = async (args: string[]) => {
      const command = spawnTrove(args, path.join(root, 'cli'), shared);
      const code = await command.exited;
      return { code, output: command.output() };
    };
    return { lb, nodes, workers, database, s3, bucket: store.bucket, run, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Gone already.
  }
}

/** The processes whose parent is `pid`, read from /proc. */
export function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid …: comm may hold spaces, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) found.push(Number(entry));
    } catch {
      // Ended while read.
    }
  }
  return found;
}

/** The name of a process, or '' once it is gone. */
export function commandOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${String(pid)}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

/**
 * The harness's sign-up and sign-in helpers speak `app.inject`; this speaks the same over
 * real HTTP to a node or the load balancer, so the accounts of the multi-node test are made
 * through the real flow. Only what those helpers use is here (method, url, headers, payload,
 * remoteAddress as X-Forwarded-For; statusCode, headers, body, json, cookies).
 */
export function overHttp(base: string): FastifyInstance {
  const inject = async (options: {
    method?: string;
    url: string;
    headers?: Record<string, string>;
    payload?: unknown;
    remoteAddress?: string;
  }) => {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | Buffer | undefined;
    if (Buffer.isBuffer(options.payload) || typeof options.payload === 'string') body = options.payload;
    else if (options.payload !== undefined) {
      body = JSON.stringify(options.payload);
      headers['content-type'] ??= 'application/json';
    }
    if (options.remoteAddress) headers['x-forwarded-for'] = options.remoteAddress;
    const response = await fetch(`${base}${options.url}`, {
      method: options.method ?? 'GET',
      headers,
      ...(body !== undefined && { body }),
      redirect: 'manual',
    });
    const text = await response.text();
    const cookies = response.headers.getSetCookie().map((line) => {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1) };
    });
    return {
      statusCode: response.status,
      headers: Object.fromEntries(response.headers),
      body: text,
      json: () => JSON.parse(text) as unknown,
      cookies,
    };
  };
  // A stand-in for the few members of FastifyInstance the harness's helpers call.
  return { inject } as unknown as FastifyInstance;
}
