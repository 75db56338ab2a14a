import { createFreshLoginCheck } from './access/fresh-login.ts';
import path from 'node:path';
import type { Config } from './config.ts';
import { createRepositories, createTransact } from './modules/repositories.ts';
import type { DatabaseHandle } from './db/database.ts';
import type { EventBus } from './events/event-bus.ts';
import { closeHeicWorkers } from './media/heic.ts';
import { createChangeWriter } from './modules/changes/change-writer.ts';
import { createMediaTools } from './modules/media/media-tools.ts';
import { createMediaHandler, type MediaTools } from './modules/media/media.worker.ts';
import { createBullmqWorkQueue } from './queue/bullmq-work-queue.ts';
import { createDatabaseWorkQueue, WORK_CHANNEL, type StopOptions } from './queue/work-queue.ts';
import { createPurge, PURGE_KIND, schedulePurge } from './modules/trash/trash.purge.ts';
import type { BlobStore } from './storage/blob-store.ts';
import { createMailer, type Mailer } from './mail/index.ts';
import type { BillingHook } from './modules/deletion/billing-hook.ts';
import { createDeletionJob, DELETION_KIND } from './modules/deletion/stages.ts';
import { createDeletionService } from './modules/deletion/deletion.service.ts';
import { createSunsetSweep, scheduleSunsetSweep, SUNSET_KIND } from './modules/sunset/sunset.sweep.ts';
import { createGrantWrites } from './modules/billing/grants.service.ts';
import {
  GRANTS_EXPIRY_KIND,
  grantsExpiryHandler,
  scheduleGrantsExpiry,
} from './modules/billing/grants.sweep.ts';
import { busAnnouncer } from './access/session-revocations.ts';
import { emailConsentIdsFromSecret } from './access/email-consent-ids.ts';
import { ANNOUNCEMENT_KIND, createAnnouncementJob } from './modules/operator/announcements.job.ts';
import { createBillingRuntime, type BillingRuntime } from './modules/billing/billing.runtime.ts';
import { registerBullmqCollector } from './metrics/collectors.ts';
import type { TroveMetrics } from './metrics/metrics.ts';
import { timeWorkHandlers } from './metrics/work-timing.ts';
import { loadPlanCatalogue } from './modules/billing/catalogue.ts';
import {
  BILLING_RECONCILE_KIND,
  billingReconcileHandler,
  scheduleBillingReconcile,
} from './modules/billing/billing.reconcile.ts';

/** How often a worker asks for a trash purge and a sunset sweep (at most one of each waits). */
const PURGE_EVERY_MS = 60 * 60_000;

/**
 * The background worker: the media pipeline, the trash purge, account deletions (see
 * [Note: Account deletion]), the sunset sweep ([Note: Sunset deletion]) and operator
 * announcements ([Note: Announcement sending]) on the work queue. `trove
 * serve` runs one in its own process unless EMBEDDED_WORKER=false; `trove worker` runs only
 * this.
 */
