import type { Config } from '../config.ts';
import type { BlobStore } from './blob-store.ts';
import { createFsBlobStore } from './fs-blob-store.ts';
import { createS3BlobStore, ensureS3Bucket, type S3BlobStoreOptions } from './s3-blob-store.ts';

/**
 * The configured blob store: an S3-compatible bucket when S3_BUCKET is set, else the
 * data folder. The bucket is created when missing, so a fresh install starts cleanly.
 */
export async function openBlobStore(config: Config): Promise<BlobStore> {
  if (config.S3_BUCKET === '') {
    return createFsBlobStore(config.DATA_DIR, { reserveBytes: config.DISK_RESERVE_MB * 1024 * 1024 });
  }
  const options = s3OptionsFromConfig(config);
  await ensureS3Bucket(options);
  return createS3BlobStore(options);
}

/** The bucket S3_BUCKET and its settings name (`trove doctor` probes it without creating it). */
export function s3OptionsFromConfig(
  config: Pick<
    Config,
    'S3_ENDPOINT' | 'S3_REGION' | 'S3_BUCKET' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_PREFIX'
  >,
): S3BlobStoreOptions {
  return {
    ...(config.S3_ENDPOINT !== '' && { endpoint: config.S3_ENDPOINT }),
    region: config.S3_REGION,
    bucket: config.S3_BUCKET,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    ...(config.S3_PREFIX !== '' && { prefix: config.S3_PREFIX }),
  };
}
