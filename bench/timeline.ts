import autocannon from 'autocannon';
import { loadConfig } from '../apps/server/src/config.ts';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database.ts';
import { createInProcessEventBus } from '../apps/server/src/events/event-bus.ts';
import { seedDemo, seedRows } from '../apps/server/src/seed/seed.ts';
import { createFsBlobStore } from '../apps/server/src/storage/fs-blob-store.ts';
import { INJECT_ENV, signIn } from '../apps/server/src/test/harness.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { makeDataDir, removeDataDir, startServer } from './lib/server.ts';

const EMAIL = 'bench@trove.local';

/**
 * p95 latency (ms) of GETs of `url` under load (autocannon, 10 connections). autocannon
 * reports p90 and p97.5, not p95; the p97.5 is used, which can only overstate p95.
 */
async function p95(url: string, headers: Record<string, string>, seconds: number): Promise<number> {
  const result = await autocannon({
    url,
    headers,
    connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
    duration: seconds,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${String(result.non2xx)} non-2xx answers, ${String(result.errors)} errors`);
  }
  return result.latency.p97_5;
}

/** The month overview and one month's page at `files` files (SQLite, the default install). */
export async function benchTimeline(
  files: number,
  seconds: number,
): Promise<{ monthsP95: number; pageP95: number }> {
  const dataDir = await makeDataDir();
  try {
    const config = loadConfig({
      DATA_DIR: dataDir,
      WEB_DIST: '/nonexistent',
      DATABASE_URL: '',
      ...INJECT_ENV,
    });
    const database = openDatabase({ databaseUrl: '', sqliteFile: config.SQLITE_FILE });
    await migrateToLatest(database.db);
    const deps = { config, database, store: createFsBlobStore(dataDir), bus: createInProcessEventBus() };
    const demo = await seedDemo(deps, { email: EMAIL, photos: 3, videos: 0 });
    await seedRows(deps, { email: EMAIL, files });
    const app = await buildApp({ config, database, logger: false });
    const session = await signIn(app, { email: EMAIL, password: demo.password ?? '' });
    await app.close();
    await database.close();

    const server = await startServer(dataDir, session, { EMBEDDED_WORKER: 'false' });
    try {
      const job = ((await (await server.call('/st/4/jobs/default')).json()) as { id: string }).id;
      const months = (await (await server.call(`/st/4/jobs/${job}/timeline/months`)).json()) as {
        months: { start: number; end: number; pictures: number }[];
      };
      const busiest = [...months.months].sort((a, b) => b.pictures - a.pictures)[0];
      if (!busiest) throw new Error('no months');
      const q = session.query;
      return {
        monthsP95: await p95(`${server.url}/st/4/jobs/${job}/timeline/months?${q}`, session.headers, seconds),
        pageP95: await p95(
          `${server.url}/st/4/jobs/${job}/files?start=${String(busiest.start)}&end=${String(busiest.end)}&limit=100&${q}`,
          session.headers,
          seconds,
        ),
      };
    } finally {
      await server.stop();
    }
  } finally {
    removeDataDir(dataDir);
  }
}
