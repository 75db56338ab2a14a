import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { ensureS3Bucket } from '../storage/s3-blob-store.ts';
import { s3OptionsFromConfig } from '../storage/open-store.ts';
import { runDoctor } from './doctor.ts';

const run = promisify(execFile);
const RADOSGW_SH = fileURLToPath(new URL('../../../../scripts/radosgw.sh', import.meta.url));

/** The blob check against a real S3 server (a throwaway radosgw). */
describe('trove doctor on S3 (radosgw)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-doctor-s3-'));
  const env: Record<string, string> = {};
  beforeAll(async () => {
    // radosgw.sh prints `export NAME=value` lines only (see the script).
    const { stdout } = await run(RADOSGW_SH, ['start', dir], { timeout: 60_000 });
    for (const match of stdout.matchAll(/^export (\w+)=['"]?([^'"\n]*)['"]?$/gm))
      if (match[1] && match[2] !== undefined) env[match[1]] = match[2];
    if (!env.S3_ENDPOINT) throw new Error(`radosgw.sh gave no endpoint: ${stdout}`);
  }, 90_000);
  afterAll(async () => {
    await run(RADOSGW_SH, ['stop', dir], { timeout: 30_000 }).catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const nodeEnv = (bucket: string) => ({
    DATA_DIR: path.join(dir, 'node'),
    BILLING: 'off',
    S3_BUCKET: bucket,
    S3_ENDPOINT: env.S3_ENDPOINT ?? '',
    S3_REGION: env.S3_REGION ?? 'us-east-1',
    S3_ACCESS_KEY_ID: env.S3_ACCESS_KEY_ID ?? '',
    S3_SECRET_ACCESS_KEY: env.S3_SECRET_ACCESS_KEY ?? '',
  });
  const blobs = async (bucket: string) =>
    (await runDoctor({ env: nodeEnv(bucket) })).find((r) => r.check === 'blobs');

  it('probes a bucket that exists, and reports a missing one without creating it', async () => {
    const bucket = `trove-doctor-${String(Date.now())}`;
    await ensureS3Bucket(s3OptionsFromConfig(loadConfig(nodeEnv(bucket))));
    expect(await blobs(bucket)).toEqual({
      check: 'blobs',
      status: 'ok',
      message: `S3 bucket ${bucket} at ${env.S3_ENDPOINT ?? ''}: stat, list (empty), write, read back and delete work`,
    });
    const missing = `${bucket}-missing`;
    for (let i = 0; i < 2; i++) {
      const result = await blobs(missing);
      expect(result?.status).toBe('fail');
      expect(result?.message).toMatch(/check S3_ENDPOINT, S3_BUCKET and the credentials/);
    }
  });
});
