/**
 * The Redis the tests use: this machine's, shared with other tests (keys carry a prefix).
 * Apart from redis.ts, which imports vitest, so that the multi-node support and the
 * benchmarks (plain node processes) can name it too.
 */
export const TEST_REDIS_URL = process.env.TROVE_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
