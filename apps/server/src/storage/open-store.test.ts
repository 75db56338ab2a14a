import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createTestApp, fakeJpeg, signUp, timelineOf, uploadFile, type TestApp } from '../test/harness.ts';
import { openBlobStore } from './open-store.ts';

const run = promisify(execFile);
const RADOSGW_SH = fileURLToPath(new URL('../../../../scripts/radosgw.sh', import.meta.url));

/** The app configured with S3_* stores and serves files from a real radosgw bucket. */
describe('the app on S3 (radosgw)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-radosgw-'));
  const env: Record<string, string> = {};
  let t: TestApp | undefined;

  beforeAll(async () => {
    // radosgw.sh prints `export NAME=value` lines only (see the script).
    const { stdout } = await run(RADOSGW_SH, ['start', dir], { timeout: 60_000 });
    for (const match of stdout.matchAll(/^export (\w+)=['"]?([^'"\n]*)['"]?$/gm)) {
      if (match[1] && match[2] !== undefined) env[match[1]] = match[2];
    }
    if (!env.S3_ENDPOINT) throw new Error(`radosgw.sh gave no endpoint: ${stdout}`);
  }, 90_000);
  afterAll(async () => {
    await t?.close();
    await run(RADOSGW_SH, ['stop', dir], { timeout: 30_000 }).catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('creates the bucket, keeps uploads in it and serves them back', async () => {
    const s3 = {
      S3_BUCKET: `trove-app-${String(Date.now())}`,
      S3_ENDPOINT: env.S3_ENDPOINT ?? '',
      S3_REGION: env.S3_REGION ?? 'us-east-1',
      S3_ACCESS_KEY_ID: env.S3_ACCESS_KEY_ID ?? '',
      S3_SECRET_ACCESS_KEY: env.S3_SECRET_ACCESS_KEY ?? '',
    };
    const store = await openBlobStore(loadConfig({ ...s3, DATA_DIR: dir }));
    expect(store.kind).toBe('s3');
    t = await createTestApp('sqlite', { env: s3, deps: { store } });
    const user = await signUp(t.app);
    const job = await timelineOf(t.app, user);
    const content = fakeJpeg(300_000);
    expect((await uploadFile(t.app, user, job, { path: 'a.jpg', content })).statusCode).toBe(200);
    const [file] = (
      await t.app.inject({ url: `/st/4/jobs/${job}/files?${user.query}`, headers: user.headers })
    ).json<{ files: { file_url: string }[] }>().files;
    const served = await t.app.inject({ url: file?.file_url ?? '', headers: { range: 'bytes=1000-1999' } });
    expect(served.statusCode).toBe(206);
    expect(served.rawPayload.equals(content.subarray(1000, 2000))).toBe(true);
    const stored: string[] = [];
    for await (const blob of store.list()) stored.push(blob.key);
    expect(stored).toHaveLength(1);
    // Nothing went to the data folder.
    expect(fs.existsSync(path.join(t.config.DATA_DIR, 'blobs'))).toBe(false);
  });
});
