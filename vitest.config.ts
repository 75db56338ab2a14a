import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** One `vitest run` runs every workspace's unit and integration tests. */
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
    // Vitest's default leaves a core free (one worker on CI's 2 cores), but most of these
    // files wait on SQLite, PostgreSQL, Redis, child processes, lease timers or jsdom set-up
    // rather than compute: on CI's 2 cores, two workers kept the load near 1.4 and took
    // 1,288 s for the 343 files; four took 685 s at a load near 6.5, every test passing
    // (2026-11-29). More than four would crowd the tests that time child processes.
    maxWorkers: Math.max(4, availableParallelism()),
  },
});
