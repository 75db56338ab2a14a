import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';
import { openDatabase } from '../db/database.ts';
import { createInProcessEventBus } from '../events/event-bus.ts';
import { createBullmqWorkQueue } from '../queue/bullmq-work-queue.ts';
import { createWorkItemsRepository } from '../queue/work-items.repository.ts';
import { createDatabaseWorkQueue, type WorkQueue } from '../queue/work-queue.ts';

/**
 * One work queue in a process of its own, with its default lease or lock, whose `media`
 * handler never ends: the crash tests kill it (SIGKILL) mid-item, as a power cut would.
 * It prints `started <item id>` when the handler starts.
 */
export interface QueueProcessOptions {
  kind: 'database' | 'bullmq';
  /** DATABASE_URL, or '' with `sqliteFile`. */
  databaseUrl: string;
  sqliteFile: string;
  /** BullMQ only: the Redis and the key prefix the test's own queues use. */
  redisUrl?: string;
  prefix?: string;
}

const THIS_FILE = fileURLToPath(import.meta.url);

/** Starts the queue process; resolves with it once its handler runs the item `itemId`. */
export async function startQueueProcess(options: QueueProcessOptions, itemId: string) {
  const child = spawn(process.execPath, [THIS_FILE], {
    env: { ...process.env, TROVE_QUEUE_PROCESS: JSON.stringify(options) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      resolve();
    });
  });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes(`started ${itemId}`)) resolve();
    });
    child.once('exit', (code) => {
      reject(new Error(`the queue process exited (${String(code)}) before it ran ${itemId}`));
    });
  });
  return { child, exited };
}

function runQueueProcess(options: QueueProcessOptions): void {
  const database = openDatabase({ databaseUrl: options.databaseUrl, sqliteFile: options.sqliteFile });
  const common = {
    workItems: createWorkItemsRepository(database.db),
    bus: createInProcessEventBus(),
    concurrency: 1,
    pollMs: 200,
    onError: (error: unknown) => {
      console.error(error);
    },
  };
  const queue: WorkQueue =
    options.kind === 'database'
      ? createDatabaseWorkQueue(common)
      : createBullmqWorkQueue({
          ...common,
          redisUrl: options.redisUrl ?? '',
          ...(options.prefix !== undefined && { prefix: options.prefix }),
          leaseMs: 60_000,
        });
  queue.start({
    media: (_payload, item) => {
      console.log(`started ${item.id}`);
      return new Promise(() => undefined);
    },
  });
  // The queue's timers do not hold the process; the test ends it.
  setInterval(() => undefined, 60_000);
}

const given = process.env.TROVE_QUEUE_PROCESS;
if (given !== undefined && process.argv[1] === THIS_FILE) {
  runQueueProcess(JSON.parse(given) as QueueProcessOptions);
}
