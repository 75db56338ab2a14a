import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepositories, createTransact } from '../repositories.ts';
import { createFsBlobStore } from '../../storage/fs-blob-store.ts';
import { DIALECTS, createTestApp, fakeJpeg, signUp, timelineOf, type TestApp } from '../../test/harness.ts';
import { tusClient } from '../resumable/tus.test-support.ts';
import { createPurge } from './trash.purge.ts';

const HOUR = 3_600_000;
const CASES = DIALECTS.flatMap((dialect) => (['local', 'store'] as const).map((p) => [dialect, p] as const));

/**
 * The hourly purge removes resumable uploads untouched for a day, with their bytes (see
 * [Note: Resumable limits]): a self-hoster who never runs fsck still gets the space back,
 * and an upload touched within the day is left to finish.
 */
describe.each(CASES)('the purge of abandoned uploads (%s, %s)', (dialect, partials) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { deps: { resumablePartials: partials } });
  });
  afterAll(async () => {
    await t.close();
  });

  /** Begins an upload of `bytes` and sends its first half; returns its location. */
  const begun = async (user: Awaited<ReturnType<typeof signUp>>, job: string, bytes: Buffer) => {
    const tus = tusClient(t.app, user);
    const location = String((await tus.create(job, bytes.length)).headers.location);
    expect((await tus.patch(location, 0, bytes.subarray(0, bytes.length / 2))).statusCode).toBe(204);
    return location;
  };
  /** What unfinished uploads hold: rows, part rows, part blobs and waiting files. */
  const held = async () => {
    let blobs = 0;
    for await (const _blob of createFsBlobStore(t.config.DATA_DIR).list()) blobs += 1;
    const waiting = await fs.promises.readdir(path.join(t.config.DATA_DIR, 'resumable')).catch(() => []);
    return {
      uploads: (await t.database.db.selectFrom('resumable_uploads').select('id').execute()).length,
      parts: (await t.database.db.selectFrom('resumable_parts').select('upload_id').execute()).length,
      blobs,
      waiting: waiting.length,
    };
  };

  it('removes an upload untouched for a day with its bytes, and keeps a younger one', async () => {
    const user = await signUp(t.app);
    const job = await timelineOf(t.app, user);
    const empty = await held();
    await begun(user, job, fakeJpeg(200_000));
    const one = await held();
    expect(one.uploads).toBe(empty.uploads + 1);
    // Where the bytes wait depends on the kind: a part blob, or a file in DATA_DIR/resumable.
    expect(one.blobs + one.waiting).toBe(empty.blobs + empty.waiting + 1);
    t.clock.advance(20 * HOUR);
    await begun(user, job, fakeJpeg(300_000));
    t.clock.advance(5 * HOUR);
    const purge = createPurge({
      repos: createRepositories(t.database.db),
      resumableDir: path.join(t.config.DATA_DIR, 'resumable'),
      transact: createTransact(t.database.db),
      store: createFsBlobStore(t.config.DATA_DIR, { reserveBytes: 0 }),
      now: t.clock.now,
      log: () => undefined,
    });
    expect((await purge.run()).abandonedUploads).toBe(1);
    // The first (25 h untouched) is gone with its bytes; the second (5 h) stays whole.
    expect(await held()).toEqual(one);
    expect((await purge.run()).abandonedUploads).toBe(0);
  });
});
