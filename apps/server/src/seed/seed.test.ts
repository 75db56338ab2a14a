import exifr from 'exifr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessEventBus } from '../events/event-bus.ts';
import { createFsBlobStore } from '../storage/fs-blob-store.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { landscapeJpeg, receiptPdf } from './library.ts';
import { seedDemo, seedRows } from './seed.ts';

describe('trove seed (sqlite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });
  const deps = () => ({
    config: t.config,
    database: t.database,
    store: createFsBlobStore(t.config.DATA_DIR),
    bus: createInProcessEventBus(),
  });

  it('generates photos whose EXIF says when and with what they were taken', async () => {
    const taken = new Date(Date.UTC(2021, 6, 14, 18, 32, 5));
    const exif = (await exifr.parse(await landscapeJpeg(taken, 3), { gps: true })) as {
      Make: string;
      ISO: number;
      latitude: number;
      DateTimeOriginal: Date;
    };
    expect(exif).toMatchObject({ Make: 'Canon', ISO: 800 });
    expect(exif.latitude).toBeCloseTo(61.05, 1);
    expect(exif.DateTimeOriginal.getTime()).toBe(taken.getTime());
    expect(receiptPdf('x').subarray(0, 8).toString()).toBe('%PDF-1.4');
  });

  it(
    'creates a demo library through the upload path, then scale rows from it',
    { timeout: 60_000 },
    async () => {
      const first = await seedDemo(deps(), { email: 'demo@example.com', photos: 4, videos: 1 });
      // 4 photos, 3 screenshots, 1 video, 1 document.
      expect(first).toMatchObject({ email: 'demo@example.com', uploaded: 9 });
      expect(first.password).toMatch(/^[\w-]{12}$/);
      const again = await seedDemo(deps(), { email: 'demo@example.com', photos: 1, videos: 0 });
      expect(again.password).toBeUndefined();

      const user = await t.database.db
        .selectFrom('users')
        .select(['id', 'picture_count', 'video_count', 'screenshot_count', 'document_count'])
        .where('email', '=', 'demo@example.com')
        .executeTakeFirstOrThrow();
      expect(user).toMatchObject({
        picture_count: 5,
        video_count: 1,
        screenshot_count: 3,
        document_count: 1,
      });
      const queued = await t.database.db.selectFrom('work_items').select('id').execute();
      expect(queued.length).toBeGreaterThanOrEqual(9);

      expect(await seedRows(deps(), { email: 'demo@example.com', files: 1200 })).toBe(1200);
      const count = await t.database.db
        .selectFrom('files')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(count.n).toBe(10 + 1200);
      await expect(seedRows(deps(), { email: 'nobody@example.com', files: 1 })).rejects.toThrow(
        /run `trove seed` first/,
      );
    },
  );
});
