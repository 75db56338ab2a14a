import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signUpInDataDir, type Session } from '../../apps/server/src/test/harness.ts';

export const MAIN = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/server/src/main.ts',
);

/** A real `trove serve` process on a fresh data folder, and a signed-in account on it. */
export interface BenchServer {
  url: string;
  pid: number;
  dataDir: string;
  session: Session;
  /** Adds the client parameters and the token to a path. */
  call(pathAndQuery: string, init?: RequestInit): Promise<Response>;
  stop(): Promise<void>;
}

export async function makeDataDir(): Promise<string> {
  // Under the project, not /tmp: the bench must measure the disk the data lives on.
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../.artifacts');
  fs.mkdirSync(root, { recursive: true });
  return fs.promises.mkdtemp(path.join(root, 'data-'));
}

/** Creates an account in the data folder before the server starts (the server is not the subject). */
export const createAccount = signUpInDataDir;

export async function startServer(
  dataDir: string,
  session: Session,
  env: Record<string, string> = {},
): Promise<BenchServer> {
  const port = 30_000 + Math.floor(Math.random() * 20_000);
  const child: ChildProcess = spawn(process.execPath, [MAIN, 'serve'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      DATABASE_URL: '',
      WEB_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${String(port)}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not yet listening
    }
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    pid: child.pid ?? 0,
    dataDir,
    session,
    call: (pathAndQuery, init = {}) =>
      fetch(`${url}${pathAndQuery}${pathAndQuery.includes('?') ? '&' : '?'}${session.query}`, {
        ...init,
        headers: { ...session.headers, ...(init.headers as Record<string, string> | undefined) },
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => {
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** Resident set size of a process, in bytes (Linux /proc). */
export function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${String(pid)}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return kb ? Number(kb) * 1024 : 0;
}

export function removeDataDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}
