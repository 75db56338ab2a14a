import { randomUUID } from 'node:crypto';
import { afterAll, it } from 'vitest';
import { ensureS3Bucket, type S3BlobStoreOptions } from './s3-blob-store.ts';
import { startS3Server, type S3Server } from '../test/s3-server.ts';

// The server and bucket helpers live in test/s3-server.ts, free of vitest, so that the
// multi-node support and the benchmarks (plain node processes) can use them too.
export { listObjects, removeBucket, startS3Server, type S3Server } from '../test/s3-server.ts';

/**
 * One S3 server for the calling test file, started by whichever test needs it first and
 * stopped after the file. Call it at the top level of the file: it adds the test that makes
 * a server that does not start count as one failure (vitest would count the tests that need
 * it as skipped).
 */
export function useS3Server() {
  let serverStarted: Promise<S3Server> | undefined;
  const server = () => (serverStarted ??= startS3Server());
  afterAll(async () => {
    const started = await serverStarted?.catch(() => undefined);
    await started?.stop();
  });
  it('has an S3 server to test against', { timeout: 60_000 }, async () => {
    await server();
  });
  /** Store options for a new, empty bucket of this run's own. */
  const newBucket = async (prefix?: string): Promise<S3BlobStoreOptions> => {
    const { credentials } = await server();
    const options = { ...credentials, bucket: `trove-test-${randomUUID().slice(0, 13)}`, prefix };
    await ensureS3Bucket(options);
    return options;
  };
  return { server, newBucket };
}
