import type { WorkHandler } from '../queue/work-queue.ts';
import type { WorkMeter } from './metrics.ts';

/**
 * The worker's handlers, each run timed into trove_work_item_duration_seconds by kind and
 * outcome (see [Note: Metrics]). Wrapping the handlers leaves the queues as they are; a
 * handler's `giveUp` goes along untouched.
 */
export function timeWorkHandlers(
  handlers: Readonly<Record<string, WorkHandler>>,
  meter: WorkMeter,
): Record<string, WorkHandler> {
  const timed: Record<string, WorkHandler> = {};
  for (const [kind, handler] of Object.entries(handlers)) {
    const run: WorkHandler = async (payload, item) => {
      const started = performance.now();
      try {
        await handler(payload, item);
      } catch (error) {
        meter.ran(kind, 'failed', (performance.now() - started) / 1000);
        throw error;
      }
      meter.ran(kind, 'done', (performance.now() - started) / 1000);
    };
    if (handler.giveUp) run.giveUp = handler.giveUp;
    timed[kind] = run;
  }
  return timed;
}
