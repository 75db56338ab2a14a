import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ChangeType,
  MAX_COMMENT_LENGTH,
  type Comment,
  type FileComments,
  type GuestIdentity,
  type JobActivity,
} from '@trove/contract';
import {
  DIALECTS,
  createTestApp,
  signUp,
  timelineOf,
  type Session,
  type TestApp,
} from '../../test/harness.ts';
import { albumClient, type Who } from '../../test/albums.ts';

/**
 * Comments and loves (issue #12, spec 000 §4 Comment submission, edit/delete, Reaction; §6
 * who may; §7 calls; change records 10 and 12) and guests ([Note: Guests]): each allowed
 * and denied, on SQLite and PostgreSQL. The generated access matrix covers every route for
 * every role too (access.routes.test.ts).
 */
describe.each(DIALECTS)('comments and loves (%s)', (dialect) => {
  let t: TestApp;
  let c: ReturnType<typeof albumClient>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    c = albumClient(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const path = (album: string, file: string, rest = '') => `/jobs/${album}/files_by_id/${file}${rest}`;
  const post = (who: Who, album: string, file: string, comment: unknown) =>
    c.send(who, 'POST', path(album, file, '/comments'), { payload: { comment } });
  const posted = async (who: Who, album: string, file: string, comment: string) => {
    const r = await post(who, album, file, comment);
    if (r.statusCode !== 200) throw new Error(`post: ${String(r.statusCode)} ${r.body}`);
    return r.json<Comment>();
  };
  const list = async (who: Who, album: string, file: string) => {
    const r = await c.send(who, 'GET', path(album, file, '/comments'));
    if (r.statusCode !== 200) throw new Error(`list: ${String(r.statusCode)} ${r.body}`);
    return r.json<FileComments>();
  };
  const edit = (who: Who, album: string, file: string, id: string, comment: string) =>
    c.send(who, 'PUT', path(album, file, `/comments/${id}`), { payload: { comment } });
  const remove = (who: Who, album: string, file: string, id: string) =>
    c.send(who, 'DELETE', path(album, file, `/comments/${id}`));
  const love = (who: Who, album: string, file: string) =>
    c.send(who, 'POST', path(album, file, '/reaction'), { payload: { reaction: 'love' } });
  const unlove = (who: Who, album: string, file: string) =>
    c.send(who, 'DELETE', path(album, file, '/reaction'));
  const becomeGuest = async (album: string, name: string, grant?: string) => {
    const r = await c.send({ visitor: true, ...(grant && { grant }) }, 'POST', `/jobs/${album}/guests`, {
      payload: { name },
    });
    if (r.statusCode !== 200) throw new Error(`guest: ${String(r.statusCode)} ${r.body}`);
    return r.json<GuestIdentity>();
  };
  const activity = async (who: Who, album: string) =>
    (await c.send(who, 'GET', `/jobs/${album}/activity`)).json<JobActivity>().files;

  /** A shared album of a new owner with one photo and a subscribed participant. */
  async function sharedAlbum(extra: object = {}) {
    const owner = await signUp(t.app, { name: 'Olivia' });
    const participant = await signUp(t.app, { name: 'Per' });
    const album = await c.createShared(owner, 'Trip', extra);
    const photo = await c.uploaded(owner, album.id, 'sea.jpg');
    expect((await c.subscribe(participant, album.id)).statusCode).toBe(200);
    return { owner, participant, album: album.id, photo };
  }

  it('the owner comments and loves; a participant sees both, with counts and change records 10 and 12', async () => {
    const { owner, participant, album, photo } = await sharedAlbum();
    const mine = await posted(owner, album, photo, 'What a day!\nSecond line');
    expect(mine).toMatchObject({
      file_id: photo,
      user: owner.userId,
      guest_id: null,
      author_name: 'Olivia',
      comment: 'What a day!\nSecond line',
      last_edit_timestamp: null,
      can_edit: true,
      can_delete: true,
    });
    expect((await love(owner, album, photo)).statusCode).toBe(200);
    // Loving again changes nothing and writes no second record.
    expect((await love(owner, album, photo)).statusCode).toBe(200);

    const seen = await list(participant, album, photo);
    expect(seen.comments.map((x) => [x.comment, x.can_edit, x.can_delete])).toEqual([
      ['What a day!\nSecond line', false, false],
    ]);
    expect(seen.reactions).toMatchObject([{ user: owner.userId, author_name: 'Olivia', is_own: false }]);
    expect(seen.loved).toBe(false);
    expect(await c.infoOf(participant, album)).toMatchObject({ comment_count: 1, reaction_count: 1 });
    expect(await activity(participant, album)).toEqual([
      { id: photo, comment_count: 1, love_count: 1, loved: false },
    ]);
    expect(await activity(owner, album)).toEqual([
      { id: photo, comment_count: 1, love_count: 1, loved: true },
    ]);

    const records = (await c.changes(participant, album)).filter((x) =>
      [ChangeType.Comment, ChangeType.Reaction].includes(x.type as 10 | 12),
    );
    expect(records.map((x) => [x.type, x.data.comment ?? x.data.reaction])).toEqual([
      [ChangeType.Comment, 'What a day!\nSecond line'],
      [ChangeType.Reaction, 'love'],
    ]);
    expect(records[0]?.data).toMatchObject({ comment_uuid: mine.comment_uuid, file_id: photo });

    expect((await unlove(owner, album, photo)).statusCode).toBe(200);
    expect((await list(owner, album, photo)).loved).toBe(false);
    const cleared = (await c.changes(owner, album)).at(-1);
    expect(cleared).toMatchObject({ type: ChangeType.Reaction, data: { reaction: '', user: owner.userId } });
  });

  it('a participant edits only their own comment; the owner deletes any, the participant not the owners', async () => {
    const { owner, participant, album, photo } = await sharedAlbum();
    const ownersComment = await posted(owner, album, photo, 'From the owner');
    const theirs = await posted(participant, album, photo, 'From Per');
    const missing = await edit(participant, album, photo, 'no-such-comment', 'x');
    expect(missing.statusCode).toBe(404);

    const edited = await edit(participant, album, photo, theirs.comment_uuid, 'From Per, edited');
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Comment>()).toMatchObject({ comment: 'From Per, edited' });
    expect(edited.json<Comment>().last_edit_timestamp).not.toBeNull();

    // Not their comment: the answer of a missing one, and nothing changes.
    const refused = await edit(participant, album, photo, ownersComment.comment_uuid, 'hijacked');
    expect([refused.statusCode, refused.body]).toEqual([404, missing.body]);
    expect((await edit(owner, album, photo, theirs.comment_uuid, 'owner edits')).statusCode).toBe(404);
    const deniedDelete = await remove(participant, album, photo, ownersComment.comment_uuid);
    expect([deniedDelete.statusCode, deniedDelete.body]).toEqual([404, missing.body]);

    expect((await remove(owner, album, photo, theirs.comment_uuid)).statusCode).toBe(200);
    const left = await list(participant, album, photo);
    expect(left.comments.map((x) => x.comment)).toEqual(['From the owner']);
    const deletion = (await c.changes(owner, album)).at(-1);
    expect(deletion).toMatchObject({
      type: ChangeType.Comment,
      data: { comment: '', comment_uuid: theirs.comment_uuid },
    });
    // Deleting again: gone, like any missing comment.
    expect((await remove(owner, album, photo, theirs.comment_uuid)).statusCode).toBe(404);
    // A participant deletes their own.
    const again = await posted(participant, album, photo, 'Once more');
    expect((await remove(participant, album, photo, again.comment_uuid)).statusCode).toBe(200);
  });

  it('with comments switched off participants cannot comment (the owner still can); loves stay', async () => {
    const { owner, participant, album, photo } = await sharedAlbum({ allow_comments: 0 });
    expect((await c.infoOf(participant, album)).currentUserCan.addComment).toBe(false);
    const refused = await post(participant, album, photo, 'hello');
    const missing = await post(participant, album, 'no-such-file', 'hello');
    expect([refused.statusCode, refused.body]).toEqual([404, missing.body]);
    expect((await post(owner, album, photo, 'owner note')).statusCode).toBe(200);
    expect((await love(participant, album, photo)).statusCode).toBe(200);
  });

  it('a visitor gives a name and comments as a guest; edits only their own; the guest token ends with the album', async () => {
    const { owner, album, photo } = await sharedAlbum();
    const anonymous = { visitor: true } as const;
    // Without a name given, a visitor cannot comment or love: that is the sign-in prompt's job.
    expect((await post(anonymous, album, photo, 'hi')).statusCode).toBe(404);
    expect((await love(anonymous, album, photo)).statusCode).toBe(404);
    expect((await c.infoOf(anonymous, album)).currentUserCan.addComment).toBe(false);

    const granny = await becomeGuest(album, 'Granny');
    const asGranny = { visitor: true, guest: granny.guest } as const;
    expect(await c.infoOf(asGranny, album)).toMatchObject({ role: 'guest' });
    expect((await c.infoOf(asGranny, album)).currentUserCan.addComment).toBe(true);
    const lovely = await posted(asGranny, album, photo, 'lovely!');
    t.clock.advance(1000);
    expect(lovely).toMatchObject({
      user: null,
      guest_id: granny.guest_id,
      author_name: 'Granny',
      can_edit: true,
    });
    expect((await love(asGranny, album, photo)).statusCode).toBe(200);

    const nameless = await becomeGuest(album, '');
    const asNameless = { visitor: true, guest: nameless.guest } as const;
    const theirs = await posted(asNameless, album, photo, 'nice');
    expect(theirs.author_name).toBe('');
    expect((await edit(asNameless, album, photo, lovely.comment_uuid, 'x')).statusCode).toBe(404);
    expect((await remove(asNameless, album, photo, lovely.comment_uuid)).statusCode).toBe(404);
    expect((await edit(asGranny, album, photo, lovely.comment_uuid, 'lovely!!')).statusCode).toBe(200);
    expect((await remove(owner, album, photo, theirs.comment_uuid)).statusCode).toBe(200);

    // A signed-in caller is never a guest: a token they send is not who they are.
    const stranger = await signUp(t.app, { name: 'Sam' });
    t.clock.advance(1000);
    const strangerComment = await posted(stranger, album, photo, 'as myself');
    expect(strangerComment).toMatchObject({ user: stranger.userId, guest_id: null, author_name: 'Sam' });

    // Another album's token, a forged one: a plain visitor.
    const other = await sharedAlbum();
    const foreign = { visitor: true, guest: granny.guest } as const;
    expect((await post(foreign, other.album, other.photo, 'hi')).statusCode).toBe(404);
    const forged = { visitor: true, guest: `${granny.guest.slice(0, -2)}AA` } as const;
    expect((await post(forged, album, photo, 'hi')).statusCode).toBe(404);

    // Made private: the album and the guest are gone for the visitor.
    await c.send(owner, 'POST', `/jobs/${album}/privacy_mode`, { payload: { mode: 'private' } });
    expect((await post(asGranny, album, photo, 'still here?')).statusCode).toBe(404);
    await c.send(owner, 'POST', `/jobs/${album}/privacy_mode`, { payload: { mode: 'shared' } });
    expect((await post(asGranny, album, photo, 'still here?')).statusCode).toBe(404);
    expect((await list(owner, album, photo)).comments.map((x) => x.author_name)).toEqual(['Granny', 'Sam']);
  });

  it('a password album: a guest needs the grant as well, and a signed-in user cannot become a guest', async () => {
    const { owner, album, photo } = await sharedAlbum();
    await c.setPassword(owner, album, 'secret');
    const refused = await c.send({ visitor: true }, 'POST', `/jobs/${album}/guests`, {
      payload: { name: 'X' },
    });
    expect(refused.statusCode).toBe(403);
    const grant = (await c.unlock(album, 'secret')).json<{ grant: string }>().grant;
    const guest = await becomeGuest(album, 'Aunt', grant);
    expect((await post({ visitor: true, guest: guest.guest }, album, photo, 'hi')).statusCode).toBe(403);
    expect((await post({ visitor: true, grant, guest: guest.guest }, album, photo, 'hi')).statusCode).toBe(
      200,
    );
    const signedIn = await signUp(t.app);
    const asUser = await c.send(signedIn, 'POST', `/jobs/${album}/guests`, {
      payload: { name: 'X' },
      headers: { 'x-foreign-auth': grant },
    });
    expect(asUser.statusCode).toBe(404);
  });

  it('text is stored as written and refused when empty, too long or holding control characters', async () => {
    const { owner, album, photo } = await sharedAlbum();
    const html = '<img src=x onerror=alert(1)>';
    expect((await posted(owner, album, photo, html)).comment).toBe(html);
    expect((await posted(owner, album, photo, '  spaced  ')).comment).toBe('  spaced  ');
    expect((await posted(owner, album, photo, 'x'.repeat(MAX_COMMENT_LENGTH))).comment).toHaveLength(
      MAX_COMMENT_LENGTH,
    );
    for (const bad of [
      '',
      '   \n ',
      'x'.repeat(MAX_COMMENT_LENGTH + 1),
      'a\u0000b',
      'a\u001bb',
      '\ud800',
      42,
    ]) {
      const r = await post(owner, album, photo, bad);
      expect(r.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const [first] = (await list(owner, album, photo)).comments;
    expect((await edit(owner, album, photo, first?.comment_uuid ?? '', '  ')).statusCode).toBe(400);
    expect(
      (await c.send(owner, 'POST', path(album, photo, '/reaction'), { payload: { reaction: 'hate' } }))
        .statusCode,
    ).toBe(400);
    expect((await c.infoOf(owner, album)).comment_count).toBe(3);
  });

  it('keeps counts right under concurrent posts and loves', async () => {
    const { owner, participant, album, photo } = await sharedAlbum();
    const second = await c.uploaded(owner, album, 'second.jpg', 4100);
    const results = await Promise.all([
      ...Array.from({ length: 12 }, (_, i) => post(participant, album, photo, `p${String(i)}`)),
      ...Array.from({ length: 8 }, (_, i) => post(owner, album, second, `o${String(i)}`)),
      ...Array.from({ length: 6 }, () => love(participant, album, photo)),
      ...Array.from({ length: 6 }, () => love(owner, album, photo)),
    ]);
    expect(results.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);
    expect(await c.infoOf(owner, album)).toMatchObject({ comment_count: 20, reaction_count: 2 });
    const byFile = new Map((await activity(owner, album)).map((f) => [f.id, f]));
    expect(byFile.get(photo)).toMatchObject({ comment_count: 12, love_count: 2, loved: true });
    expect(byFile.get(second)).toMatchObject({ comment_count: 8, love_count: 0 });
    const loves = (await c.changes(owner, album)).filter((x) => x.type === ChangeType.Reaction);
    expect(loves).toHaveLength(2);
  });

  it('slows a guest who floods an album (429), not a member', async () => {
    const { participant, album, photo } = await sharedAlbum();
    const guest = await becomeGuest(album, 'Spammer');
    const asGuest = { visitor: true, guest: guest.guest } as const;
    for (let i = 0; i < 30; i += 1)
      expect((await post(asGuest, album, photo, `spam ${String(i)}`)).statusCode).toBe(200);
    const slowed = await post(asGuest, album, photo, 'one more');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers['retry-after']).toBeDefined();
    // A member is not slowed by the guest's budget.
    expect((await post(participant, album, photo, 'calm')).statusCode).toBe(200);
    t.clock.advance(2 * 60 * 60 * 1000);
    expect((await post(asGuest, album, photo, 'later')).statusCode).toBe(200);
  });

  it('a trashed file takes its comments out of the counts; the timeline and private albums take none', async () => {
    const { owner, participant, album, photo } = await sharedAlbum();
    // Removing an album's last file would delete the album (spec 000 §4): keep another.
    await c.uploaded(owner, album, 'other.jpg', 4400);
    await posted(participant, album, photo, 'before the trash');
    await love(participant, album, photo);
    expect((await c.send(owner, 'DELETE', `/jobs/${album}/files_by_id/${photo}`)).statusCode).toBe(200);
    expect(await c.infoOf(owner, album)).toMatchObject({ comment_count: 0, reaction_count: 0 });
    expect(await activity(owner, album)).toEqual([]);
    expect((await post(owner, album, photo, 'x')).statusCode).toBe(404);
    expect((await c.send(owner, 'GET', path(album, photo, '/comments'))).statusCode).toBe(404);

    const timeline = await timelineOf(t.app, owner);
    const mine = await c.uploaded(owner, timeline, 'tl.jpg', 4200);
    expect((await post(owner, timeline, mine, 'x')).statusCode).toBe(404);
    expect((await love(owner, timeline, mine)).statusCode).toBe(404);

    const stranger: Session = await signUp(t.app);
    const privateAlbum = (await c.create(owner, { name: 'Private' })).id;
    const file = await c.uploaded(owner, privateAlbum, 'p.jpg', 4300);
    expect((await posted(owner, privateAlbum, file, 'note to self')).comment).toBe('note to self');
    expect((await post(stranger, privateAlbum, file, 'x')).statusCode).toBe(404);
    expect((await c.send(stranger, 'GET', path(privateAlbum, file, '/comments'))).statusCode).toBe(404);
  });
});
