import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { TEST_REDIS_URL } from './redis-url.ts';

export { TEST_REDIS_URL } from './redis-url.ts';

/**
 * Connects an admin client for the calling test file. When Redis is unreachable each test
 * fails with `purpose` in the message, rather than the suite being skipped: skipped tests
 * read as green. Use the returned object's `admin` inside tests.
 */
export function useTestRedis(purpose: string): { admin: Redis } {
  const handle = {} as { admin: Redis };
  let unreachable: Error | undefined;
  beforeAll(async () => {
    handle.admin = new Redis(TEST_REDIS_URL, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
      connectTimeout: 2000,
    });
    // connect() rejects with the same error; this only keeps ioredis from logging it.
    handle.admin.on('error', () => undefined);
    try {
      await handle.admin.connect();
    } catch (error) {
      handle.admin.disconnect();
      unreachable = new Error(`${purpose} need Redis at ${TEST_REDIS_URL} (set TROVE_TEST_REDIS_URL)`, {
        cause: error,
      });
    }
  });
  beforeEach(() => {
    if (unreachable) throw unreachable;
  });
  afterAll(async () => {
    if (!unreachable) await handle.admin.quit();
  });
  return handle;
}
