import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '@trove/contract';
import {
  DIALECTS,
  createTestApp,
  fakeJpeg,
  multipart,
  signUp,
  timelineOf,
  type Session,
  type TestApp,
} from '../../test/harness.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { createFsBlobStore } from '../../storage/fs-blob-store.ts';

/** Malformed bodies and names of POST /jobs/{id}/upload and /files_dedup (issue #10 §3). */
describe.each(DIALECTS)('upload input (%s)', (dialect) => {
  let t: TestApp;
  let user: Session;
  let job: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    user = await signUp(t.app);
    job = await timelineOf(t.app, user);
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (payload: Buffer | string, contentType: string) =>
    t.app.inject({
      method: 'POST',
      url: `/st/4/jobs/${job}/upload?${user.query}`,
      headers: { ...user.headers, 'content-type': contentType },
      payload,
    });
  const listed = async () =>
    (await t.app.inject({ url: `/st/4/jobs/${job}/files?${user.query}`, headers: user.headers })).json<{
      files: unknown[];
    }>().files;
  const filePart = (boundary: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="path"\r\n\r\nCamera/a.jpg\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n` +
    `Content-Type: image/jpeg\r\n\r\n${fakeJpeg(2000).toString('latin1')}`;

  it.each([
    ['no boundary', (b: string) => [filePart(b) + `\r\n--${b}--\r\n`, 'multipart/form-data']],
    [
      'a boundary the body does not use',
      (b: string) => [filePart(b) + `\r\n--${b}--\r\n`, 'multipart/form-data; boundary=other'],
    ],
    ['no closing boundary', (b: string) => [filePart(b), `multipart/form-data; boundary=${b}`]],
    [
      'a boundary longer than multipart allows',
      (b: string) => [filePart(b) + `\r\n--${b}--\r\n`, `multipart/form-data; boundary=${'b'.repeat(300)}`],
    ],
  ])('answers a multipart body with %s with 400 and keeps nothing', async (_name, build) => {
    const [payload, contentType] = build('xyzBOUNDARYxyz') as [string, string];
    const response = await post(Buffer.from(payload, 'latin1'), contentType);
    expect(response.statusCode).toBe(400);
    expect(ErrorBody.parse(response.json()).error.code).toBe('bad_request');
    expect(await listed()).toEqual([]);
  });

  it.each([
    ['a NUL', 'Camera/a\u0000b.jpg'],
    ['a line feed', 'Camera/a\nb.jpg'],
    ['a C1 control', 'Camera/a\u0085b.jpg'],
  ])('refuses a path with %s, in a field or as the file name, with 400', async (_name, path) => {
    const asField = multipart({ path }, { filename: 'ok.jpg', content: fakeJpeg(1000) });
    const asName = multipart({}, { filename: path.slice('Camera/'.length), content: fakeJpeg(1000) });
    for (const body of [asField, asName]) {
      const response = await post(body.payload, body.headers['content-type'] ?? '');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'validation_failed' } });
    }
    const dedup = await t.app.inject({
      method: 'POST',
      url: `/st/4/jobs/${job}/files_dedup?${user.query}`,
      headers: user.headers,
      payload: { path, checksum: 'a'.repeat(40) },
    });
    expect(dedup.statusCode).toBe(400);
    expect(await listed()).toEqual([]);
  });

  it('takes names of any script, right-to-left ones included', async () => {
    const body = multipart(
      { path: 'Camera/صورة שלום фото.jpg' },
      { filename: 'x.jpg', content: fakeJpeg(1000) },
    );
    const response = await post(body.payload, body.headers['content-type'] ?? '');
    expect(response.statusCode).toBe(200);
  });
});

describe('upload input, store failing mid-body', () => {
  let t: TestApp;
  let storeDir: string;
  beforeAll(async () => {
    storeDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'trove-store-'));
    const healthy = createFsBlobStore(storeDir);
    // Fails like a dying disk once the first bytes arrived, by tearing the stream down.
    const failing: BlobStore = {
      ...healthy,
      put: async (source) => {
        await once(source, 'data');
        const failure = Object.assign(new Error('EIO: i/o error, write'), { code: 'EIO' });
        source.destroy(failure);
        throw failure;
      },
    };
    t = await createTestApp('sqlite', { deps: { store: failing } });
  });
  afterAll(async () => {
    await t.close();
    await fs.promises.rm(storeDir, { recursive: true, force: true });
  });

  it('answers 500, not the client error of a malformed body', async () => {
    const user = await signUp(t.app);
    const job = await timelineOf(t.app, user);
    const body = multipart({ path: 'Camera/a.jpg' }, { filename: 'a.jpg', content: fakeJpeg(300_000) });
    const response = await t.app.inject({
      method: 'POST',
      url: `/st/4/jobs/${job}/upload?${user.query}`,
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(500);
    expect(ErrorBody.parse(response.json()).error.code).toBe('internal_error');
  });
});
