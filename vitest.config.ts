import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** One `vitest run` runs every workspace's unit and integration tests. */
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
    // Vitest's default leaves a core free (one worker on CI's 2 cores), but most of these
    // files wait on SQLite, PostgreSQL, Redis, child processes or jsdom set-up rather than
    // compute: two workers on 2 cores ran the whole suite in 6.4 minutes.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
