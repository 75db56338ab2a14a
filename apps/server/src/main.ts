#!/usr/bin/env node
import path from 'node:path';
import { mailNotice, toolRuns, videoToolsNotice } from './startup-notices.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { buildApp } from './app.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import { createRepositories, createTransact } from './modules/repositories.ts';
import { openEventBus } from './events/open-bus.ts';
import { createFsckRepository } from './fsck/fsck.repository.ts';
import { runFsck, summarize } from './fsck/fsck.ts';
import { createPurge } from './modules/trash/trash.purge.ts';
import { seedDemo, seedRows, type SeedDeps } from './seed/seed.ts';
import { connectOidc, type OidcProvider } from './identity/oidc.ts';
import { createWorker } from './worker.ts';
import { closeServer, onStopSignals } from './shutdown.ts';
import { prepareDataDir } from './data-dir.ts';
import { resolveServerSecret } from './secrets/server-secret.ts';
import { ADMIN_USAGE, runAdmin } from './admin/cli.ts';
import { DOCTOR_USAGE, doctorCommand } from './doctor/doctor.ts';
import { createMetrics } from './metrics/metrics.ts';
import { exposeMetrics } from './metrics/metrics-listener.ts';
import {
  BACKUP_USAGE,
  backupCommand,
  openHeldBlobStore,
  RESTORE_USAGE,
  restoreCommand,
} from './backup/backup-cli.ts';
import {
  checkStripeKey,
  createStripeProvider,
  StripeKeyError,
  stripeOptionsFromConfig,
} from './payments/stripe/index.ts';

/**
 * The `trove` command: `serve` (default) runs the server (and, unless EMBEDDED_WORKER=false,
 * the media worker), `worker` runs only the worker, `migrate` applies migrations, `fsck`
 * reconciles the database with the stored bytes (serve also runs it at start), `purge`
 * deletes for good what has been in the trash 90 days, `quota` sets a user's storage quota,
 * `backup` and `restore` copy the data out and back (docs/OPERATIONS.md), `admin` is the
 * operator's side (accounts, terms, cards, deletions), `seed` makes a demo account,
 * `doctor` checks the settings and every component a node uses. Every command answers `--help` (or `-h`) with its usage and exit 0.
 */
const COMMANDS = {
  serve: { usage: 'serve', about: 'the server (default)', run: serve },
  worker: { usage: 'worker', about: 'only the background worker', run: worker },
  migrate: { usage: 'migrate', about: 'apply database migrations', run: migrate },
  fsck: {
    usage: 'fsck [--verify] [--dry-run] [--grace-minutes N]',
    about: 'reconcile the database with the stored bytes',
    run: fsck,
  },
  backup: {
    usage: BACKUP_USAGE,
    about: 'copy the database and the files it names to <dir>, while the server runs (docs/OPERATIONS.md)',
    run: backupCommand,
  },
  restore: {
    usage: RESTORE_USAGE,
    about: 'put a backup back into an empty DATA_DIR and database; then run fsck --verify',
    run: restoreCommand,
  },
  purge: {
    usage: 'purge',
    about: 'delete for good what has been in the trash 90 days (workers also do it hourly)',
    run: purge,
  },
  quota: {
    usage: 'quota <email> <bytes|default>',
    about: "set a user's storage quota (default: BASE_QUOTA_BYTES)",
    run: quota,
  },
  admin: {
    usage: ADMIN_USAGE.replaceAll('\n', '\n  trove '),
    about: "the operator's side (issue #24)",
    run: runAdmin,
  },
  seed: {
    usage: 'seed [--email E] [--photos N] [--videos N] | seed --files N [--email E]',
    about: 'a demo account with a generated library; --files: N more file rows for scale tests',
    run: seed,
  },
  doctor: {
    usage: DOCTOR_USAGE,
    about: 'check the settings and every component this node uses; exit 1 when one fails',
    // It reads the settings itself: invalid ones are its first finding, not a refusal to run.
    runUnconfigured: (args) => doctorCommand(args),
  },
} satisfies Record<
  string,
  { usage: string; about: string } & (
    | { run: (config: Config, args: string[]) => Promise<number> }
    | { runUnconfigured: (args: string[]) => Promise<number> }
  )
