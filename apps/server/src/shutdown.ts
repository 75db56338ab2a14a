import { constants } from 'node:os';
import type { FastifyInstance } from 'fastify';

/*
 * [Note: Graceful shutdown]
 *
 * Issue #26: "graceful shutdown that finishes or hands back in-flight requests and work
 * items on SIGTERM." On the first SIGTERM or SIGINT, `trove serve`:
 * - drains: /readyz answers 503 `{ ok: false, draining: true }`, so a load balancer that
 *   still reaches the node takes it out, and held long polls answer at once with the
 *   current serial (the client polls again, on a node that stays);
 * - stops accepting connections and closes the idle ones. A proxy retries a refused
 *   connection on another node (nginx's `proxy_next_upstream error`, haproxy's
 *   `redispatch`), which a 503 it would pass on to the user. Requests in flight, and those
 *   already on their way on an open connection, are served (with `Connection: close`);
 * - gives those requests and the worker's running items SHUTDOWN_GRACE_MS, together; then
 *   cuts the connections still open and hands the items back ([Note: Work hand-back]);
 * - closes the event bus and the database, and exits 0.
 * `trove worker` does the same for its items. A second signal exits at once, with 128 + the
 * signal's number as a shell reports a killed process: for an operator who will not wait.
 */

/**
 * Calls `stop` on the first SIGTERM or SIGINT and exits 0 when it is done (1 if it threw);
 * a second signal exits at once. See: [Note: Graceful shutdown].
 */
export function onStopSignals(
  stop: (signal: NodeJS.Signals) => Promise<void>,
  log: (message: string) => void,
  exit: (code: number) => void = (code) => process.exit(code),
): void {
  let stopping = false;
  const handle = (signal: NodeJS.Signals) => {
    if (stopping) {
      log(`${signal} again: exiting without waiting`);
      exit(128 + constants.signals[signal]);
      return;
    }
    stopping = true;
    stop(signal).then(
      () => {
        exit(0);
      },
      (error: unknown) => {
        log(`stopping failed: ${String(error)}`);
        exit(1);
      },
    );
  };
  process.on('SIGINT', handle);
  process.on('SIGTERM', handle);
}

/** How often a draining server closes the connections that have gone idle since. */
const IDLE_SWEEP_MS = 250;

/**
 * Stops accepting connections and waits for the requests in flight, up to `graceMs`; then
 * closes the connections still open (their requests are cut off) and resolves once the app
 * has closed.
 */
export async function closeServer(app: FastifyInstance, graceMs: number): Promise<void> {
  // Closing closes the connections idle at that moment; one whose request ends later (with
  // headers sent before the drain, so without `Connection: close`) would otherwise idle on
  // until its keep-alive timeout and hold the process to the end of the grace period.
  const sweep = setInterval(() => {
    app.server.closeIdleConnections();
  }, IDLE_SWEEP_MS);
  const deadline = setTimeout(() => {
    app.server.closeAllConnections();
  }, graceMs);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
    clearTimeout(deadline);
  }
}
