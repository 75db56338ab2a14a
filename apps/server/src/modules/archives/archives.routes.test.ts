import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedArchive } from '@trove/contract';
import { albumClient, expectStatus, type Who } from '../../test/albums.ts';
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
import { pythonEntries, unzipInto, unzipTest } from './zip/zip.test-support.ts';

const sha1 = (bytes: Buffer) => createHash('sha1').update(bytes).digest('hex');

/**
 * Zip downloads over HTTP (spec 000 §7 download host, issue #14): prepared by a POST, streamed
 * from the signed URL with an exact length and ranges, checked by unzip and Python.
 */
describe.each(DIALECTS)('files_as_archive (%s)', (dialect) => {
  let t: TestApp;
  let c: ReturnType<typeof albumClient>;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-archive-test-'));
  beforeAll(async () => {
    t = await createTestApp(dialect);
    c = albumClient(t);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Uploads `content` as `name` under `folder` and answers the file id. */
  const put = async (
    s: Session,
    job: string,
    name: string,
    content = fakeJpeg(3000 + Math.floor(Math.random() * 5000)),
  ) => {
    const r = await uploadFile(t.app, s, job, { path: name, content, mtime: 1_700_000_000 });
    if (r.statusCode !== 200) throw new Error(`upload ${name}: ${String(r.statusCode)} ${r.body}`);
    return { id: r.json<{ uuid: string }>().uuid, content };
  };
  const prepare = (who: Who, job: string, body: object) =>
    c.send(who, 'POST', `/jobs/${job}/files_as_archive`, { payload: body });
  const prepared = async (who: Who, job: string, body: object) => {
    const r = await prepare(who, job, body);
    if (r.statusCode !== 200) throw new Error(`prepare: ${String(r.statusCode)} ${r.body}`);
    return r.json<PreparedArchive>();
  };
  /** GETs the signed URL as a browser would: no token, only the URL. */
  const download = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const save = (bytes: Buffer) => {
    const file = path.join(dir, `${String(Math.random()).slice(2)}.zip`);
    fs.writeFileSync(file, bytes);
    return file;
  };

  it('streams a selection that unzip and Python read byte-identical, with its exact length up front', async () => {
    const user = await signUp(t.app);
    const timeline = await timelineOf(t.app, user);
    const a = await put(user, timeline, 'Camera/IMG_0001.JPG');
    const b = await put(user, timeline, 'Other/img_0001.jpg');
    const d = await put(user, timeline, 'Camera/Ærø фото.jpg');
    const archive = await prepared(user, timeline, {
      file_ids: [a.id, b.id, d.id],
      zip_filename: 'My photos',
    });
    expect(archive).toMatchObject({ file_name: 'My photos.zip', count: 3 });
    // Secrets never in URLs: the signed URL holds no token.
    expect(archive.url).not.toContain(user.token);

    const r = await download(archive.url);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/zip');
    expect(r.headers['content-length']).toBe(String(archive.size));
    expect(r.headers['content-disposition']).toBe(
      `attachment; filename="My photos.zip"; filename*=UTF-8''My%20photos.zip`,
    );
    expect(r.rawPayload.length).toBe(archive.size);
    const file = save(r.rawPayload);
    expect(unzipTest(file)).toContain('No errors detected');
    const read = pythonEntries(file);
    const bySha = new Map(read.map((entry) => [entry.sha1, entry.name]));
    // Flattened by default; the second IMG_0001 gets a number instead of overwriting the first.
    expect(bySha.get(sha1(a.content))).toBe('IMG_0001.JPG');
    expect(bySha.get(sha1(b.content))).toBe('img_0001 (2).jpg');
    expect(bySha.get(sha1(d.content))).toBe('Ærø фото.jpg');
    expect(unzipInto(file, path.join(dir, 'out'))).toHaveLength(3);
  });

  it('answers a range in the middle with the bytes the full download has there, and resumes only the same archive', async () => {
    const user = await signUp(t.app);
    const timeline = await timelineOf(t.app, user);
    const ids = [];
    for (let i = 0; i < 4; i++)
      ids.push((await put(user, timeline, `p${String(i)}.jpg`, fakeJpeg(20_000))).id);
    const archive = await prepared(user, timeline, { file_ids: ids, flattened: false });
    const whole = (await download(archive.url)).rawPayload;
    const etag = (await download(archive.url)).headers.etag as string;
    const start = 30_011;
    const r = await download(archive.url, { range: `bytes=${String(start)}-`, 'if-range': etag });
    expect(r.statusCode).toBe(206);
    expect(r.headers['content-range']).toBe(
      `bytes ${String(start)}-${String(whole.length - 1)}/${String(whole.length)}`,
    );
    expect(r.rawPayload.equals(whole.subarray(start))).toBe(true);
    const middle = await download(archive.url, { range: 'bytes=20000-40999' });
    expect(middle.rawPayload.equals(whole.subarray(20_000, 41_000))).toBe(true);
    // A file deleted since: the archive changed, so a resume with the old tag gets it whole.
    expect((await c.send(user, 'DELETE', `/jobs/${timeline}/files_by_id/${ids[0] ?? ''}`)).statusCode).toBe(
      200,
    );
    const changed = await download(archive.url, { range: `bytes=${String(start)}-`, 'if-range': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(pythonEntries(save(changed.rawPayload))).toHaveLength(3);
    expect((await download(archive.url, { range: `bytes=${String(whole.length * 2)}-` })).statusCode).toBe(
      416,
    );
  });

  it('keeps unsafe names from escaping the folder or breaking the header', async () => {
    const user = await signUp(t.app);
    const timeline = await timelineOf(t.app, user);
    const photo = await put(user, timeline, '../../evil/"quoted" name.jpg');
    const archive = await prepared(user, timeline, {
      file_ids: [photo.id],
      flattened: false,
      zip_filename: 'a\r\nSet-Cookie: x=1 \u202Egpj.exe',
    });
    const r = await download(archive.url);
    expect(r.statusCode).toBe(200);
    expect(r.headers['set-cookie']).toBeUndefined();
    expect(r.headers['content-disposition']).not.toMatch(/[\r\n\u202e]/);
    const names = pythonEntries(save(r.rawPayload)).map((entry) => entry.name);
    for (const name of names) {
      expect(name.split('/')).not.toContain('..');
      expect(name.startsWith('/')).toBe(false);
      expect(name).not.toContain('"');
    }
  });

  it('refuses more than 500 files and more than 3.5 GB with the codes of spec 000 §8', async () => {
    const user = await signUp(t.app);
    const timeline = await timelineOf(t.app, user);
    const one = await put(user, timeline, 'one.jpg');
    const two = await put(user, timeline, 'two.jpg');
    const many = Array.from({ length: 501 }, (_, i) => (i === 0 ? one.id : `missing-${String(i)}`));
    expectStatus(await prepare(user, timeline, { file_ids: many }), 422, 'download_too_many_files');
    // Sizes as if the files were 2 GiB each: the limit counts what the files weigh.
    await t.database.db
      .updateTable('files')
      .set({ size: 2 * 1024 ** 3 })
      .where('id', 'in', [one.id, two.id])
      .execute();
    expectStatus(await prepare(user, timeline, { file_ids: [one.id, two.id] }), 422, 'download_too_large');
    const album = await c.create(user, { name: 'Big' });
    await c.send(user, 'POST', `/jobs/${album.id}/copy_files`, {
      payload: { source_job: timeline, file_uuids: [one.id, two.id] },
    });
    await t.database.db
      .updateTable('files')
      .set({ size: 2 * 1024 ** 3 })
      .where('job_id', '=', album.id)
      .execute();
    expectStatus(await prepare(user, album.id, {}), 422, 'album_download_too_large');
    // 501 files in a whole album: rows copied from one file, as copies into albums make them.
    const source = await t.database.db
      .selectFrom('files')
      .selectAll()
      .where('job_id', '=', album.id)
      .executeTakeFirstOrThrow();
    await t.database.db.updateTable('files').set({ size: 10 }).where('job_id', '=', album.id).execute();
    await t.database.db
      .insertInto('files')
      .values(
        Array.from({ length: 499 }, (_, i) => ({ ...source, id: `${source.id}-${String(i)}`, size: 10 })),
      )
      .execute();
    expectStatus(await prepare(user, album.id, {}), 422, 'album_download_too_many_files');
  });

  it('names the zip of an unnamed (__new_album__) album Trove, never __new_album__ (issue #23)', async () => {
    const owner = await signUp(t.app);
    const album = await c.createShared(owner, '__new_album__');
    await put(owner, album.id, 'Trip/one.jpg');
    expect((await prepared({ visitor: true }, album.id, {})).file_name).toBe('Trove.zip');
  });

  it('lets a visitor of a shared album download it, until the album stops being shared', async () => {
    const owner = await signUp(t.app);
    const album = await c.createShared(owner, 'Trip "2024"');
    const photo = await put(owner, album.id, 'Trip/one.jpg');
    const visitor = { visitor: true } as const;
    const archive = await prepared(visitor, album.id, {});
    expect(archive.file_name).toBe('Trip _2024_.zip');
    const r = await download(archive.url);
    expect(r.statusCode).toBe(200);
    expect(pythonEntries(save(r.rawPayload))[0]?.sha1).toBe(sha1(photo.content));
    // Made private: the visitor's URL opens nothing any more; the owner's still works.
    const owners = await prepared(owner, album.id, {});
    expect(
      (await c.send(owner, 'POST', `/jobs/${album.id}/privacy_mode`, { payload: { mode: 'private' } }))
        .statusCode,
    ).toBe(200);
    expect((await download(archive.url)).statusCode).toBe(404);
    expect((await download(owners.url)).statusCode).toBe(200);
  });

  it("names a visitor's and a member's entries without the uploader's folders, the owner's with them", async () => {
    const owner = await signUp(t.app);
    const member = await signUp(t.app);
    const album = await c.createShared(owner, 'Kids');
    expectStatus(await c.subscribe(member, album.id), 200);
    await put(owner, album.id, 'Private/Kids/ann.jpg');
    await put(member, album.id, 'Home/Bo/bo.jpg');
    const names = async (who: Who) => {
      const archive = await prepared(who, album.id, { flattened: false });
      const r = await download(archive.url);
      expect(r.statusCode).toBe(200);
      return pythonEntries(save(r.rawPayload))
        .map((entry) => entry.name)
        .sort();
    };
    // As the listing shows them ([Note: Who sees a file's details]).
    expect(await names(owner)).toEqual(['Home/Bo/bo.jpg', 'Private/Kids/ann.jpg']);
    expect(await names(member)).toEqual(['Home/Bo/bo.jpg', 'ann.jpg']);
    expect(await names({ visitor: true })).toEqual(['ann.jpg', 'bo.jpg']);
  });

  it('answers 404 to anyone else, to a changed signature and to another job id in the URL', async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const timeline = await timelineOf(t.app, owner);
    const photo = await put(owner, timeline, 'mine.jpg');
    expectStatus(await prepare(stranger, timeline, { file_ids: [photo.id] }), 404, 'not_found');
    const theirs = await timelineOf(t.app, stranger);
    // Ids of another job are left out; none left reads as not found.
    expectStatus(await prepare(stranger, theirs, { file_ids: [photo.id] }), 404, 'not_found');
    const archive = await prepared(owner, timeline, { file_ids: [photo.id] });
    expect((await download(archive.url.replace(/sig=[^&]+/, 'sig=AAAA'))).statusCode).toBe(404);
    expect((await download(archive.url.replace(timeline, theirs))).statusCode).toBe(404);
    expect((await download(archive.url.replace(/archive=[^&]+/, 'archive=nope'))).statusCode).toBe(404);
  });

  it('serves HEICs as their JPEG when asked, and only masters of a group when asked', async () => {
    const user = await signUp(t.app);
    const timeline = await timelineOf(t.app, user);
    const heic = await put(user, timeline, 'IMG_0002.HEIC');
    const live = await put(user, timeline, 'IMG_0003_burst.JPG');
    const master = await put(user, timeline, 'IMG_0003.JPG');
    const jpeg = fakeJpeg(1234);
    const row = await t.database.db
      .selectFrom('files')
      .select('blob_id')
      .where('id', '=', heic.id)
      .executeTakeFirstOrThrow();
    // The full-size JPEG the media worker makes of a HEIC, stored as that worker stores it.
    const { Readable } = await import('node:stream');
    const { openBlobStore } = await import('../../storage/open-store.ts');
    const stored = await (await openBlobStore(t.config)).put(Readable.from([jpeg]));
    await t.database.db
      .insertInto('derivatives')
      .values({
        blob_id: row.blob_id,
        kind: 'jpeg',
        store_key: stored.key,
        size: stored.size,
        content_type: 'image/jpeg',
        crc32: null,
        created_at: 0,
      })
      .execute();
    await t.database.db
      .updateTable('files')
      .set({ group_type: 'burst', group_id: 'g1', master: 0 })
      .where('id', '=', live.id)
      .execute();
    await t.database.db
      .updateTable('files')
      .set({ group_type: 'burst', group_id: 'g1', master: 1 })
      .where('id', '=', master.id)
      .execute();
    const ids = [heic.id, live.id, master.id];
    const read = async (body: object) =>
      pythonEntries(
        save((await download((await prepared(user, timeline, { file_ids: ids, ...body })).url)).rawPayload),
      );
    const plain = await read({});
    expect(plain.map((e) => e.name).sort()).toEqual(['IMG_0002.HEIC', 'IMG_0003.JPG', 'IMG_0003_burst.JPG']);
    const converted = await read({ heic_to_jpeg: true, master_only: 1 });
    expect(converted.map((e) => e.name).sort()).toEqual(['IMG_0002.jpg', 'IMG_0003.JPG']);
    expect(converted.find((e) => e.name === 'IMG_0002.jpg')?.sha1).toBe(sha1(jpeg));
  });

  it('exports a deleted album to its owner only, with the files a restore would bring back', async () => {
    const owner = await signUp(t.app);
    const member = await signUp(t.app);
    const album = await c.createShared(owner, 'Gone');
    const kept = await put(owner, album.id, 'kept.jpg');
    const last = await put(owner, album.id, 'last.jpg');
    expect((await c.subscribe(member, album.id)).statusCode).toBe(200);
    // Removing the last files deletes the album (spec 000 §4); both come back with a restore.
    for (const file of [kept, last]) {
      expect((await c.send(owner, 'DELETE', `/jobs/${album.id}/files_by_id/${file.id}`)).statusCode).toBe(
        200,
      );
    }
    expectStatus(await prepare(owner, album.id, {}), 403, 'secured_job');
    expectStatus(await prepare(member, album.id, { mode: 'export' }), 403, 'secured_job');
    const archive = await prepared(owner, album.id, { mode: 'export' });
    expect(archive).toMatchObject({ file_name: 'Gone.zip', count: 2 });
    const r = await download(archive.url);
    expect(r.statusCode).toBe(200);
    const names = pythonEntries(save(r.rawPayload))
      .map((entry) => entry.name)
      .sort();
    // An export unpacks into a folder of the album's name.
    expect(names).toEqual(['Gone/kept.jpg', 'Gone/last.jpg']);
    // Restored: the export's URL opens nothing any more; the album downloads as any other.
    expect(
      (await c.send(owner, 'POST', '/rollback_albums', { payload: { job_uuids: [album.id] } })).statusCode,
    ).toBe(200);
    expect((await download(archive.url)).statusCode).toBe(404);
    expectStatus(await prepare(owner, album.id, { mode: 'export' }), 404, 'not_found');
  });

  // The trash's downloads (spec 000 §4 trash photos: download selected, download all).
  it("streams the owner's trashed files, to nobody else, and not once they are restored", async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const timeline = await timelineOf(t.app, owner);
    const content = fakeJpeg(9000);
    const r0 = await uploadFile(t.app, owner, timeline, { path: 'Camera/gone.jpg', content });
    const id = r0.json<{ uuid: string }>().uuid;
    const live = await c.uploaded(owner, timeline, 'live.jpg');
    expect((await c.send(owner, 'DELETE', `/jobs/${timeline}/files_by_id/${id}`)).statusCode).toBe(200);
    const ask = (who: Session, ids: string[]) =>
      c.send(who, 'POST', '/files_from_trash_as_archive', { payload: { file_ids: ids } });
    // Someone else's trash, and a file that is not in the trash, read as missing.
    expectStatus(await ask(stranger, [id]), 404, 'not_found');
    expectStatus(await ask(owner, [live]), 404, 'not_found');
    const r = await ask(owner, [id, live]);
    expect(r.statusCode).toBe(200);
    const archive = r.json<PreparedArchive>();
    expect(archive.count).toBe(1);
    expect(archive.url.startsWith('/st/4/files_from_trash_as_archive?')).toBe(true);
    const got = await t.app.inject({ method: 'GET', url: archive.url });
    expect(got.statusCode).toBe(200);
    const file = path.join(dir, 'trash.zip');
    fs.writeFileSync(file, got.rawPayload);
    expect(unzipTest(file)).toContain('No errors detected');
    expect(pythonEntries(file).map((e) => [e.name, e.sha1])).toEqual([['gone.jpg', sha1(content)]]);
    // Restored: it is no longer in the trash, so the trash's URL has nothing to send.
    expect(
      (await c.send(owner, 'POST', `/jobs/${timeline}/multi_rollback`, { payload: { file_uuids: [id] } }))
        .statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: archive.url })).statusCode).toBe(404);
  });
});
