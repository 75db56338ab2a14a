import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedShare, FileComments, ShareInfo } from '@trove/contract';
import { albumClient, expectStatus, type Who } from '../../test/albums.ts';
import {
  DIALECTS,
  createTestApp,
  fakeJpeg,
  signUp,
  timelineOf,
  uploadFile,
  type TestApp,
} from '../../test/harness.ts';

/**
 * What file listings and change records tell each role (issue #23, point 8b; [Note: Who sees
 * a file's details] in access/place.ts): the job's owner and a file's adder see its folder
 * path and adder id; other members, visitors and share recipients the name alone, and no
 * other user's id. A copy someone other than the uploader added carries no folders at all.
 */
describe.each(DIALECTS)('file details per role (%s)', (dialect) => {
  let t: TestApp;
  let c: ReturnType<typeof albumClient>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    c = albumClient(t);
  });
  afterAll(async () => {
    await t.close();
  });

  /** Ann's shared album, Bo taking part, a photo of each in folders of their own. */
  async function family() {
    const owner = await signUp(t.app);
    const member = await signUp(t.app);
    const album = await c.createShared(owner, 'Family');
    await c.subscribe(member, album.id);
    const put = async (who: typeof owner, path: string, size: number) =>
      (await uploadFile(t.app, who, album.id, { path, content: fakeJpeg(size) })).json<{ uuid: string }>()
        .uuid;
    const ownersFile = await put(owner, 'Private/Kids/ann.jpg', 4100);
    const membersFile = await put(member, 'Home/Secret/bo.jpg', 4200);
    return { owner, member, album, ownersFile, membersFile };
  }

  /** The path and adder of each type 0 record `who` reads of `job`, by file id. */
  const recorded = async (who: Who, job: string): Promise<Record<string, unknown>> =>
    Object.fromEntries(
      (await c.changes(who, job))
        .filter((change) => change.type === 0)
        .map((change) => [
          String(change.data.id),
          { path: change.data.path, user_uuid: change.data.user_uuid },
        ]),
    );

  it('shows folders and uploader ids to the owner and the uploader only', async () => {
    const { owner, member, album, ownersFile, membersFile } = await family();
    const seen = async (who: Who) =>
      Object.fromEntries(
        (await c.files(who, album.id)).map((f) => {
          const { path, user_uuid } = f as unknown as { path: string; user_uuid: string };
          return [f.id, { path, user_uuid }];
        }),
      );
    expect(await seen(owner)).toEqual({
      [ownersFile]: { path: 'Private/Kids/ann.jpg', user_uuid: owner.userId },
      [membersFile]: { path: 'Home/Secret/bo.jpg', user_uuid: member.userId },
    });
    expect(await seen(member)).toEqual({
      [ownersFile]: { path: 'ann.jpg', user_uuid: '' },
      [membersFile]: { path: 'Home/Secret/bo.jpg', user_uuid: member.userId },
    });
    expect(await seen({ visitor: true })).toEqual({
      [ownersFile]: { path: 'ann.jpg', user_uuid: '' },
      [membersFile]: { path: 'bo.jpg', user_uuid: '' },
    });
  });

  it("shows a share's recipients the names alone", async () => {
    const owner = await signUp(t.app);
    const timeline = (await c.send(owner, 'GET', '/jobs/default')).json<{ id: string }>().id;
    const photo = (
      await uploadFile(t.app, owner, timeline, { path: 'Private/Trips/x.jpg', content: fakeJpeg(4300) })
    ).json<{ uuid: string }>().uuid;
    const share = (
      await c.send(owner, 'POST', '/shares', { payload: { source_job: timeline, file_uuids: [photo] } })
    ).json<CreatedShare>();
    const info = (await c.send({ visitor: true }, 'GET', `/shares/${share.id}`)).json<ShareInfo>();
    expect(info.thumbFiles.map((f) => [f.path, f.user_uuid])).toEqual([['x.jpg', '']]);
  });

  it("gives change records' folders and adder ids to the owner and the adder only", async () => {
    const { owner, member, album, ownersFile, membersFile } = await family();
    const stranger = await signUp(t.app);
    expect(await recorded(owner, album.id)).toEqual({
      [ownersFile]: { path: 'Private/Kids/ann.jpg', user_uuid: owner.userId },
      [membersFile]: { path: 'Home/Secret/bo.jpg', user_uuid: member.userId },
    });
    expect(await recorded(member, album.id)).toEqual({
      [ownersFile]: { path: 'ann.jpg', user_uuid: '' },
      [membersFile]: { path: 'Home/Secret/bo.jpg', user_uuid: member.userId },
    });
    for (const visitor of [stranger, { visitor: true } as const])
      expect(await recorded(visitor, album.id)).toEqual({
        [ownersFile]: { path: 'ann.jpg', user_uuid: '' },
        [membersFile]: { path: 'bo.jpg', user_uuid: '' },
      });
    // The other changes calls answer the same records.
    const pending = await c.send(member, 'GET', `/jobs/${album.id}/changes_and_async_upload_status?since=0`);
    expectStatus(pending, 200);
    expect(JSON.stringify(pending.json())).not.toContain('Private/Kids');
  });

  it("shows the comments page's file as a listing does", async () => {
    const { owner, member, album, ownersFile } = await family();
    const fileOn = async (who: Who) => {
      const r = await c.send(who, 'GET', `/jobs/${album.id}/files_by_id/${ownersFile}/comments`);
      expectStatus(r, 200);
      const { path, user_uuid } = r.json<FileComments>().file;
      return { path, user_uuid };
    };
    expect(await fileOn(owner)).toEqual({ path: 'Private/Kids/ann.jpg', user_uuid: owner.userId });
    expect(await fileOn(member)).toEqual({ path: 'ann.jpg', user_uuid: '' });
    expect(await fileOn({ visitor: true })).toEqual({ path: 'ann.jpg', user_uuid: '' });
  });

  it("gives a copy's adder their own folders only, never the uploader's", async () => {
    const { owner, member, album, ownersFile } = await family();
    // Bo shares Ann's photo from the album, and adds it to his timeline.
    const made = await c.send(member, 'POST', '/shares', {
      payload: { source_job: album.id, file_uuids: [ownersFile] },
    });
    expectStatus(made, 200);
    const share = made.json<CreatedShare>().id;
    const mine = (await c.send(member, 'GET', `/shares/${share}`)).json<ShareInfo>().thumbFiles;
    expect(mine.map((f) => [f.path, f.user_uuid])).toEqual([['ann.jpg', member.userId]]);
    expect(Object.values(await recorded(member, share))).toEqual([
      { path: 'ann.jpg', user_uuid: member.userId },
    ]);
    expectStatus(
      await c.send(member, 'POST', `/jobs/${album.id}/copy_to_timeline`, {
        payload: { file_uuids: [ownersFile] },
      }),
      200,
    );
    const timeline = await timelineOf(t.app, member);
    const copies = (await c.files(member, timeline)) as unknown as { path: string; user_uuid: string }[];
    expect(copies.map((f) => [f.path, f.user_uuid])).toEqual([['ann.jpg', member.userId]]);
    // Ann's own share of her photo keeps her folders, for her.
    const annTimeline = await timelineOf(t.app, owner);
    const hers = await uploadFile(t.app, owner, annTimeline, {
      path: 'Private/Kids/own.jpg',
      content: fakeJpeg(4400),
    });
    const own = (
      await c.send(owner, 'POST', '/shares', {
        payload: { source_job: annTimeline, file_uuids: [hers.json<{ uuid: string }>().uuid] },
      })
    ).json<CreatedShare>().id;
    const ownInfo = (await c.send(owner, 'GET', `/shares/${own}`)).json<ShareInfo>();
    expect(ownInfo.thumbFiles.map((f) => f.path)).toEqual(['Private/Kids/own.jpg']);
  });
});
