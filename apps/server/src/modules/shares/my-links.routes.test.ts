import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedShare, SharedLink, SharedLinkList } from '@trove/contract';
import { albumClient, expectStatus, type Who } from '../../test/albums.ts';
import {
  DIALECTS,
  createTestApp,
  signUp,
  timelineOf,
  type Session,
  type TestApp,
} from '../../test/harness.ts';

const DAY_MS = 86_400_000;

/**
 * "My shared links" (issue #23, [Note: My shared links]): GET /shares lists the caller's live
 * shares and shared albums, newest first, and nobody else's; stopped, expired, private and
 * trashed ones are not links any more. Signed out: 401.
 */
describe.each(DIALECTS)('my shared links (%s)', (dialect) => {
  let t: TestApp;
  let c: ReturnType<typeof albumClient>;
  let ann: Session;
  let bob: Session;
  let annTimeline: string;
  let photos: string[];
  beforeAll(async () => {
    t = await createTestApp(dialect);
    c = albumClient(t);
    ann = await signUp(t.app, { name: 'Ann' });
    bob = await signUp(t.app, { name: 'Bob' });
    annTimeline = await timelineOf(t.app, ann);
    photos = [];
    for (const name of ['p0.jpg', 'p1.jpg', 'p2.jpg'])
      photos.push(await c.uploaded(ann, annTimeline, name, 3000 + photos.length));
    // The thumbnails of a share are of rendered pictures only.
    await t.database.db
      .updateTable('files')
      .set({ media_status: 'ready' })
      .where('id', 'in', photos)
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  const share = async (who: Session, job: string, files: string[], password?: string) => {
    const r = await c.send(who, 'POST', '/shares', {
      payload: { source_job: job, file_uuids: files, ...(password && { password }) },
    });
    expectStatus(r, 200);
    return r.json<CreatedShare>();
  };
  const list = async (who: Who, query = '') => {
    const r = await c.send(who, 'GET', `/shares${query}`);
    expectStatus(r, 200);
    return r.json<SharedLinkList>();
  };
  const ids = (links: SharedLink[]) => links.map((link) => link.id);
  const tick = () => t.clock.advance(1000);

  it('lists the caller’s live shares and shared albums, newest first, with what each is', async () => {
    const mine = await share(ann, annTimeline, photos.slice(0, 2));
    tick();
    const withPassword = await share(ann, annTimeline, [photos[2] ?? ''], 'open sesame');
    tick();
    const album = await c.createShared(ann, 'Summer');
    const albumPhoto = await c.uploaded(ann, album.id, 'a.jpg', 5100);
    // An album's cover is its newest file whose thumbnails are ready (issue #23).
    await t.database.db
      .updateTable('files')
      .set({ media_status: 'ready' })
      .where('id', '=', albumPhoto)
      .execute();
    tick();
    const privateAlbum = await c.create(ann, { name: 'Mine only' });
    // Bob's share and Bob's shared album are Bob's: never Ann's links.
    const bobTimeline = await timelineOf(t.app, bob);
    const bobShare = await share(bob, bobTimeline, [await c.uploaded(bob, bobTimeline, 'b.jpg', 3900)]);
    tick();
    const bobAlbum = await c.createShared(bob, 'Bob trip');

    const { links, next } = await list(ann);
    expect(next).toBeNull();
    expect(ids(links)).toEqual([album.id, withPassword.id, mine.id]);
    expect(ids(links)).not.toContain(privateAlbum.id);
    const [albumLink, passwordLink, shareLink] = links;
    expect(shareLink).toMatchObject({
      kind: 'share',
      title: '',
      expires: mine.expires,
      has_password: false,
      file_count: 2,
      made_by: { userID: ann.userId, name: 'Ann', is_me: true },
      from_album: null,
      can_stop: true,
    });
    expect(shareLink?.expires).toBe((shareLink?.ctime ?? 0) + (30 * DAY_MS) / 1000);
    expect(shareLink?.thumbs).toHaveLength(2);
    for (const thumb of shareLink?.thumbs ?? []) expect(thumb).toMatch(/^\/th\/3\/.+sig=/);
    expect(passwordLink).toMatchObject({ kind: 'share', has_password: true, file_count: 1 });
    expect(albumLink).toMatchObject({ kind: 'album', title: 'Summer', expires: null, has_password: false });
    expect(albumLink?.file_count).toBe(1);
    expect(albumLink?.thumbs).toHaveLength(1);

    const bobs = await list(bob);
    expect(ids(bobs.links)).toEqual([bobAlbum.id, bobShare.id]);
  });

  it('leaves out stopped and expired shares, albums made private and albums in the trash', async () => {
    const who = await signUp(t.app, { name: 'Cy' });
    const timeline = await timelineOf(t.app, who);
    const photo = await c.uploaded(who, timeline, 'c.jpg', 4400);
    const stopped = await share(who, timeline, [photo]);
    const live = await share(who, timeline, [photo]);
    const madePrivate = await c.createShared(who, 'Was shared');
    const trashed = await c.createShared(who, 'Trashed');
    const kept = await c.createShared(who, 'Kept');
    expect((await list(who)).links).toHaveLength(5);

    expectStatus(await c.send(who, 'DELETE', `/shares/${stopped.id}`), 204);
    expectStatus(
      await c.send(who, 'POST', `/jobs/${madePrivate.id}/privacy_mode`, { payload: { mode: 'private' } }),
      200,
    );
    expectStatus(await c.send(who, 'DELETE', `/jobs/${trashed.id}`), 200);
    expect(ids((await list(who)).links).sort()).toEqual([live.id, kept.id].sort());

    // Past its 30 days (spec 000 §9) a share is no link; an album's link does not expire.
    t.clock.advance(30 * DAY_MS);
    expect(ids((await list(who)).links)).toEqual([kept.id]);
  });

  it('pages newest first without losing or repeating links made at the same time', async () => {
    const who = await signUp(t.app, { name: 'Dee' });
    const timeline = await timelineOf(t.app, who);
    const photo = await c.uploaded(who, timeline, 'd.jpg', 4500);
    const made: string[] = [];
    // Five links in one millisecond and two later ones: the cursor counts, never names, ties.
    for (let i = 0; i < 5; i++) made.push((await share(who, timeline, [photo])).id);
    tick();
    made.push((await share(who, timeline, [photo])).id);
    made.push((await c.createShared(who, 'Later')).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: SharedLinkList = await list(who, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.links.length).toBeLessThanOrEqual(2);
      for (const link of page.links) expect(page.next ?? '').not.toContain(link.id);
      seen.push(...ids(page.links));
      cursor = page.next;
    } while (cursor !== null);
    expect(seen.sort()).toEqual([...made].sort());
    expectStatus(await c.send(who, 'GET', '/shares?cursor=nope'), 400, 'validation_failed');
  });

  it('answers 401 to a caller signed out', async () => {
    expectStatus(await c.send({ visitor: true }, 'GET', '/shares'), 401);
  });
});
