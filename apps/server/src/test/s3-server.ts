import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  AbortMultipartUploadCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { S3BlobStoreOptions } from '../storage/s3-blob-store.ts';

/*
 * The S3 store against a real S3 server: a throwaway single-node Ceph radosgw, started by
 * scripts/radosgw.sh for each test file that uses it (about 2 s) and stopped at the end. To test against a
 * server that is already running instead (radosgw from `eval "$(scripts/radosgw.sh start)"`,
 * MinIO, AWS), set TROVE_TEST_S3_ENDPOINT, and TROVE_TEST_S3_ACCESS_KEY_ID,
 * TROVE_TEST_S3_SECRET_ACCESS_KEY and TROVE_TEST_S3_REGION unless they are radosgw.sh's.
 * Each suite works in a bucket of its own, deleted afterwards.
 *
 * There is no skipping: without Ceph installed these tests fail, with a message that says
 * how to install it, so that a CI machine without it cannot pass unnoticed.
 */

const execFileAsync = promisify(execFile);
const RADOSGW_SH = fileURLToPath(new URL('../../../../scripts/radosgw.sh', import.meta.url));

type Credentials = Omit<S3BlobStoreOptions, 'bucket' | 'prefix' | 'forcePathStyle'>;
export interface S3Server {
  credentials: Credentials;
  stop: () => Promise<void>;
}

export async function startS3Server(): Promise<S3Server> {
  const env = process.env;
  if (env.TROVE_TEST_S3_ENDPOINT) {
    return {
      credentials: {
        endpoint: env.TROVE_TEST_S3_ENDPOINT,
        region: env.TROVE_TEST_S3_REGION ?? 'us-east-1',
        accessKeyId: env.TROVE_TEST_S3_ACCESS_KEY_ID ?? 'TESTKEY',
        secretAccessKey: env.TROVE_TEST_S3_SECRET_ACCESS_KEY ?? 'TESTSECRET',
      },
      // Someone else's server: leave it running.
      stop: async () => {},
    };
  }
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'trove-radosgw-'));
  const stop = async () => {
    await execFileAsync(RADOSGW_SH, ['stop', dir], { timeout: 30_000 }).catch(() => undefined);
    await fs.promises.rm(dir, { recursive: true, force: true });
  };
  let stdout: string;
  try {
    // Below the 60 s hook timeout, so that this message, not vitest's, reports a hang.
    ({ stdout } = await execFileAsync(RADOSGW_SH, ['start', dir], { timeout: 50_000 }));
  } catch (error) {
    await stop();
    const stderr = (error as { stderr?: unknown }).stderr;
    throw new Error(
      'Could not start a Ceph radosgw for the S3 tests with scripts/radosgw.sh. Install Ceph with ' +
        '`bash scripts/ensure-debian-packages.sh` (Debian packages radosgw ceph-mon ceph-osd), or set ' +
        `TROVE_TEST_S3_ENDPOINT to a running S3 server.\n${typeof stderr === 'string' ? stderr : String(error)}`,
      { cause: error },
    );
  }
  const vars = new Map([...stdout.matchAll(/^export (\w+)=(.*)$/gm)].map((m) => [m[1], m[2]]));
  const read = (name: string) => {
    const value = vars.get(name);
    if (!value) throw new Error(`scripts/radosgw.sh printed no ${name}:\n${stdout}`);
    return value;
  };
  return {
    credentials: {
      endpoint: read('S3_ENDPOINT'),
      region: read('S3_REGION'),
      accessKeyId: read('S3_ACCESS_KEY_ID'),
      secretAccessKey: read('S3_SECRET_ACCESS_KEY'),
    },
    stop,
  };
}

/** Empties and deletes a test bucket (what radosgw would otherwise keep in memory). */
export async function removeBucket(client: S3Client, bucket: string): Promise<void> {
  for (const upload of (await client.send(new ListMultipartUploadsCommand({ Bucket: bucket }))).Uploads ??
    []) {
    await client.send(
      new AbortMultipartUploadCommand({ Bucket: bucket, Key: upload.Key, UploadId: upload.UploadId }),
    );
  }
  for (const object of await listObjects(client, bucket)) {
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: object }));
  }
  await client.send(new DeleteBucketCommand({ Bucket: bucket }));
}

/** Every key of a bucket (under `prefix`), sorted. */
export async function listObjects(client: S3Client, bucket: string, prefix?: string): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
    );
    for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
    token = page.IsTruncated === true ? page.NextContinuationToken : undefined;
  } while (token);
  return keys.sort();
}
