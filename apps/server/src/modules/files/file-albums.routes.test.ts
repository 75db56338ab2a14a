import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileAlbums, JobInfo } from '@trove/contract';
import { DIALECTS, createTestApp, signUp, type Session, type TestApp } from '../../test/harness.ts';
import { albumClient, expectStatus } from '../../test/albums.ts';

/**
 * GET /jobs/{id}/files_by_id/{fileId}/albums (issue #27): the caller's albums that hold a
 * file's content and take the caller's photos, where the photo editor's copy goes too;
 * allowed for a file the caller reads, and for any other file answered as a missing one,
 * with nothing told.
 */
describe.each(DIALECTS)('albums of a file (%s)', (dialect) => {
  let t: TestApp;
  let c: ReturnType<typeof albumClient>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    c = albumClient(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const timelineOf = async (s: Session) => (await c.send(s, 'GET', '/jobs/default')).json<JobInfo>().id;
  const copyInto = async (s: Session, albumId: string, sourceJob: string, fileId: string) => {
    const r = await c.send(s, 'POST', `/jobs/${albumId}/copy_files`, {
      payload: { source_job: sourceJob, file_uuids: [fileId] },
    });
    expectStatus(r, 200);
  };
  const albumsOf = (s: Session, jobId: string, fileId: string) =>
    c.send(s, 'GET', `/jobs/${jobId}/files_by_id/${fileId}/albums`);

  it('lists the albums holding the photo where the caller may add, and nothing else', async () => {
    const me = await signUp(t.app);
    const other = await signUp(t.app);
    const timeline = await timelineOf(me);
    const photo = await c.uploaded(me, timeline, 'edit-me.jpg', 5000);
    const unrelated = await c.uploaded(me, timeline, 'other.jpg', 5100);

    // Mine, holding the photo: listed.
    const mine = await c.create(me, { name: 'Holiday' });
    await copyInto(me, mine.id, timeline, photo);
    // Mine, holding another photo only: not listed.
    const elsewhere = await c.create(me, { name: 'Elsewhere' });
    await copyInto(me, elsewhere.id, timeline, unrelated);
    // Mine, holding the photo but in the trash: not listed.
    const trashed = await c.create(me, { name: 'Trashed' });
    await copyInto(me, trashed.id, timeline, photo);
    expectStatus(await c.send(me, 'DELETE', `/jobs/${trashed.id}`), 200);
    // Someone else's, taking uploads, where I added the photo: listed.
    const open = await c.createShared(other, 'Open', { allow_uploads: 1 });
    expectStatus(await c.subscribe(me, open.id), 200);
    await copyInto(me, open.id, timeline, photo);
    // Someone else's that stopped taking uploads after I added the photo: not listed.
    const closed = await c.createShared(other, 'Closed', { allow_uploads: 1 });
    expectStatus(await c.subscribe(me, closed.id), 200);
    await copyInto(me, closed.id, timeline, photo);
    const permissions = await c.send(other, 'POST', `/jobs/${closed.id}/permissions`, {
      payload: { allow_uploads: 0, allow_comments: 1 },
    });
    expectStatus(permissions, 200);
    // Someone else's holding the same content, which I am no member of: not listed.
    const theirs = await c.createShared(other, 'Theirs', { allow_uploads: 1 });
    const otherTimeline = await timelineOf(other);
    const theirCopy = await c.uploaded(other, otherTimeline, 'edit-me.jpg', 5000);
    await copyInto(other, theirs.id, otherTimeline, theirCopy);

    const answer = await albumsOf(me, timeline, photo);
    expectStatus(answer, 200);
    expect(answer.json<FileAlbums>()).toEqual({
      albums: [
        { id: mine.id, name: 'Holiday' },
        { id: open.id, name: 'Open' },
      ],
    });
    // From an album's copy of the photo, the same albums.
    const inAlbum = (await c.files(me, mine.id))[0]?.id ?? '';
    expect((await albumsOf(me, mine.id, inAlbum)).json<FileAlbums>().albums.map((a) => a.id)).toEqual([
      mine.id,
      open.id,
    ]);
    // A photo in no album: none.
    expect((await albumsOf(me, timeline, unrelated)).json<FileAlbums>()).toEqual({
      albums: [{ id: elsewhere.id, name: 'Elsewhere' }],
    });
  });

  it('answers a file the caller cannot read exactly as a missing one, telling nothing of it', async () => {
    const me = await signUp(t.app);
    const stranger = await signUp(t.app);
    const timeline = await timelineOf(me);
    const photo = await c.uploaded(me, timeline, 'private.jpg', 5200);
    const album = await c.create(me, { name: 'Private' });
    await copyInto(me, album.id, timeline, photo);

    const denied = await albumsOf(stranger, timeline, photo);
    const missing = await albumsOf(stranger, timeline, 'no-such-file');
    expectStatus(denied, 404);
    expectStatus(missing, 404);
    expect(denied.json()).toEqual(missing.json());
    expect(denied.body).not.toContain(album.id);
    // A private album of mine: the stranger reads none of its files either.
    const inAlbum = (await c.files(me, album.id))[0]?.id ?? '';
    expectStatus(await albumsOf(stranger, album.id, inAlbum), 404);
    // Signed out: no account, no albums.
    expectStatus(
      await c.send({ visitor: true }, 'GET', `/jobs/${timeline}/files_by_id/${photo}/albums`),
      401,
    );
    // A file in the trash is not found, even for its owner.
    expectStatus(await c.send(me, 'DELETE', `/jobs/${timeline}/files_by_id/${photo}`), 200);
    expectStatus(await albumsOf(me, timeline, photo), 404);
  });
});