export function createWorker(deps: {
  config: Config;
  database: DatabaseHandle;
  store: BlobStore;
  bus: EventBus;
  /** The server's signing key, as the process resolved it at start ([Note: Server secret]). */
  serverSecret: Buffer;
  tools?: MediaTools;
  /** Where deletion confirmations go; by default SMTP_URL's server or DATA_DIR/outbox. */
  mailer?: Mailer;
  /** What account deletion asks of billing (payments register theirs); none by default. */
  billing?: BillingHook;
  now?: () => number;
  log?: (message: string) => void;
  /** The process's metrics (see [Note: Metrics]): renditions, work item runs, BullMQ's jobs. */
  metrics?: TroveMetrics;
}): { start(): void; stop(options?: StopOptions): Promise<void> } {
  const { config, database, store, bus } = deps;
  const now = deps.now ?? Date.now;
  const repos = createRepositories(database.db);
  const log =
    deps.log ??
    ((message: string) => {
      console.warn(message);
    });
  const onError = (error: unknown, item?: { id: string; kind: string; attempts: number }) => {
    log(
      item
        ? `work item ${item.kind} ${item.id} failed (attempt ${String(item.attempts)}): ${String(error)}`
        : `work queue: ${String(error)}`,
    );
  };
  const common = { workItems: repos.workItems, bus, concurrency: config.MEDIA_CONCURRENCY, now, onError };
  // With Redis, BullMQ spreads the work over every `trove worker`; the database stays the
  // record of what must be done (see bullmq-work-queue.ts).
  const bullmq =
    config.REDIS_URL === ''
      ? undefined
      : createBullmqWorkQueue({ ...common, redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX });
  const queue = bullmq ?? createDatabaseWorkQueue(common);
  if (bullmq && deps.metrics) registerBullmqCollector(deps.metrics, () => bullmq.jobCounts());
  const media = createMediaHandler({
    repos,
    changeWriter: createChangeWriter({ db: database.db, bind: createRepositories, bus }),
    store,
    tools:
      deps.tools ??
      createMediaTools({
        ffmpegPath: config.FFMPEG_PATH,
        ffprobePath: config.FFPROBE_PATH,
        concurrency: config.MEDIA_CONCURRENCY,
      }),
    // Originals are copied here to be decoded: on the data disk, because /tmp may be a
    // small RAM disk and videos are large. Each item removes its own folder.
    workDir: path.join(config.DATA_DIR, 'work'),
    now,
    meter: deps.metrics?.renditions,
  });
  // Billing (issue #25), built on first use: the deletion stage cancels through it and the
  // reconcile sweep re-syncs through it; the sandbox's events go to this process's own handler.
  let billingRuntime: Promise<BillingRuntime> | undefined;
  const billing = () =>
    (billingRuntime ??= createBillingRuntime({
      config,
      db: database.db,
      catalogue: loadPlanCatalogue(config.PLANS_FILE),
      now,
      log,
    }));
  const billingHook: BillingHook = {
    cancelForDeletion: async (userId) => (await billing()).hook.cancelForDeletion(userId),
  };
  const purge = createPurge({
    repos,
    resumableDir: path.join(config.DATA_DIR, 'resumable'),
    transact: createTransact(database.db),
    store,
    now,
    log,
  });
  const mailer = deps.mailer ?? createMailer(config);
  const deletion = createDeletionJob({
    repos,
    transact: createTransact(database.db),
    changeWriter: createChangeWriter({ db: database.db, bind: createRepositories, bus }),
    store,
    mailer,
    billing: deps.billing ?? billingHook,
    dataDir: config.DATA_DIR,
    now,
    log,
  });
  const sunset = createSunsetSweep({
    repos,
    mailer,
    deletion: createDeletionService({
      repos,
      changeWriter: createChangeWriter({ db: database.db, bind: createRepositories, bus }),
      revocations: busAnnouncer(bus),
      bus,
      graceDays: config.ACCOUNT_DELETION_GRACE_DAYS,
      freshLogin: createFreshLoginCheck({ windowS: config.FRESH_LOGIN_WINDOW_S, now }),
      now,
    }),
    inactiveDays: config.SUNSET_INACTIVE_DAYS,
    warningDays: config.SUNSET_WARNING_DAYS,
    now,
    log,
  });
  // Operator announcements ([Note: Announcement sending]): the unsubscribe identifiers are
  // signed with the server's secret, as the server signs them.
  const announcements = createAnnouncementJob({
    repos,
    transact: createTransact(database.db),
    mailer,
    emailConsentIds: emailConsentIdsFromSecret(deps.serverSecret),
    now,
  });
  // The periodic work: each a work item queued unless one waits already (several workers ask).
  const grantWrites = createGrantWrites({
    grants: repos.grants,
    transact: createTransact(database.db),
    baseQuotaBytes: config.BASE_QUOTA_BYTES,
    now,
  });
  const periodic: [string, typeof schedulePurge][] = [
    [PURGE_KIND, schedulePurge],
    [GRANTS_EXPIRY_KIND, scheduleGrantsExpiry],
  ];
  if (config.BILLING !== 'off') periodic.push([BILLING_RECONCILE_KIND, scheduleBillingReconcile]);
  if (config.SUNSET_INACTIVE_DAYS > 0) periodic.push([SUNSET_KIND, scheduleSunsetSweep]);
  const askForPeriodic = () => {
    for (const [kind, schedule] of periodic)
      schedule(repos, now())
        .then((queued) => (queued ? bus.publish(WORK_CHANNEL, kind) : undefined))
        .catch((error: unknown) => {
          onError(error);
        });
  };
  let purgeTimer: NodeJS.Timeout | undefined;
  return {
    start: () => {
      const handlers = {
        media,
        [PURGE_KIND]: purge.handler,
        [DELETION_KIND]: deletion.handler,
        [SUNSET_KIND]: sunset.handler,
        [ANNOUNCEMENT_KIND]: announcements.handler,
        [GRANTS_EXPIRY_KIND]: grantsExpiryHandler(grantWrites),
        [BILLING_RECONCILE_KIND]: billingReconcileHandler(async () => (await billing()).reconcile()),
      };
      queue.start(deps.metrics ? timeWorkHandlers(handlers, deps.metrics.work) : handlers);
      askForPeriodic();
      purgeTimer = setInterval(askForPeriodic, PURGE_EVERY_MS);
      purgeTimer.unref();
    },
    /** Items still running after `graceMs` are handed back (See: [Note: Work hand-back]). */
    stop: async (options) => {
      clearInterval(purgeTimer);
      await queue.stop(options);
      if (!deps.mailer) await mailer.close();
      // HEIC decodes run in worker threads; they would keep the process alive.
      await closeHeicWorkers();
    },
  };
}
