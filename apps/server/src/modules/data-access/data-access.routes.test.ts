import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import exifr from 'exifr';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedShare, DataAccessAvailability, PreparedDataExport } from '@trove/contract';
import { albumClient, type Who } from '../../test/albums.ts';
import {
  DIALECTS,
  LASTING_SIGN_IN_ENV,
  clientAuth,
  createTestApp,
  fakeJpeg,
  multipart,
  signUp,
  tinyPng,
  timelineOf,
  uploadFile,
  type Session,
  type TestApp,
} from '../../test/harness.ts';
import { checkExport, readJson, sha256Of } from './data-access.test-support.ts';

const AVAILABILITY = '/data_protection/request_data_access_availability';
const REQUEST = '/data_protection/request_data_access';
const HOUR = 3_600_000;
const fixture = (name: string) =>
  fs.readFileSync(path.join(import.meta.dirname, '../../media/fixtures', name));

/**
 * Data access (spec 001 §4 "Data access", §7 request_data_access_availability and
 * request_data_access, §9 cooldown; issue #24, [Note: Data export]): the export of everything
 * the account holds, its cooldown, its resumption, and who may have it.
 */
describe.each(DIALECTS)('data access (%s)', (dialect) => {
  let t: TestApp;
  let c: ReturnType<typeof albumClient>;
  let work: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: LASTING_SIGN_IN_ENV });
    c = albumClient(t);
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-export-'));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(work, { recursive: true, force: true });
  });
  afterEach(() => {
    for (const item of fs.readdirSync(work))
      fs.rmSync(path.join(work, item), { recursive: true, force: true });
  });

  const availability = async (s: Session) => {
    const r = await c.send(s, 'GET', AVAILABILITY);
    expect(r.statusCode).toBe(200);
    return r.json<DataAccessAvailability>();
  };
  const requestExport = (who: Who) => c.send(who, 'POST', REQUEST);
  const requested = async (s: Session) => {
    const r = await requestExport(s);
    if (r.statusCode !== 200) throw new Error(`request: ${String(r.statusCode)} ${r.body}`);
    return r.json<PreparedDataExport>();
  };
  const download = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
  /** Downloads the export whole, checks it with unzip against its manifest, and answers both. */
  const unpacked = async (prepared: PreparedDataExport) => {
    const whole = await download(prepared.url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-length']).toBe(String(prepared.size));
    expect(whole.rawPayload.length).toBe(prepared.size);
    const zip = path.join(work, `${String(Math.random()).slice(2)}.zip`);
    fs.writeFileSync(zip, whole.rawPayload);
    return { ...checkExport(zip, path.join(work, path.basename(zip, '.zip'))), whole };
  };
  const storedBlobs = async () =>
    (
      await t.database.db
        .selectFrom('blobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
  const storeFiles = () => {
    const walk = (dir: string): number =>
      fs.existsSync(dir)
        ? fs
            .readdirSync(dir, { withFileTypes: true })
            .reduce((n, item) => n + (item.isDirectory() ? walk(path.join(dir, item.name)) : 1), 0)
        : 0;
    return walk(path.join(t.config.DATA_DIR, 'blobs'));
  };

  it('exports everything the account holds, each entry as manifest.json says, and nothing into its storage', async () => {
    const owner = await signUp(t.app, { name: 'Olga Owner' });
    const member = await signUp(t.app, { name: 'Mads Member' });
    const timeline = await timelineOf(t.app, owner);
    const photo = fixture('place-xmp.jpg');
    const upload = async (s: Session, job: string, name: string, content: Buffer, mtime = 1_700_000_000) => {
      const r = await uploadFile(t.app, s, job, { path: `Camera/${name}`, content, mtime });
      expect(r.statusCode, r.body).toBe(200);
      return r.json<{ uuid: string }>().uuid;
    };
    const own = await upload(owner, timeline, 'placed.jpg', photo);
    await upload(owner, timeline, 'IMG_1.jpg', fakeJpeg(5000), 1_600_000_000);
    // Two files of one name in one month: both kept, the second renamed.
    await upload(owner, timeline, 'img_1.JPG', fakeJpeg(5100), 1_600_000_100);
    const album = await c.createShared(owner, 'Trip / "North"');
    const inAlbum = await upload(owner, album.id, 'album.jpg', fakeJpeg(6000));
    expect((await c.subscribe(member, album.id)).statusCode).toBe(200);
    // The member's photo, kept to the owner's timeline: the owner's bytes now, without its place.
    // Other bytes than the owner's photo (a copy of content the owner has is that file).
    const memberPhoto = Buffer.concat([photo, Buffer.from('taken by the member')]);
    const theirs = await upload(member, album.id, 'theirs.jpg', memberPhoto);
    const kept = await c.send(owner, 'POST', `/jobs/${album.id}/copy_to_timeline`, {
      payload: { file_uuids: [theirs] },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const comment = await c.send(owner, 'POST', `/jobs/${album.id}/files_by_id/${inAlbum}/comments`, {
      payload: { comment: 'Look at this ✨' },
    });
    expect(comment.statusCode).toBe(200);
    const share = await c.send(owner, 'POST', '/shares', {
      payload: { source_job: timeline, file_uuids: [own] },
    });
    expect(share.statusCode, share.body).toBe(200);
    await c.send(owner, 'POST', '/data_protection/consent_values', {
      payload: { key: 'face_grouping', value: true },
    });
    // A storage grant the operator gave and ended: the export keeps its history (issue #25).
    await t.database.db
      .insertInto('grants')
      .values({
        id: 'grant-1',
        user_id: owner.userId,
        source: 'customer_service',
        size_bytes: 2 ** 30,
        renews_at: null,
        expires_at: null,
        stripe_product_id: null,
        created_by: 'cli:trove admin grant',
        created_at: Date.parse('2026-11-01T00:00:00Z'),
        ended_at: Date.parse('2026-11-20T00:00:00Z'),
      })
      .execute();

    const account = () =>
      t.database.db
        .selectFrom('users')
        .select('used_space')
        .where('id', '=', owner.userId)
        .executeTakeFirstOrThrow();
    const usedBefore = (await account()).used_space;
    const blobsBefore = await storedBlobs();
    const storeBefore = storeFiles();

    expect(await availability(owner)).toEqual({
      available: true,
      next_available_at: null,
      cooldown_hours: 24,
      preparing: false,
      current: null,
    });
    const prepared = await requested(owner);
    expect(prepared.url).toMatch(/^\/st\/4\/data_protection\/request_data_access\?export=/);
    // The token never goes into the URL (docs/SPEC-DEVIATIONS.md "data access").
    expect(prepared.url).not.toContain(owner.token);
    expect(prepared.file_name).toBe('trove-data-2026-11-23.zip');
    const { manifest, root, whole } = await unpacked(prepared);
    expect(whole.headers['content-disposition']).toContain('trove-data-2026-11-23.zip');
    expect(prepared.count).toBe(manifest.count + 1);

    const paths = manifest.entries.map((entry) => entry.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'account/account.json',
        'account/devices.json',
        'account/consents.json',
        'account/legacy.json',
        'account/storage-grants.json',
        'account/usage-events.json',
        'account/client-stats.json',
        'albums.json',
        'comments.json',
        'shares.json',
        'media/2023/11/placed.jpg',
        'media/2023/11/placed.jpg.json',
        'media/2020/09/IMG_1.jpg',
        'media/2020/09/img_1 (2).JPG',
        'media/2020/09/img_1 (2).JPG.json',
        'media/2023/11/theirs.jpg',
        'albums/Trip _ _North_/album.jpg',
        'albums/Trip _ _North_/album.jpg.json',
      ]),
    );
    // The member's upload into the owner's album is the member's: not in the owner's export.
    expect(paths.filter((p) => p.startsWith('albums/') && p.includes('theirs'))).toEqual([]);
    expect(manifest.omitted).toEqual([]);

    // The owner's own upload keeps where it was taken, in its bytes and its sidecar; the
    // copy of the member's has neither.
    const ownBytes = fs.readFileSync(path.join(root, 'media/2023/11/placed.jpg'));
    expect(ownBytes.equals(photo)).toBe(true);
    const latitude = async (bytes: Buffer) =>
      ((await exifr.gps(bytes).catch(() => undefined)) as { latitude?: number } | undefined)?.latitude;
    expect(await latitude(ownBytes)).toBeCloseTo(59.913868, 5);
    const copyBytes = fs.readFileSync(path.join(root, 'media/2023/11/theirs.jpg'));
    expect(copyBytes.length).toBe(memberPhoto.length);
    expect(copyBytes.equals(memberPhoto)).toBe(false);
    expect(await latitude(copyBytes)).toBeUndefined();
    const copySidecar = readJson(root, 'media/2023/11/theirs.jpg.json');
    expect(copySidecar).toMatchObject({
      uploaded_by_you: false,
      place_removed: true,
      sha256: sha256Of(copyBytes),
    });
    expect(readJson(root, 'media/2023/11/placed.jpg.json')).toMatchObject({
      id: own,
      title: 'placed.jpg',
      path: 'Camera/placed.jpg',
      uploaded_by_you: true,
      place_removed: false,
      in: { kind: 'timeline' },
    });

    expect(readJson(root, 'account/account.json')).toMatchObject({
      id: owner.userId,
      name: 'Olga Owner',
      storage: { used_bytes: usedBefore },
    });
    expect(readJson(root, 'account/consents.json')).toEqual({
      consents: [{ key: 'face_grouping', value: true, set: '2026-11-23T12:00:00.000Z' }],
      history: [{ key: 'face_grouping', value: true, source: 'settings', at: '2026-11-23T12:00:00.000Z' }],
    });
    expect(readJson(root, 'account/legacy.json')).toEqual({ legacy: null });
    expect(readJson(root, 'account/storage-grants.json')).toEqual({
      grants: [
        {
          id: 'grant-1',
          source: 'customer_service',
          size_bytes: 2 ** 30,
          renews_at: null,
          expires_at: null,
          plan: null,
          given: '2026-11-01T00:00:00.000Z',
          ended: '2026-11-20T00:00:00.000Z',
        },
      ],
    });
    expect(readJson(root, 'account/devices.json')).toEqual({
      devices: [expect.objectContaining({ device_id: owner.deviceId, signed_out: null })],
    });
    expect(readJson(root, 'comments.json')).toMatchObject({
      comments: [
        { album_id: album.id, album_title: 'Trip / "North"', file_id: inAlbum, text: 'Look at this ✨' },
      ],
    });
    expect(readJson(root, 'albums.json')).toMatchObject({
      own: [{ id: album.id, shared: true, members: [{ name: 'Mads Member', subscribed: true }] }],
    });
    expect(readJson(root, 'shares.json')).toMatchObject({
      shares: [
        {
          id: share.json<CreatedShare>().id,
          made_from: { kind: 'timeline' },
          files: [{ name: 'placed.jpg' }],
        },
      ],
    });
    const json = fs.readFileSync(path.join(root, 'account/account.json'), 'utf8');
    expect(json).not.toMatch(/password|token/i);

    // Nothing went into the account's storage or the blob store.
    expect((await account()).used_space).toBe(usedBefore);
    expect(await storedBlobs()).toBe(blobsBefore);
    expect(storeFiles()).toBe(storeBefore);
  });

  it('includes the profile picture as received and the account attributes (issue #24)', async () => {
    const user = await signUp(t.app, { name: 'Pia' });
    const picture = multipart({}, { filename: 'profile.png', content: tinyPng() });
    const r = await t.app.inject({
      method: 'POST',
      url: `/st/4/profile/picture?${user.query}`,
      payload: picture.payload,
      headers: { ...picture.headers, ...user.headers },
    });
    expect(r.statusCode).toBe(201);
    const attribute = await c.send(user, 'POST', '/account_attribute?account_attribute_key=theme', {
      payload: { value: 'dark' },
    });
    expect(attribute.statusCode).toBe(200);
    const { root } = await unpacked(await requested(user));
    expect(fs.readFileSync(path.join(root, 'account/profile-picture.png'))).toEqual(tinyPng());
    expect(readJson(root, 'account/attributes.json')).toMatchObject({
      attributes: [{ key: 'theme', value: 'dark' }],
    });
  });

  it('resumes by Range and If-Range, byte for byte the same export, and spends the cooldown once', async () => {
    const user = await signUp(t.app);
    const timeline = await timelineOf(t.app, user);
    for (let i = 0; i < 5; i++)
      expect(
        (
          await uploadFile(t.app, user, timeline, {
            path: `p${String(i)}.jpg`,
            content: fakeJpeg(40_000 + i),
          })
        ).statusCode,
      ).toBe(200);
    const first = await requested(user);
    const whole = (await download(first.url)).rawPayload;
    const etag = (await download(first.url)).headers.etag;
    expect(etag).toMatch(/^"data-export-/);
    // A drop anywhere: in a file's bytes, in a header, in the central directory, in manifest.json.
    for (const at of [1, 777, 100_000, whole.length - 300, whole.length - 2]) {
      const tail = await download(first.url, { range: `bytes=${String(at)}-`, 'if-range': String(etag) });
      expect(tail.statusCode).toBe(206);
      expect(tail.headers['content-range']).toBe(
        `bytes ${String(at)}-${String(whole.length - 1)}/${String(whole.length)}`,
      );
      expect(tail.rawPayload.equals(whole.subarray(at))).toBe(true);
    }
    const middle = await download(first.url, { range: 'bytes=500-120000' });
    expect(middle.rawPayload.equals(whole.subarray(500, 120_001))).toBe(true);
    // Another tag: the whole export, never a tail of something else.
    const stale = await download(first.url, { range: 'bytes=10-', 'if-range': '"zip-other"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(whole)).toBe(true);
    expect((await download(first.url, { range: `bytes=${String(whole.length)}-` })).statusCode).toBe(416);

    // A file added meanwhile is not in it: the export is what the account was at the request.
    expect(
      (await uploadFile(t.app, user, timeline, { path: 'later.jpg', content: fakeJpeg(9000) })).statusCode,
    ).toBe(200);
    t.clock.advance(2 * HOUR);
    const again = await requested(user);
    expect(again).toMatchObject({ size: first.size, count: first.count, created_at: first.created_at });
    expect((await download(again.url)).rawPayload.equals(whole)).toBe(true);
    const rows = await t.database.db
      .selectFrom('data_exports')
      .select('id')
      .where('user_id', '=', user.userId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(await availability(user)).toEqual({
      available: false,
      next_available_at: first.created_at + 24 * HOUR,
      cooldown_hours: 24,
      preparing: false,
      current: {
        size: first.size,
        count: first.count,
        created_at: first.created_at,
        expires_at: first.created_at + 24 * HOUR,
      },
    });

    // After the cooldown: a new export, with the new file; the old URL no longer serves.
    t.clock.advance(22 * HOUR);
    expect((await availability(user)).available).toBe(true);
    const next = await requested(user);
    expect(next.size).toBeGreaterThan(first.size);
    expect((await download(first.url)).statusCode).toBe(404);
    const { manifest } = await unpacked(next);
    expect(manifest.entries.some((entry) => entry.path.endsWith('/later.jpg'))).toBe(true);
  });

  it('refuses a new export within the cooldown once the last one is gone (429, Retry-After)', async () => {
    const long = await createTestApp(dialect, {
      env: { ...LASTING_SIGN_IN_ENV, DATA_ACCESS_COOLDOWN_HOURS: '48' },
    });
    try {
      const user = await signUp(long.app);
      const call = (method: 'GET' | 'POST', url: string) =>
        long.app.inject({ method, url: `/st/4${url}?${user.query}`, headers: user.headers });
      const first = (await call('POST', REQUEST)).json<PreparedDataExport>();
      long.clock.advance(30 * HOUR);
      const refused = await call('POST', REQUEST);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe(String(18 * 3600));
      expect(refused.json()).toEqual({
        error: {
          code: 'data_access_cooldown',
          message: 'You have recently downloaded your data. Please wait before requesting it again.',
        },
      });
      expect((await call('GET', AVAILABILITY)).json()).toEqual({
        available: false,
        next_available_at: first.created_at + 48 * HOUR,
        cooldown_hours: 48,
        preparing: false,
        current: null,
      });
      long.clock.advance(18 * HOUR);
      expect((await call('POST', REQUEST)).statusCode).toBe(200);
    } finally {
      await long.close();
    }
  });

  it("never gives one account's export to another, a visitor, a signed-out caller or an ended session", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const timeline = await timelineOf(t.app, owner);
    expect(
      (await uploadFile(t.app, owner, timeline, { path: 'secret.jpg', content: fakeJpeg(7000) })).statusCode,
    ).toBe(200);
    const mine = await requested(owner);
    const missing = await download(
      mine.url.replace(/export=[^&]+/, 'export=00000000-0000-4000-8000-000000000000'),
    );
    expect(missing.statusCode).toBe(404);
    const same = (r: LightMyRequestResponse) => {
      expect(r.statusCode).toBe(404);
      expect(r.body).toBe(missing.body);
    };

    // Another account: its own export, no cooldown spent by the owner's, nothing of theirs.
    expect((await availability(other)).available).toBe(true);
    const theirs = await requested(other);
    const { manifest } = await unpacked(theirs);
    expect(manifest.account).toBe(other.userId);
    expect(manifest.entries.some((entry) => entry.path.includes('secret'))).toBe(false);
    // A signature is of one export and one session: moved to another, it opens nothing.
    const signature = (url: string) => new URL(url, 'http://x').searchParams;
    const forged = new URLSearchParams(signature(mine.url));
    forged.set('sid', signature(theirs.url).get('sid') ?? '');
    same(await download(`/st/4${REQUEST}?${forged.toString()}`));
    const swapped = new URLSearchParams(signature(theirs.url));
    swapped.set('export', signature(mine.url).get('export') ?? '');
    same(await download(`/st/4${REQUEST}?${swapped.toString()}`));

    // Signed out, a bad token, a visitor: 401 on both calls, like every user call.
    for (const who of [{ visitor: true } as Who, clientAuth('not-a-token', owner.deviceId) as Session]) {
      for (const [method, url] of [
        ['GET', AVAILABILITY],
        ['POST', REQUEST],
      ] as const) {
        const r = await c.send(who, method, url);
        expect(r.statusCode).toBe(401);
      }
    }
    const unsigned = await t.app.inject({ method: 'POST', url: `/st/4${REQUEST}` });
    expect(unsigned.statusCode).toBe(400);

    // The URL ends with the session it was handed to, and with the export's time.
    expect((await download(mine.url)).statusCode).toBe(200);
    expect((await c.send(owner, 'POST', '/logout')).statusCode).toBe(200);
    same(await download(mine.url));
    same(await download(theirs.url.replace(/sig=[^&]+/, 'sig=AAAA')));
    // Asked again late, the export gets a URL that outlives it: the export's end ends it.
    t.clock.advance(20 * HOUR);
    const late = await requested(other);
    expect(late.created_at).toBe(theirs.created_at);
    expect((await download(late.url)).statusCode).toBe(200);
    t.clock.advance(4 * HOUR);
    same(await download(late.url));
  });

  it('drops an export whose files were deleted for good since, so a new one may be asked for at once', async () => {
    const user = await signUp(t.app);
    const timeline = await timelineOf(t.app, user);
    const ids: string[] = [];
    for (const name of ['keep.jpg', 'gone.jpg']) {
      const r = await uploadFile(t.app, user, timeline, {
        path: name,
        content: fakeJpeg(name.length * 1000),
      });
      ids.push(r.json<{ uuid: string }>().uuid);
    }
    const prepared = await requested(user);
    expect((await c.send(user, 'DELETE', `/jobs/${timeline}/files_by_id/${ids[1] ?? ''}`)).statusCode).toBe(
      200,
    );
    const emptied = await c.send(user, 'POST', '/empty_trash_can', { payload: { fileid: ids[1] } });
    expect(emptied.statusCode, emptied.body).toBe(200);
    // The zip cannot be whole: it breaks off rather than look complete.
    const broken = await download(prepared.url).catch(() => undefined);
    expect(broken === undefined || broken.rawPayload.length < prepared.size).toBe(true);
    expect(await availability(user)).toMatchObject({ available: true, current: null });
    const { manifest } = await unpacked(await requested(user));
    expect(manifest.entries.filter((entry) => entry.path.endsWith('.jpg')).map((e) => e.path)).toEqual([
      'media/2023/11/keep.jpg',
    ]);
  });

  it('makes one export when two requests of an account race, and a failed one spends nothing', async () => {
    const user = await signUp(t.app);
    const timeline = await timelineOf(t.app, user);
    for (let i = 0; i < 3; i++)
      await uploadFile(t.app, user, timeline, { path: `r${String(i)}.jpg`, content: fakeJpeg(3000 + i) });
    const [one, two] = await Promise.all([requestExport(user), requestExport(user)]);
    const codes = [one.statusCode, two.statusCode].sort();
    // Either the second saw the first in the making (409) or it came after it (the same export).
    if (codes[1] === 409) expect(codes[0]).toBe(200);
    else expect(one.json<PreparedDataExport>().created_at).toBe(two.json<PreparedDataExport>().created_at);
    const rows = await t.database.db
      .selectFrom('data_exports')
      .select('id')
      .where('user_id', '=', user.userId)
      .execute();
    expect(rows).toHaveLength(1);

    // A blob whose bytes are gone: the request fails, and the next one may start at once.
    const broken = await signUp(t.app);
    const brokenTimeline = await timelineOf(t.app, broken);
    await uploadFile(t.app, broken, brokenTimeline, { path: 'gone.jpg', content: fakeJpeg(3000) });
    const blob = await t.database.db
      .selectFrom('blobs')
      .select('store_key')
      .where('owner_id', '=', broken.userId)
      .executeTakeFirstOrThrow();
    const file = path.join(
      t.config.DATA_DIR,
      'blobs',
      blob.store_key.slice(0, 2),
      blob.store_key.slice(2, 4),
      blob.store_key,
    );
    const saved = fs.readFileSync(file);
    fs.rmSync(file);
    expect((await requestExport(broken)).statusCode).toBe(500);
    expect(await availability(broken)).toMatchObject({ available: true, preparing: false, current: null });
    fs.writeFileSync(file, saved);
    const fine = await requested(broken);
    const { manifest } = await unpacked(fine);
    expect(manifest.entries.filter((entry) => entry.path.startsWith('media/'))).toHaveLength(2);
  });
});
