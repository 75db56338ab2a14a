import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedShare, ShareInfo, SharedLinkList } from '@trove/contract';
import { albumClient, expectStatus, type Who } from '../../test/albums.ts';
import {
  DIALECTS,
  createTestApp,
  signUp,
  timelineOf,
  type Session,
  type TestApp,
} from '../../test/harness.ts';

const visitor: Who = { visitor: true };

/**
 * The owner of an album and the shares its members made of it (issue #23, the `sourceOwner`
 * row of [Note: Access], [Note: Derived shares]): the owner finds them on My shared links,
 * with their maker and the album, and stops them; stopped, a share answers like a missing id
 * at once, its signed URLs too. Nobody else but the maker sees or stops them, and a refusal
 * answers exactly what a missing id answers.
 */
describe.each(DIALECTS)("an album owner and their members' shares (%s)", (dialect) => {
  let t: TestApp;
  let c: ReturnType<typeof albumClient>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    c = albumClient(t);
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
  const links = async (who: Session) => {
    const r = await c.send(who, 'GET', '/shares');
    expectStatus(r, 200);
    return r.json<SharedLinkList>().links;
  };
  /** The answer to `who` stopping `id`, beside the answer for an id that never was. */
  const stopBeside = async (who: Session, id: string) => ({
    actual: await c.send(who, 'DELETE', `/shares/${id}`),
    missing: await c.send(who, 'DELETE', `/shares/${'x'.repeat(id.length)}`),
  });
  const comparable = (r: { statusCode: number; body: string }) => ({ status: r.statusCode, body: r.body });

  /** Ann's shared album with Bo taking part; Bo shares Ann's photo from it (with `password`). */
  async function albumWithMemberShare(password?: string) {
    const ann = await signUp(t.app, { name: 'Ann' });
    const bo = await signUp(t.app, { name: 'Bo' });
    const album = (await c.createShared(ann, 'Lake')).id;
    expectStatus(await c.subscribe(bo, album), 200);
    const photo = await c.uploaded(ann, album, 'lake.jpg', 4600);
    await t.database.db.updateTable('files').set({ media_status: 'ready' }).where('id', '=', photo).execute();
    const made = await share(bo, album, [photo], password);
    return { ann, bo, album, photo, made };
  }

  it("lists a member's share on the album owner's links, with its maker and album", async () => {
    const { ann, bo, album, photo, made } = await albumWithMemberShare('open sesame');
    // Not Ann's: Bo's share of his own timeline, and Ann's album's photo shared by Ann herself.
    const boTimeline = await timelineOf(t.app, bo);
    const own = await share(bo, boTimeline, [await c.uploaded(bo, boTimeline, 'bo.jpg', 4700)]);
    const annShare = await share(ann, album, [photo]);

    const annLinks = await links(ann);
    expect(annLinks.map((link) => link.id).sort()).toEqual([album, annShare.id, made.id].sort());
    expect(annLinks.find((link) => link.id === made.id)).toMatchObject({
      kind: 'share',
      expires: made.expires,
      has_password: true,
      file_count: 1,
      made_by: { userID: bo.userId, name: 'Bo', is_me: false },
      from_album: { id: album, title: 'Lake' },
      can_stop: true,
    });
    expect(annLinks.find((link) => link.id === made.id)?.thumbs).toHaveLength(1);
    expect(annLinks.find((link) => link.id === annShare.id)).toMatchObject({
      made_by: { is_me: true },
      from_album: { id: album, title: 'Lake' },
    });
    // Bo sees his own, named as his, and not Ann's.
    const boLinks = await links(bo);
    expect(boLinks.map((link) => link.id).sort()).toEqual([made.id, own.id].sort());
    expect(boLinks.find((link) => link.id === made.id)).toMatchObject({
      made_by: { is_me: true },
      from_album: { id: album, title: 'Lake' },
    });
    expect(boLinks.find((link) => link.id === own.id)?.from_album).toBeNull();
  });

  it('lets the album owner stop it: it answers like a missing id at once, its URLs too', async () => {
    const { ann, bo, made } = await albumWithMemberShare('open sesame');
    // The owner opens it without its password: it shows only what their album shows.
    const opened = await c.send(ann, 'GET', `/shares/${made.id}`);
    expectStatus(opened, 200);
    const info = opened.json<ShareInfo>();
    expect(info).toMatchObject({ is_owner: false, owner: { userID: bo.userId, email: null } });
    const original = info.thumbFiles[0]?.file_url ?? '';
    expectStatus(await t.app.inject({ url: original }), 200);

    expectStatus(await c.send(ann, 'DELETE', `/shares/${made.id}`), 204);
    for (const who of [visitor, ann, bo]) {
      const gone = await c.send(who, 'GET', `/shares/${made.id}`);
      const never = await c.send(who, 'GET', `/shares/${'x'.repeat(made.id.length)}`);
      expect(comparable(gone)).toEqual(comparable(never));
      expectStatus(gone, 404, 'not_found');
    }
    expectStatus(await t.app.inject({ url: original }), 404);
    expect((await links(ann)).map((link) => link.id)).not.toContain(made.id);
    expect((await links(bo)).map((link) => link.id)).not.toContain(made.id);
  });

  it('lets nobody else see or stop it: another member, a visitor of the album, a stranger', async () => {
    const { ann, album, made } = await albumWithMemberShare();
    const other = await signUp(t.app, { name: 'Cy' });
    expectStatus(await c.subscribe(other, album), 200);
    const stranger = await signUp(t.app, { name: 'Di' });
    for (const who of [other, stranger]) {
      expect((await links(who)).map((link) => link.id)).not.toContain(made.id);
      const { actual, missing } = await stopBeside(who, made.id);
      expectStatus(actual, 404, 'not_found');
      expect(comparable(actual)).toEqual(comparable(missing));
      // They may open it as anyone holding its link may: a recipient, no more.
      expect((await c.send(who, 'GET', `/shares/${made.id}`)).json<ShareInfo>()).toMatchObject({
        is_owner: false,
      });
    }
    expectStatus(await c.send(visitor, 'DELETE', `/shares/${made.id}`), 401);
    // Still live: the maker still opens it.
    expect((await links(ann)).map((link) => link.id)).toContain(made.id);
  });

  it("does not make the owner of another album the owner of this one's shares", async () => {
    const { made } = await albumWithMemberShare();
    const otherOwner = await signUp(t.app, { name: 'Eve' });
    await c.createShared(otherOwner, 'Elsewhere');
    expect((await links(otherOwner)).map((link) => link.id)).not.toContain(made.id);
    const { actual, missing } = await stopBeside(otherOwner, made.id);
    expect(comparable(actual)).toEqual(comparable(missing));
  });
});