>;

type CommandName = keyof typeof COMMANDS;

const USAGE = [
  'usage: trove [command] [--help]',
  ...Object.values(COMMANDS).map((c) => `  ${c.usage}\n      ${c.about}`),
  'Settings are environment variables (README.md, Configuration).',
].join('\n');

function isCommand(name: string): name is CommandName {
  return Object.hasOwn(COMMANDS, name);
}

async function main(argv: string[]): Promise<number> {
  const [first = 'serve', ...args] = argv;
  if (first === '--help' || first === '-h' || first === 'help') {
    console.log(USAGE);
    return 0;
  }
  if (!isCommand(first)) {
    console.error(USAGE);
    return 2;
  }
  const command = COMMANDS[first];
  if (args.includes('--help') || args.includes('-h')) {
    console.log(`usage: trove ${command.usage}\n  ${command.about}`);
    return 0;
  }
  if ('runUnconfigured' in command) {
    // As for every command: whatever it creates in DATA_DIR (its blob probe) is the owner's.
    process.umask(0o077);
    return command.runUnconfigured(args);
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  // Whatever a command creates in DATA_DIR (database, files, keys) is the owner's alone.
  process.umask(0o077);
  prepareDataDir(config.DATA_DIR, (message) => {
    console.warn(message);
  });
  return command.run(config, args);
}

async function migrate(config: Config): Promise<number> {
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, sqliteFile: config.SQLITE_FILE });
  try {
    const applied = await migrateToLatest(database.db);
    console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
    return 0;
  } finally {
    await database.close();
  }
}

async function serve(config: Config): Promise<number> {
  if (config.BILLING === 'stripe') {
    // A key Stripe refuses stops the start, not a customer's first purchase.
    try {
      await checkStripeKey(createStripeProvider(stripeOptionsFromConfig(config)));
    } catch (error) {
      if (!(error instanceof StripeKeyError)) throw error;
      console.error(error.message);
      return 1;
    }
  }
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, sqliteFile: config.SQLITE_FILE });
  await migrateToLatest(database.db);
  let oidc: OidcProvider | undefined;
  if (config.OIDC_ISSUER !== '') {
    oidc = await connectOidc({
      issuer: config.OIDC_ISSUER,
      clientId: config.OIDC_CLIENT_ID,
      clientSecret: config.OIDC_CLIENT_SECRET,
      scopes: config.OIDC_SCOPES,
      allowHttp: config.OIDC_ALLOW_HTTP,
    });
  }
  const store = await openHeldBlobStore(config, database);
  const bus = openEventBus(config);
  // Resolved once, for the app and its embedded worker alike ([Note: Server secret]).
  const secret = await resolveServerSecret({ config, db: database.db });
  // One registry for the process, the app's and the embedded worker's (See: [Note: Metrics]).
  const metrics = createMetrics({ processMetrics: config.METRICS_PORT !== 0 });
  // See: [Note: Graceful shutdown].
  const draining = new AbortController();
  const app = await buildApp({
    config,
    database,
    store,
    bus,
    metrics,
    mediaSecret: secret.secret,
    draining: draining.signal,
    ...(oidc ? { oidc } : {}),
  });
  const background = config.EMBEDDED_WORKER
    ? createWorker({
        config,
        database,
        store,
        bus,
        serverSecret: secret.secret,
        metrics,
        log: (m) => {
          app.log.warn(m);
        },
      })
    : undefined;
  const metricsListener = await exposeMetrics(config, metrics, database.db);
  if (metricsListener) app.log.info(`metrics for Prometheus at ${metricsListener.url}/metrics`);
  const graceMs = config.SHUTDOWN_GRACE_MS;
  onStopSignals(
    async (signal) => {
      app.log.info(
        `Trove is stopping (${signal}): finishing what is in flight, for up to ${String(graceMs)} ms`,
      );
      draining.abort();
      await metricsListener?.close();
      await Promise.all([closeServer(app, graceMs), background?.stop({ graceMs })]);
      await bus.close();
      await database.close();
      app.log.info('Trove stopped');
    },
    (message) => {
      app.log.warn(message);
    },
  );
  const address = await app.listen({ port: config.PORT, host: config.HOST });
  background?.start();
  // Reconcile at start, in the background: it only removes what is old enough to be safe.
  void runFsck({
    fsck: createFsckRepository(database.db),
    repos: createRepositories(database.db),
    store,
    transact: createTransact(database.db),
  }).then(
    (report) => {
      const line = summarize(report);
      if (report.missingBlobs.length || report.corruptBlobs.length) app.log.error(line);
      else app.log.info(line);
    },
    (error: unknown) => {
      app.log.error(`fsck failed: ${String(error)}`);
    },
  );
  app.log.info(`Trove is serving on ${address} (data in ${config.DATA_DIR}, ${database.dialect})`);
  // A browser on any other address cannot sign in: say where it can, and how to add one.
  app.log.info(
    `sign-in accepted from ${config.SIGN_IN_ORIGINS.join(', ')}; ` +
      'set APP_HOST or TRUSTED_ORIGINS for other addresses (e.g. http://192.168.1.20:8080)',
  );
  // Shares by e-mail go to SMTP_URL's server, else wait as .eml files (see [Note: Mail]).
  const notices = [
    ...secret.notices,
    mailNotice(config),
    videoToolsNotice(config.FFMPEG_PATH, await toolRuns(config.FFMPEG_PATH)),
  ];
  for (const notice of notices) app.log[notice.level](notice.text);
  return -1;
}

