import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signUpInDataDir, type Session } from '../../apps/server/src/test/harness.ts';
import { startServerProcess } from '../../apps/server/src/test/server-process.ts';

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
  const server = await startServerProcess(dataDir, env);
  return {
    url: server.url,
    pid: server.pid,
    dataDir,
    session,
    call: (pathAndQuery, init = {}) =>
      fetch(`${server.url}${pathAndQuery}${pathAndQuery.includes('?') ? '&' : '?'}${session.query}`, {
        ...init,
        headers: { ...session.headers, ...(init.headers as Record<string, string> | undefined) },
      }),
    stop: () => server.stop(),
  };
}

/** Resident set size of a process, in bytes (Linux /proc). */
export function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${String(pid)}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return kb ? Number(kb) * 1024 : 0;
}

/**
 * CPU time a process has used so far (user + system), in seconds (Linux /proc; the kernel
 * counts in USER_HZ ticks, 100 a second on every architecture Node runs on); undefined once
 * the process is gone.
 */
export function cpuSecondsOf(pid: number): number | undefined {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
  } catch {
    return undefined; // The process is gone.
  }
  // pid (comm) state …: comm may hold spaces, so count fields after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export function removeDataDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}
