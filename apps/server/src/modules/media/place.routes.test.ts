import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import exifr from 'exifr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedShare, PreparedArchive, ShareInfo } from '@trove/contract';
import { memoryReader } from '../../media/strip/byte-source.ts';
import { applyPatches } from '../../media/strip/patches.ts';
import { planStrip } from '../../media/strip/plan.ts';
import { pythonEntries } from '../archives/zip/zip.test-support.ts';
import { albumClient, type Who } from '../../test/albums.ts';
import {
  DIALECTS,
  createTestApp,
  sha1,
  signUp,
  timelineOf,
  uploadFile,
  type Session,
  type TestApp,
} from '../../test/harness.ts';

const visitor: Who = { visitor: true };
const fixture = (name: string) => fs.readFile(path.join(import.meta.dirname, '../../media/fixtures', name));

/**
 * Where a photo was taken reaches its uploader only (issue #23, [Note: Who sees the place]):
 * the album's owner, a participant, a visitor and a share recipient get originals with the
 * GPS IFD emptied and XMP blanked, whole, by byte range and in a zip.
 */
describe.each(DIALECTS)('place of originals (%s)', (dialect) => {
  let t: TestApp;
  let c: ReturnType<typeof albumClient>;
  let photo: Buffer;
  let stripped: Buffer;
  let owner: Session;
  let participant: Session;
  let album: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    c = albumClient(t);
    photo = await fixture('place-xmp.jpg');
    const plan = await planStrip(memoryReader(photo), photo.length);
    if (plan.kind !== 'patched') throw new Error('the fixture strips');
    stripped = applyPatches(photo, plan.patches);
    owner = await signUp(t.app);
    participant = await signUp(t.app);
    album = (await c.createShared(owner)).id;
    expect((await c.subscribe(participant, album)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  const latitude = async (bytes: Buffer) =>
    ((await exifr.gps(bytes).catch(() => undefined)) as { latitude?: number } | undefined)?.latitude;
  const upload = async (who: Session, job: string, name: string) => {
    const r = await uploadFile(t.app, who, job, { path: `Camera/${name}`, content: photo });
    expect(r.statusCode).toBe(200);
    return r.json<{ uuid: string }>().uuid;
  };
  const urlOf = async (who: Who, job: string, id: string) => {
    const file = (await c.files(who, job)).find((f) => f.id === id);
    if (!file) throw new Error(`${id} is not listed`);
    return file.file_url;
  };
  const get = (url: string, range?: string) =>
    t.app.inject({ url, ...(range !== undefined && { headers: { range } }) });

  /** The original as `who` gets it, whole and by two ranges; the same bytes each way. */
  async function served(url: string) {
    const whole = await get(url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-length']).toBe(String(photo.length));
    // The first 3000 bytes hold the EXIF and XMP segments; the suffix is image data.
    const head = await get(url, 'bytes=0-2999');
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-range']).toBe(`bytes 0-2999/${String(photo.length)}`);
    const middle = await get(url, 'bytes=100-');
    expect(middle.statusCode).toBe(206);
    expect(head.rawPayload.equals(whole.rawPayload.subarray(0, 3000))).toBe(true);
    expect(middle.rawPayload.equals(whole.rawPayload.subarray(100))).toBe(true);
    return whole;
  }

  async function expectStripped(url: string) {
    const whole = await served(url);
    expect(whole.rawPayload.equals(stripped)).toBe(true);
    expect(await latitude(whole.rawPayload)).toBeUndefined();
    expect(whole.rawPayload.includes('GPSLatitude')).toBe(false);
    // Date taken and camera stay.
    const tags = (await exifr.parse(whole.rawPayload, { reviveValues: false })) as Record<string, unknown>;
    expect(tags).toMatchObject({
      Make: 'Canon',
      Model: 'Canon EOS R5',
      DateTimeOriginal: '2023:07:14 18:32:05',
    });
    return whole;
  }

  it("gives the uploader the place, and the album's owner, a participant and a visitor none", async () => {
    const mine = await upload(participant, album, 'theirs.jpg');
    const own = await served(await urlOf(participant, album, mine));
    expect(own.rawPayload.equals(photo)).toBe(true);
    expect(await latitude(own.rawPayload)).toBeCloseTo(59.913868, 5);

    const ownerCopy = await expectStripped(await urlOf(owner, album, mine));
    await expectStripped(await urlOf(visitor, album, mine));
    // The two answers are other bytes: they must not share a validator.
    expect(ownerCopy.headers.etag).not.toBe(own.headers.etag);

    // The owner's own upload to an album: theirs whole, a participant's stripped. (Another
    // album: the same bytes in the same album are the participant's file.)
    const second = (await c.createShared(owner, 'Second')).id;
    expect((await c.subscribe(participant, second)).statusCode).toBe(200);
    const theirs = await upload(owner, second, 'owners.jpg');
    expect((await served(await urlOf(owner, second, theirs))).rawPayload.equals(photo)).toBe(true);
    await expectStripped(await urlOf(participant, second, theirs));
  });

  it('gives a share recipient none, and its sharer the place', async () => {
    const timeline = await timelineOf(t.app, owner);
    const id = await upload(owner, timeline, 'shared.jpg');
    const r = await c.send(owner, 'POST', '/shares', { payload: { source_job: timeline, file_uuids: [id] } });
    const share = r.json<CreatedShare>();
    const fileOf = async (who: Who) => {
      const info = await c.send(who, 'GET', `/shares/${share.id}`);
      const [file] = info.json<ShareInfo>().thumbFiles;
      return file?.file_url ?? '';
    };
    await expectStripped(await fileOf(visitor));
    await expectStripped(await fileOf(participant));
    expect((await served(await fileOf(owner))).rawPayload.equals(photo)).toBe(true);
  });

  it("puts the stripped bytes in a visitor's zip, with their CRC-32, and the stored ones in the uploader's", async () => {
    const job = (await c.createShared(owner, 'Zips')).id;
    await upload(owner, job, 'zipped.jpg');
    const zipOf = async (who: Who) => {
      const prepared = await c.send(who, 'POST', `/jobs/${job}/files_as_archive`, { payload: {} });
      expect(prepared.statusCode).toBe(200);
      const zip = await get(prepared.json<PreparedArchive>().url);
      expect(zip.statusCode).toBe(200);
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'place-zip-'));
      try {
        await fs.writeFile(path.join(dir, 'a.zip'), zip.rawPayload);
        // Python's zipfile checks each entry's CRC-32 against its bytes.
        return pythonEntries(path.join(dir, 'a.zip')).map((entry) => entry.sha1);
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
    };
    expect(await zipOf(visitor)).toEqual([sha1(stripped)]);
    expect(await zipOf(participant)).toEqual([sha1(stripped)]);
    expect(await zipOf(owner)).toEqual([sha1(photo)]);
  });
});