async function fsck(config: Config, args: string[]): Promise<number> {
  const graceAt = args.indexOf('--grace-minutes');
  const grace = graceAt >= 0 ? Number(args[graceAt + 1]) : 60;
  if (!Number.isFinite(grace) || grace < 0) {
    console.error(`usage: trove ${COMMANDS.fsck.usage}`);
    return 2;
  }
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, sqliteFile: config.SQLITE_FILE });
  try {
    await migrateToLatest(database.db);
    const report = await runFsck(
      {
        fsck: createFsckRepository(database.db),
        repos: createRepositories(database.db),
        store: await openHeldBlobStore(config, database),
        transact: createTransact(database.db),
      },
      {
        graceMs: grace * 60_000,
        verify: args.includes('--verify'),
        dryRun: args.includes('--dry-run'),
        resumableDir: path.join(config.DATA_DIR, 'resumable'),
      },
    );
    console.log(summarize(report));
    for (const missing of report.missingBlobs) {
      console.log(`MISSING blob ${missing.blobId} (key ${missing.key}, ${String(missing.files)} files)`);
    }
    for (const corrupt of report.corruptBlobs) {
      console.log(`CORRUPT blob ${corrupt.blobId} (key ${corrupt.key}): ${corrupt.reason} differs`);
    }
    return report.missingBlobs.length || report.corruptBlobs.length ? 1 : 0;
  } finally {
    await database.close();
  }
}

async function purge(config: Config): Promise<number> {
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, sqliteFile: config.SQLITE_FILE });
  try {
    await migrateToLatest(database.db);
    const report = await createPurge({
      repos: createRepositories(database.db),
      resumableDir: path.join(config.DATA_DIR, 'resumable'),
      transact: createTransact(database.db),
      store: await openHeldBlobStore(config, database),
      now: Date.now,
      log: (message) => {
        console.log(message);
      },
    }).run();
    console.log(
      `purge: ${String(report.files)} files, ${String(report.albums)} albums, ${String(report.shares)} ended shares, ${String(report.freedBytes)} bytes freed, ${String(report.abandonedUploads)} abandoned uploads`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

/** An administrator's limit for one account (self-hosters run without plans and payments). */
async function quota(config: Config, args: string[]): Promise<number> {
  const [email = '', value = ''] = args;
  const bytes = value === 'default' ? null : /^\d+$/.test(value) ? Number(value) : NaN;
  if (email === '' || (bytes !== null && !Number.isSafeInteger(bytes))) {
    console.error(`usage: trove ${COMMANDS.quota.usage}`);
    return 2;
  }
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, sqliteFile: config.SQLITE_FILE });
  try {
    await migrateToLatest(database.db);
    const accounts = createRepositories(database.db).accounts;
    const user = await accounts.findByEmail(email.trim().toLowerCase());
    if (!user) {
      console.error(`quota: no account ${email}`);
      return 1;
    }
    // The operator's limit replaces base + grants until `default` removes it (issue #25).
    const max = await createTransact(database.db)((repos) =>
      repos.grants.setOverride(user.id, bytes, config.BASE_QUOTA_BYTES, Date.now()),
    );
    const limit = max ?? config.BASE_QUOTA_BYTES;
    console.log(`quota: ${email} may use ${String(limit)} bytes (uses ${String(user.used_space)})`);
    return 0;
  } finally {
    await database.close();
  }
}

