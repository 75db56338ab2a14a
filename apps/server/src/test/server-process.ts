import { spawn } from 'node:child_process';
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

export interface ServerProcess {
  url: string;
  pid: number;
  /** Ends the process (SIGTERM: a clean stop; SIGKILL: a crash) and waits for it to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts `trove serve` on a random port of 127.0.0.1 and waits until it answers /healthz. */
export async function startServerProcess(
  dataDir: string,
  extra: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = 20_000 + Math.floor(Math.random() * 30_000);
  const child = spawn(process.execPath, [SERVER_MAIN, 'serve'], {
    env: serverEnv(dataDir, { PORT: String(port), ...extra }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${String(port)}`;
  const stop = (signal: NodeJS.Signals = 'SIGTERM') =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) {
        resolve();
        return;
      }
      child.once('exit', () => {
        resolve();
      });
      child.kill(signal);
    });
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, pid: child.pid ?? 0, stop };
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop('SIGKILL');
      throw new Error('the server did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
