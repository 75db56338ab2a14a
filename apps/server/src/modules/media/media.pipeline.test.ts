import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessEventBus } from '../../events/event-bus.ts';
import { createFsBlobStore } from '../../storage/fs-blob-store.ts';
import {
  DIALECTS,
  createTestApp,
  fakeJpeg,
  signUp,
  timelineOf,
  uploadFile,
  type Session,
  type TestApp,
} from '../../test/harness.ts';
import { until } from '../../test/wait.ts';
import { createWorker } from '../../worker.ts';
import { resolveServerSecret } from '../../secrets/server-secret.ts';

const fixture = (name: string) =>
  fs.readFileSync(path.join(import.meta.dirname, '../../media/fixtures', name));

interface Listed {
  id: string;
  name: string;
  type: string;
  width: number;
  height: number;
  duration: number;
  taken: number;
  media_status: string;
  thumbhash: string | null;
  thumb_url_small: string | null;
  thumb_url_large: string | null;
  file_url: string;
  jpeg_url: string | null;
  video_url: string | null;
}

/** The whole media path: upload → work item → worker → renditions → signed URLs. */
describe.each(DIALECTS)('media pipeline (%s)', (dialect) => {
  let t: TestApp;
  let worker: ReturnType<typeof createWorker>;
  let user: Session;
  let job: string;
  let files: Map<string, Listed>;

  beforeAll(async () => {
    const bus = createInProcessEventBus();
    t = await createTestApp(dialect, { deps: { bus } });
    const store = createFsBlobStore(t.config.DATA_DIR);
    worker = createWorker({
      config: t.config,
      database: t.database,
      store,
      bus,
      serverSecret: (await resolveServerSecret({ config: t.config, db: t.database.db })).secret,
      now: t.clock.now,
      log: () => undefined,
    });
    worker.start();
    user = await signUp(t.app);
    job = await timelineOf(t.app, user);
    for (const [name, content] of [
      ['Camera/IMG_0001.jpg', fixture('photo-exif.jpg')],
      ['Camera/IMG_0002.heic', fixture('photo.heic')],
      ['Camera/VID_0003.mp4', fixture('clip.mp4')],
      ['Camera/broken.jpg', fakeJpeg(6000)],
      ['Docs/receipt.pdf', Buffer.from('%PDF-1.4\n%%EOF\n')],
    ] as const) {
      expect(
        (await uploadFile(t.app, user, job, { path: name, content, mtime: 1_500_000_000 })).statusCode,
      ).toBe(200);
    }
    const deadline = Date.now() + 60_000;
    for (;;) {
      const listed = (
        await t.app.inject({ url: `/st/4/jobs/${job}/files?${user.query}`, headers: user.headers })
      ).json<{ files: Listed[] }>().files;
      if (listed.every((f) => f.media_status !== 'pending')) {
        files = new Map(listed.map((f) => [f.name, f]));
        break;
      }
      if (Date.now() > deadline)
        throw new Error(
          `media still pending: ${JSON.stringify(listed.map((f) => [f.name, f.media_status]))}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 90_000);
  afterAll(async () => {
    await worker.stop();
    await t.close();
  });

  const file = (name: string) => {
    const found = files.get(name);
    if (!found) throw new Error(`${name} not listed`);
    return found;
  };
  const fetchUrl = (url: string | null, headers: Record<string, string> = {}) => {
    if (!url) throw new Error('no url');
    return t.app.inject({ url, headers });
  };

  it('makes upright WebP thumbnails of both sizes and a thumbhash for a camera JPEG', async () => {
    const photo = file('IMG_0001.jpg');
    expect(photo.media_status).toBe('ready');
    expect(photo.thumbhash).toMatch(/^[A-Za-z0-9+/=]+$/);
    for (const [url, longest] of [
      [photo.thumb_url_small, 256],
      [photo.thumb_url_large, 1280],
    ] as const) {
      const response = await fetchUrl(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['content-disposition']).toMatch(/^inline; filename="IMG_0001.webp"/);
      const meta = await sharp(response.rawPayload).metadata();
      expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(longest);
      // Orientation 6 was applied: the thumbnail has the listed (upright) shape.
      expect(Math.sign(meta.width - meta.height)).toBe(Math.sign(photo.width - photo.height));
    }
  });

  it('reads the taken time and camera metadata from EXIF', async () => {
    const photo = file('IMG_0001.jpg');
    // DateTimeOriginal 2023:07:14 18:32:05.250 +02:00 (see media/fixtures/README.md).
    expect(photo.taken).toBe(Date.UTC(2023, 6, 14, 16, 32, 5) / 1000);
    const metadata = await t.app.inject({
      url: `/st/4/jobs/${job}/metadata/${photo.id}?${user.query}`,
      headers: user.headers,
    });
    expect(metadata.json()).toEqual({
      manufacturer: 'Canon',
      model: 'Canon EOS R5',
      iso: 400,
      aperture: 2.8,
      exposure: 0.004,
      focal_length: 50,
      latitude: 59.913868,
      longitude: 10.752245,
    });
    const changes = await t.app.inject({
      url: `/st/4/jobs/${job}/changes?since=0&${user.query}`,
      headers: user.headers,
    });
    const updates = changes
      .json<{ changes: { type: number; data: { id: string; width: number; timestamp: number } }[] }>()
      .changes.filter((c) => c.type === 0 && c.data.id === photo.id);
    // The upload's record, then the one carrying what the worker read.
    expect(updates).toHaveLength(2);
    expect(updates[1]?.data).toMatchObject({ width: photo.width, timestamp: photo.taken });
  });

  it('turns a HEIC into thumbnails and a JPEG for to_jpeg', async () => {
    const heic = file('IMG_0002.heic');
    expect(heic.media_status).toBe('ready');
    expect((await fetchUrl(heic.thumb_url_small)).statusCode).toBe(200);
    const jpeg = await fetchUrl(heic.jpeg_url);
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(jpeg.headers['content-disposition']).toMatch(/^inline; filename="IMG_0002.jpg"/);
    expect((await sharp(jpeg.rawPayload).metadata()).width).toBe(heic.width);
    // The JPEG variant is signed on its own; the original's signature does not open it.
    expect((await fetchUrl(`${heic.file_url}&to_jpeg=1`)).statusCode).toBe(404);
    expect(file('IMG_0001.jpg').jpeg_url).toBeNull();
  });

  it('probes a video, makes a poster thumbnail and a preview MP4 served with ranges', async () => {
    const video = file('VID_0003.mp4');
    expect(video).toMatchObject({ type: 'Movies', media_status: 'ready' });
    expect(video.duration).toBeGreaterThanOrEqual(1);
    expect(video.width).toBeGreaterThan(0);
    expect((await fetchUrl(video.thumb_url_small)).headers['content-type']).toBe('image/webp');
    const preview = await fetchUrl(video.video_url, { range: 'bytes=0-4999999' });
    expect(preview.statusCode).toBe(206);
    expect(preview.headers['content-type']).toBe('video/mp4');
    expect(preview.headers['content-disposition']).toMatch(/^inline; filename="VID_0003.mp4"/);
    expect(preview.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
    const check = (id: string, who: Session = user) =>
      t.app.inject({ url: `/st/4/jobs/${job}/files_by_id/${id}/v_check?${who.query}`, headers: who.headers });
    expect((await check(video.id)).json()).toEqual({ result: 'ready' });
    // Not a video, or not the caller's: not found.
    expect((await check(file('IMG_0001.jpg').id)).statusCode).toBe(404);
    expect((await check(video.id, await signUp(t.app))).statusCode).toBe(404);
  });

  it('records the SHA-256 and CRC-32 of every stored original, documents included, off the upload path', async () => {
    const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
    let blobs: { sha1: string; sha256: string | null; crc32: number | null }[] = [];
    await until(async () => {
      blobs = await t.database.db.selectFrom('blobs').select(['sha1', 'sha256', 'crc32']).execute();
      return blobs.every((b) => b.sha256 !== null && b.crc32 !== null);
    }, 'every blob to have its SHA-256 and CRC-32');
    expect(blobs).toHaveLength(5);
    const photo = fixture('photo-exif.jpg');
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    const bySha1 = new Map(blobs.map((b) => [b.sha1, b]));
    const sha1 = (data: Buffer) => createHash('sha1').update(data).digest('hex');
    expect(bySha1.get(sha1(photo))?.sha256).toBe(sha256(photo));
    expect(bySha1.get(sha1(pdf))?.sha256).toBe(sha256(pdf));
    // The CRC-32 zip archives need (see [Note: Zip layout]).
    expect(bySha1.get(sha1(photo))?.crc32).toBe(crc32(photo));
    expect(bySha1.get(sha1(pdf))?.crc32).toBe(crc32(pdf));
  });

  it('marks content that cannot be decoded as failed, keeping the original', async () => {
    const broken = file('broken.jpg');
    expect(broken.media_status).toBe('failed');
    expect(broken.thumb_url_small).toBeNull();
    expect((await fetchUrl(broken.file_url)).statusCode).toBe(200);
  });

  // Last: it trashes the camera JPEG the other tests read.
  it('gives a file made of known bytes (re-upload after trashing) the media facts at once', async () => {
    const photo = file('IMG_0001.jpg');
    const trashed = await t.app.inject({
      method: 'DELETE',
      url: `/st/4/jobs/${job}/files_by_id/${photo.id}?${user.query}`,
      headers: user.headers,
    });
    expect(trashed.statusCode).toBe(200);
    const again = await uploadFile(t.app, user, job, {
      path: 'Camera/IMG_0001 copy.jpg',
      content: fixture('photo-exif.jpg'),
      mtime: 1_600_000_000,
    });
    const uuid = again.json<{ uuid: string }>().uuid;
    const listed = (
      await t.app.inject({ url: `/st/4/jobs/${job}/files?${user.query}`, headers: user.headers })
    ).json<{ files: Listed[] }>().files;
    const copy = listed.find((f) => f.id === uuid);
    // No worker round: the facts come from the processed sibling, the EXIF time included.
    expect(copy).toMatchObject({
      media_status: 'ready',
      width: photo.width,
      height: photo.height,
      thumbhash: photo.thumbhash,
      taken: photo.taken,
    });
    expect(copy?.thumb_url_large).toBeTruthy();
  });
});
