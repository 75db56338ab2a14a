import { defineConfig } from 'vitest/config';

/** One `vitest run` runs every workspace's unit and integration tests. */
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
  },
});
