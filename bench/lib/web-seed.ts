import { loadConfig } from '../../apps/server/src/config.ts';
import { migrateToLatest, openDatabase } from '../../apps/server/src/db/database.ts';
import { createInProcessEventBus } from '../../apps/server/src/events/event-bus.ts';
import type { SeedDeps } from '../../apps/server/src/seed/seed.ts';
import { createFsBlobStore } from '../../apps/server/src/storage/fs-blob-store.ts';

/** The account every web benchmark signs in as. */
export const EMAIL = 'bench-web@trove.local';
/** The browser window of every web benchmark. */
export const VIEWPORT = { width: 1280, height: 800 };

/** Runs `run` with what `trove seed` needs, on the SQLite database of a data folder. */
export async function withSeedDeps<T>(dataDir: string, run: (deps: SeedDeps) => Promise<T>): Promise<T> {
  const config = loadConfig({ DATA_DIR: dataDir, WEB_DIST: '/nonexistent', DATABASE_URL: '' });
  const database = openDatabase({ databaseUrl: '', sqliteFile: config.SQLITE_FILE });
  try {
    await migrateToLatest(database.db);
    return await run({ config, database, store: createFsBlobStore(dataDir), bus: createInProcessEventBus() });
  } finally {
    await database.close();
  }
}