async function seed(config: Config, args: string[]): Promise<number> {
  const option = (name: string, fallback: string) => {
    const at = args.indexOf(name);
    return at >= 0 ? (args[at + 1] ?? '') : fallback;
  };
  // As sign-in reads it (contract auth.ts Email): trimmed, lower case.
  const email = option('--email', 'demo@trove.local').trim().toLowerCase();
  const counts = ['--files', '--photos', '--videos'].map((name) => Number(option(name, '0')));
  if (counts.some((n) => !Number.isSafeInteger(n) || n < 0)) {
    console.error(`usage: trove ${COMMANDS.seed.usage}`);
    return 2;
  }
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, sqliteFile: config.SQLITE_FILE });
  let deps: SeedDeps | undefined;
  try {
    await migrateToLatest(database.db);
    deps = { config, database, store: await openHeldBlobStore(config, database), bus: openEventBus(config) };
    if (args.includes('--files')) {
      const added = await seedRows(deps, { email, files: Number(option('--files', '0')) });
      console.log(`seed: added ${String(added)} file rows to ${email}`);
      return 0;
    }
    const result = await seedDemo(deps, {
      email,
      photos: Number(option('--photos', '40')),
      videos: Number(option('--videos', '3')),
    });
    console.log(`seed: ${String(result.uploaded)} files uploaded to ${result.email}`);
    // Printed once, to the operator's terminal: the account did not exist before.
    if (result.password) console.log(`seed: sign in as ${result.email} with password ${result.password}`);
    console.log('seed: thumbnails are made by the worker (`trove serve` runs one)');
    return 0;
  } finally {
    await deps?.bus.close();
    await database.close();
  }
}

async function worker(config: Config): Promise<number> {
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, sqliteFile: config.SQLITE_FILE });
  await migrateToLatest(database.db);
  // Another process serves the API. With REDIS_URL its wake-ups reach this worker; without,
  // the worker finds new work by polling the queue table every few seconds.
  const bus = openEventBus(config);
  const secret = await resolveServerSecret({ config, db: database.db });
  for (const notice of secret.notices) (notice.level === 'warn' ? console.warn : console.log)(notice.text);
  const metrics = createMetrics({ processMetrics: config.METRICS_PORT !== 0 });
  const queue = createWorker({
    config,
    database,
    store: await openHeldBlobStore(config, database),
    bus,
    serverSecret: secret.secret,
    metrics,
  });
  const metricsListener = await exposeMetrics(config, metrics, database.db);
  // The queue's timers do not hold the process (a server's listening socket does): without
  // this an idle worker on the embedded queue exited at once, and a deletion due later, or
  // a purge next hour, never ran.
  const alive = setInterval(() => undefined, 3_600_000);
  onStopSignals(
    async (signal) => {
      console.log(
        `Trove worker is stopping (${signal}): finishing its items, for up to ${String(config.SHUTDOWN_GRACE_MS)} ms`,
      );
      await metricsListener?.close();
      await queue.stop({ graceMs: config.SHUTDOWN_GRACE_MS });
      await bus.close();
      await database.close();
      // Only now: until the process exits, `alive` keeps it from ending on its own mid-stop.
      clearInterval(alive);
    },
    (message) => {
      console.warn(message);
    },
  );
  queue.start();
  console.log(`Trove worker is running (data in ${config.DATA_DIR}, ${database.dialect})`);
  if (metricsListener) console.log(`metrics for Prometheus at ${metricsListener.url}/metrics`);
  return -1;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
