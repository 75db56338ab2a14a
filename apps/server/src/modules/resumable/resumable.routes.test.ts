import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DIALECTS,
  createTestApp,
  fakeJpeg,
  sha1,
  signUp,
  timelineOf,
  type Session,
  type TestApp,
} from '../../test/harness.ts';
import { until } from '../../test/wait.ts';
import { TUS, tusClient } from './tus.test-support.ts';

const PARTIALS = ['local', 'store'] as const;

const b64 = (value: string) => Buffer.from(value).toString('base64');

const CASES = DIALECTS.flatMap((dialect) => PARTIALS.map((partials) => [dialect, partials] as const));

/** Bytes an upload left behind: its file (local) or its parts' rows and blobs (store). */
async function leftovers(t: TestApp): Promise<number> {
  const files = await fs.promises.readdir(path.join(t.config.DATA_DIR, 'resumable')).catch(() => []);
  const parts = await t.database.db.selectFrom('resumable_parts').select('store_key').execute();
  const temp = await fs.promises.readdir(path.join(t.config.DATA_DIR, 'tmp'));
  return files.length + parts.length + temp.length;
}

describe.each(CASES)('resumable uploads, tus 1.0 (%s, %s)', (dialect, partials) => {
  let t: TestApp;
  const start = () =>
    createTestApp(dialect, {
      env: { BASE_QUOTA_BYTES: String(5_000_000) },
      deps: { resumablePartials: partials },
    });
  beforeAll(async () => {
    t = await start();
  });
  afterAll(async () => {
    await t.close();
  });

  const create = (s: Session, job: string, length: number, path = 'Camera/VID_big.jpg') =>
    tusClient(t.app, s).create(job, length, path);
  // The Location carries its creator's client query; another caller brings their own.
  const pathOf = (location: string) => location.split('?')[0] ?? '';
  const head = (s: Session, location: string) => tusClient(t.app, s).head(location);
  const patch = (s: Session, location: string, offset: number, bytes: Buffer) =>
    tusClient(t.app, s).patch(location, offset, bytes);
  const listed = async (s: Session, job: string) =>
    (await t.app.inject({ url: `/st/4/jobs/${job}/files?${s.query}`, headers: s.headers })).json<{
      files: { id: string; checksum: string; file_url: string }[];
    }>().files;

  it('tells clients what it supports', async () => {
    const options = await t.app.inject({ method: 'OPTIONS', url: '/st/4/jobs/x/uploads' });
    expect(options.statusCode).toBe(204);
    expect(options.headers['tus-version']).toBe('1.0.0');
    expect(options.headers['tus-extension']).toBe('creation,termination');
  });

  it('takes a file in pieces, then commits it once like a plain upload', async () => {
    const user = await signUp(t.app);
    const job = await timelineOf(t.app, user);
    const content = fakeJpeg(300_000);
    const created = await create(user, job, content.length);
    expect(created.statusCode).toBe(201);
    const location = String(created.headers.location);
    expect(location).toMatch(new RegExp(`^/st/4/jobs/${job}/uploads/[0-9a-f]{32}\\?${user.query}$`));
    expect((await head(user, location)).headers['upload-offset']).toBe('0');

    const first = await patch(user, location, 0, content.subarray(0, 100_000));
    expect(first.statusCode).toBe(204);
    expect(first.headers['upload-offset']).toBe('100000');
    // A client that lost track is told where the upload is.
    const wrong = await patch(user, location, 0, content.subarray(0, 100_000));
    expect(wrong.statusCode).toBe(409);
    expect(await patch(user, location, 100_000, content.subarray(100_000, 200_000))).toMatchObject({
      statusCode: 204,
    });
    const last = await patch(user, location, 200_000, content.subarray(200_000));
    expect(last.statusCode).toBe(200);
    const result = last.json<{ status: string; uuid: string }>();
    expect(result.status).toBe('processing');
    expect(await listed(user, job)).toEqual([
      expect.objectContaining({ id: result.uuid, checksum: sha1(content) }),
    ]);

    // The last request again (its answer was lost): same answer, still one file.
    const again = await patch(user, location, 200_000, content.subarray(200_000));
    expect(again.json()).toEqual(result);
    expect(await listed(user, job)).toHaveLength(1);
    expect((await head(user, location)).headers['upload-offset']).toBe(String(content.length));
    // The partial file (or the parts) became the blob: nothing is left behind, and the
    // bytes are served.
    expect(await leftovers(t)).toBe(0);
    const [file] = await listed(user, job);
    expect(sha1((await t.app.inject({ url: file?.file_url ?? '' })).rawPayload)).toBe(sha1(content));
  });

  it('finishes an upload that a restart interrupted, hashing the bytes it did not see', async () => {
    const user = await signUp(t.app);
    const job = await timelineOf(t.app, user);
    const content = fakeJpeg(400_000);
    const location = String((await create(user, job, content.length)).headers.location);
    expect((await patch(user, location, 0, content.subarray(0, 150_000))).statusCode).toBe(204);
    await t.restart();
    expect((await head(user, location)).headers['upload-offset']).toBe('150000');
    const last = await patch(user, location, 150_000, content.subarray(150_000));
    expect(last.statusCode).toBe(200);
    expect(await listed(user, job)).toEqual([expect.objectContaining({ checksum: sha1(content) })]);
  });

  it('refuses bytes that do not match the checksum the client declared, and keeps nothing', async () => {
    const user = await signUp(t.app);
    const job = await timelineOf(t.app, user);
    const content = fakeJpeg(200_000);
    const created = await t.app.inject({
      method: 'POST',
      url: `/st/4/jobs/${job}/uploads?${user.query}`,
      headers: {
        ...user.headers,
        ...TUS,
        'upload-length': String(content.length),
        'upload-metadata': `path ${b64('a.jpg')},checksum ${b64(sha1(fakeJpeg(1000)))}`,
      },
    });
    const last = await patch(user, String(created.headers.location), 0, content);
    expect(last.statusCode).toBe(400);
    expect(last.json()).toMatchObject({ error: { code: 'checksum_mismatch' } });
    expect(await listed(user, job)).toEqual([]);
    // Those bytes can never be taken, so the upload is given up rather than kept on disk.
    expect((await head(user, String(created.headers.location))).statusCode).toBe(404);
    expect(await leftovers(t)).toBe(0);
  });

  it('keeps the bytes of a request that broke off, and resumes from them', async () => {
    const user = await signUp(t.app);
    const job = await timelineOf(t.app, user);
    const content = fakeJpeg(2_000_000);
    const location = String((await create(user, job, content.length)).headers.location);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      // Send half of the body and cut the connection, as a dropped mobile link does.
      await new Promise<void>((resolve, reject) => {
        const request = http.request(`${address}${location}`, {
          method: 'PATCH',
          headers: {
            ...user.headers,
            ...TUS,
            'upload-offset': '0',
            'content-type': 'application/offset+octet-stream',
            'content-length': String(content.length),
          },
        });
        request.on('error', () => {
          resolve();
        });
        request.write(content.subarray(0, 1_000_000), () => {
          // Cut once some of the bytes reached the server's file (or the part being
          // written), however long that takes.
          const uploadId = location.split('?')[0]?.split('/').at(-1) ?? '';
          const partial = path.join(t.config.DATA_DIR, 'resumable', uploadId);
          const tmp = path.join(t.config.DATA_DIR, 'tmp');
          const arrived = async () =>
            partials === 'local'
              ? (await fs.promises.stat(partial)).size > 0
              : (
                  await Promise.all(
                    (await fs.promises.readdir(tmp)).map(
                      async (name) => (await fs.promises.stat(path.join(tmp, name))).size,
                    ),
                  )
                ).some((size) => size > 0);
          until(arrived, 'bytes in the partial file').then(() => {
            request.destroy();
            resolve();
          }, reject);
        });
      });
      // The server keeps what it got once it has seen the connection break.
      let offset = 0;
      await until(async () => {
        offset = Number((await head(user, location)).headers['upload-offset']);
        return offset > 0;
      }, 'the offset to move past the kept bytes');
      expect(offset).toBeLessThanOrEqual(1_000_000);
      const rest = await patch(user, location, offset, content.subarray(offset));
      expect(rest.statusCode).toBe(200);
      expect((await listed(user, job))[0]?.checksum).toBe(sha1(content));
    } finally {
      await t.close();
      t = await start();
    }
  });

  it('refuses what it cannot take before any byte, and bytes beyond the declared length', async () => {
    const user = await signUp(t.app);
    const job = await timelineOf(t.app, user);
    expect((await create(user, job, 1000, 'notes.exe')).statusCode).toBe(415);
    expect((await create(user, job, 6_000_000)).statusCode).toBe(413);
    // A 0-byte file is said to be empty (issue #23), before any upload is made.
    const empty = await create(user, job, 0);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: { code: 'empty_file' } });
    const noTus = await t.app.inject({
      method: 'POST',
      url: `/st/4/jobs/${job}/uploads?${user.query}`,
      headers: { ...user.headers, 'upload-length': '10', 'upload-metadata': `path ${b64('a.jpg')}` },
    });
    expect(noTus.statusCode).toBe(412);
    const location = String((await create(user, job, 10)).headers.location);
    expect((await patch(user, location, 0, fakeJpeg(20))).statusCode).toBe(400);
    expect((await head(user, location)).headers['upload-offset']).toBe('0');
  });

  it("treats another user's upload as not found, needs a token, and can be given up", async () => {
    const owner = await signUp(t.app);
    const intruder = await signUp(t.app);
    const job = await timelineOf(t.app, owner);
    const location = String((await create(owner, job, 1000)).headers.location);
    expect((await head(intruder, location)).statusCode).toBe(404);
    expect((await patch(intruder, location, 0, fakeJpeg(1000))).statusCode).toBe(404);
    expect((await create(intruder, job, 1000)).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'HEAD',
      url: `${pathOf(location)}?${owner.query}`,
      headers: TUS,
    });
    expect(anonymous.statusCode).toBe(401);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${pathOf(location)}?${owner.query}`,
      headers: { ...owner.headers, ...TUS },
    });
    expect(removed.statusCode).toBe(204);
    expect((await head(owner, location)).statusCode).toBe(404);
  });

  it('counts bytes once when two requests write one upload at the same offset', async () => {
    const user = await signUp(t.app);
    const job = await timelineOf(t.app, user);
    const content = fakeJpeg(600_000);
    // Earlier tests leave an upload of their own behind.
    const before = await leftovers(t);
    const location = String((await create(user, job, content.length)).headers.location);
    const [a, b] = await Promise.all([
      patch(user, location, 0, content.subarray(0, 300_000)),
      patch(user, location, 0, content.subarray(0, 300_000)),
    ]);
    // One wins; the other is told to look again (409), never a 5xx.
    expect([a.statusCode, b.statusCode].sort()).toEqual([204, 409]);
    expect((await head(user, location)).headers['upload-offset']).toBe('300000');
    expect((await patch(user, location, 300_000, content.subarray(300_000))).statusCode).toBe(200);
    expect((await listed(user, job))[0]?.checksum).toBe(sha1(content));
    expect(await leftovers(t)).toBe(before);
  });
});
