import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFsBlobStore } from '../../storage/fs-blob-store.ts';
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
import { tusClient } from './tus.test-support.ts';

/** [Note: Resumable limits], with the limits lowered so a test can reach them. */
const CASES = DIALECTS.flatMap((dialect) => (['local', 'store'] as const).map((p) => [dialect, p] as const));

describe.each(CASES)('resumable upload limits (%s, %s)', (dialect, partials) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      env: { BASE_QUOTA_BYTES: String(5_000_000) },
      deps: { resumablePartials: partials, resumableLimits: { maxParts: 3, maxOpen: 2 } },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const create = (s: Session, job: string, length: number, name = 'a') =>
    tusClient(t.app, s).create(job, length, `Camera/${name}.jpg`);
  const patch = (s: Session, location: string, offset: number, bytes: Buffer) =>
    tusClient(t.app, s).patch(location, offset, bytes);
  const offsetOf = async (s: Session, location: string) =>
    (await tusClient(t.app, s).head(location)).headers['upload-offset'];
  const cancel = (s: Session, location: string) => tusClient(t.app, s).cancel(location);

  it('counts the bytes unfinished uploads hold as used storage', async () => {
    const user = await signUp(t.app);
    const job = await timelineOf(t.app, user);
    const a = fakeJpeg(3_000_000);
    const first = String((await create(user, job, a.length, 'a')).headers.location);
    expect((await patch(user, first, 0, a.subarray(0, 2_000_000))).statusCode).toBe(204);
    // 2 MB held + 3.5 MB declared > 5 MB, though nothing is stored yet.
    const refused = await create(user, job, 3_500_000, 'b');
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ error: { code: 'quota_exceeded' } });
    const b = fakeJpeg(2_500_000);
    const second = String((await create(user, job, b.length, 'b')).headers.location);
    expect((await patch(user, first, 2_000_000, a.subarray(2_000_000))).statusCode).toBe(200);
    // 3 MB stored now: the second no longer fits, and is told so before its bytes are kept.
    const late = await patch(user, second, 0, b.subarray(0, 1_000_000));
    expect(late.statusCode).toBe(413);
    expect(await offsetOf(user, second)).toBe('0');
    expect((await cancel(user, second)).statusCode).toBe(204);
  });

  it('lets a user keep only so many unfinished uploads', async () => {
    const user = await signUp(t.app);
    const job = await timelineOf(t.app, user);
    const one = String((await create(user, job, 1000, 'one')).headers.location);
    expect((await create(user, job, 1000, 'two')).statusCode).toBe(201);
    const third = await create(user, job, 1000, 'three');
    expect(third.statusCode).toBe(429);
    expect(third.json<{ error: { message: string } }>().error.message).toMatch(/unfinished uploads/);
    expect((await cancel(user, one)).statusCode).toBe(204);
    expect((await create(user, job, 1000, 'three')).statusCode).toBe(201);
    // Another user's uploads are their own count.
    const other = await signUp(t.app);
    expect((await create(other, await timelineOf(t.app, other), 1000)).statusCode).toBe(201);
  });

  it.runIf(partials === 'store')(
    'keeps at most maxParts parts: the last one must carry the rest',
    async () => {
      const user = await signUp(t.app);
      const job = await timelineOf(t.app, user);
      const content = fakeJpeg(400_000);
      const location = String((await create(user, job, content.length)).headers.location);
      expect((await patch(user, location, 0, content.subarray(0, 100_000))).statusCode).toBe(204);
      expect((await patch(user, location, 100_000, content.subarray(100_000, 200_000))).statusCode).toBe(204);
      const parts = () => t.database.db.selectFrom('resumable_parts').select('store_key').execute();
      const blobs = async () => {
        let count = 0;
        for await (const _blob of createFsBlobStore(t.config.DATA_DIR).list()) count += 1;
        return count;
      };
      const before = [(await parts()).length, await blobs()];
      // A third part that does not end the upload would leave room for no last one.
      const short = await patch(user, location, 200_000, content.subarray(200_000, 300_000));
      expect(short.statusCode).toBe(400);
      expect(short.json<{ error: { message: string } }>().error.message).toMatch(
        /send the rest in one request/,
      );
      expect(await offsetOf(user, location)).toBe('200000');
      // Its bytes were stored as a part, then deleted: no row, no blob left.
      expect([(await parts()).length, await blobs()]).toEqual(before);
      const last = await patch(user, location, 200_000, content.subarray(200_000));
      expect(last.statusCode).toBe(200);
      const files = (
        await t.app.inject({ url: `/st/4/jobs/${job}/files?${user.query}`, headers: user.headers })
      ).json<{ files: { checksum: string }[] }>().files;
      expect(files.map((file) => file.checksum)).toContain(sha1(content));
    },
  );
});
