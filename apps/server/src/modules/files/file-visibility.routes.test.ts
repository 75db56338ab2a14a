import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedShare, ShareInfo } from '@trove/contract';
import { albumClient, type Who } from '../../test/albums.ts';
import { DIALECTS, createTestApp, fakeJpeg, signUp, uploadFile, type TestApp } from '../../test/harness.ts';

/**
 * What file listings tell each role (issue #23, point 8b): the job's owner and a file's
 * uploader see its folder path and uploader id; other members, visitors and share recipients
 * the name alone, and no other user's id (seesFileDetails in file-records.ts).
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

  it('shows folders and uploader ids to the owner and the uploader only', async () => {
    const owner = await signUp(t.app);
    const member = await signUp(t.app);
    const album = await c.createShared(owner, 'Family');
    await c.subscribe(member, album.id);
    const put = async (who: typeof owner, path: string, size: number) =>
      (await uploadFile(t.app, who, album.id, { path, content: fakeJpeg(size) })).json<{ uuid: string }>()
        .uuid;
    const ownersFile = await put(owner, 'Private/Kids/ann.jpg', 4100);
    const membersFile = await put(member, 'Home/Secret/bo.jpg', 4200);
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
});
