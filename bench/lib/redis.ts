import { spawn } from 'node:child_process';
import net from 'node:net';
import { freePort } from '../../apps/server/src/test/server-process.ts';

export interface PrivateRedis {
  url: string;
  stop(): Promise<void>;
}

/** True when a Redis on `port` answers PING. */
function pong(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => {
      done(false);
    });
    socket.once('error', () => {
      done(false);
    });
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString();
      if (answer.includes('\r\n')) done(answer.startsWith('+PONG'));
    });
  });
}

/**
 * A throwaway redis-server of the bench's own, in memory, on a free port of 127.0.0.1. The
 * multi-node support always takes logical database 11 of the Redis it is given, and pub/sub
 * channels span every database: on the machine's shared Redis a multi-node test running at
 * the same time would take this bench's media jobs and it theirs.
 */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  let failed: Error | undefined;
  child.once('error', (error) => (failed = error));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    // Never started (no redis-server), or gone already.
    if (failed || child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGKILL');
    await exited;
  };
  const started = Date.now();
  while (!(await pong(port))) {
    if (failed || child.exitCode !== null || Date.now() - started > 10_000) {
      await stop();
      throw new Error(
        `redis-server did not start (install the Debian package redis-server): ${failed?.message ?? log}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url: `redis://127.0.0.1:${String(port)}`, stop };
}
