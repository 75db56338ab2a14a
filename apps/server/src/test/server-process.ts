import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The `trove` command, run as a real process by crash tests and benchmarks. */
export const SERVER_MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../main.ts');

/** The environment of a `trove` process on `dataDir` (SQLite, quiet logs, no web client). */
export function serverEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    DATABASE_URL: '',
    WEB_DIST: '/nonexistent',
    ...extra,
  };
}

/**
 * Runs `trove ...args` on `dataDir` as a real process (crash tests kill it at will): the
 * child, a promise of its exit code, and all it wrote to stdout and stderr so far.
 */
export function spawnTrove(args: string[], dataDir: string, extra: Record<string, string> = {}) {
  const child = spawn(process.execPath, [SERVER_MAIN, ...args], {
    env: serverEnv(dataDir, extra),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      resolve(code);
    }),
  );
  return { child, exited, output: () => out };
}

export interface ServerProcess {
  url: string;
  pid: number;
  /** The exit code once the process has ended (null when a signal ended it). */
  exited: Promise<number | null>;
  /** Ends the process (SIGTERM: a clean stop; SIGKILL: a crash) and waits for it to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * A port of 127.0.0.1 that nothing listens on now: the OS picks it. A random pick could land
 * on a port another test's server holds, and then /healthz would answer for the wrong one.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

/**
 * How long a start may take before the test gives up. A liveness guard, not a speed check
 * (bench/ measures speed): idle a start takes about a second, but with the whole suite on
 * two cores it has been seen to take far longer, and a flaky guard hides real failures.
 */
const START_DEADLINE_MS = 90_000;
const SLOW_START_MS = 10_000;

/** The time limit of a test that starts and kills real server processes again and again. */
export const PROCESS_TEST_TIMEOUT_MS = 300_000;

/** Starts `trove serve` on a free port of 127.0.0.1 and waits until it answers /healthz. */
export async function startServerProcess(
  dataDir: string,
  extra: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER_MAIN, 'serve'], {
    env: serverEnv(dataDir, { PORT: String(port), ...extra }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${String(port)}`;
  const exitCode = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      resolve(code);
    });
  });
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const stop = (signal: NodeJS.Signals = 'SIGTERM') =>
    new Promise<void>((resolve) => {
      if (exited()) {
        resolve();
        return;
      }
      child.once('exit', () => {
        resolve();
      });
      child.kill(signal);
    });
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) {
        const took = Date.now() - started;
        // Worth seeing in a CI log: a start near the deadline is the next flake.
        if (took > SLOW_START_MS) console.warn(`trove serve took ${String(took)} ms to answer`);
        return { url, pid: child.pid ?? 0, exited: exitCode, stop };
      }
    } catch {
      // Not listening yet.
    }
    // A server that died at start will never answer: say so now, with how it ended.
    if (exited()) {
      throw new Error(
        `the server exited before it answered (code ${String(child.exitCode)}, signal ${String(child.signalCode)})`,
      );
    }
    if (Date.now() - started > START_DEADLINE_MS) {
      await stop('SIGKILL');
      throw new Error(`the server did not answer within ${String(START_DEADLINE_MS / 1000)} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
