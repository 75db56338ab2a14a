import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** Albums: POST /jobs, GET /jobs/{id} and POST /jobs/{id}/copy_to_timeline (spec 000 §4, §7). */
describe.each(DIALECTS)('albums (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const createAlbum = (s: Session, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/st/4/jobs?${s.query}`,
      headers: s.headers,
      payload: body as object,
    });
  const copy = (s: Session, jobId: string, fileIds: string[]) =>
    t.app.inject({
      method: 'POST',
      url: `/st/4/jobs/${jobId}/copy_to_timeline?${s.query}`,
      headers: s.headers,
      payload: { file_uuids: fileIds },
    });
  const filesOf = async (s: Session, jobId: string) =>
    (await t.app.inject({ url: `/st/4/jobs/${jobId}/files?${s.query}`, headers: s.headers })).json<{
      files: { id: string; checksum: string; path: string; mtime: number }[];
    }>().files;
  const counters = async (s: Session) =>
    (await t.app.inject({ url: `/st/4/account_info?${s.query}`, headers: s.headers })).json<{
      used_space: number;
      file_type_counters: { picture_count: number };
    }>();

  it('POST /jobs creates a private album with comments and uploads allowed, listed and readable', async () => {
    const user = await signUp(t.app);
    const created = await createAlbum(user, { title: '  Summer 2026 ' });
    expect(created.statusCode).toBe(200);
    const album = created.json<{ id: string }>();
    expect(album).toMatchObject({
      type: 'story',
      title: 'Summer 2026',
      owner: user.userId,
      privacy_mode: 'private',
      permissions: 3,
    });
    const one = await t.app.inject({ url: `/st/4/jobs/${album.id}?${user.query}`, headers: user.headers });
    expect(one.json()).toEqual(album);
    const stories = await t.app.inject({ url: `/st/4/jobs?stories=1&${user.query}`, headers: user.headers });
    expect(stories.json<{ jobs: { id: string }[] }>().jobs.map((j) => j.id)).toEqual([album.id]);
  });

  it('POST /jobs keeps the settings it is given and refuses a shared album without a name', async () => {
    const user = await signUp(t.app);
    const shared = await createAlbum(user, { title: 'Trip', isShared: true, allow_comments: false });
    expect(shared.json()).toMatchObject({ privacy_mode: 'shared', permissions: 2 });
    const nameless = await createAlbum(user, { title: '   ', isShared: true });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.body).toContain('album name is required for shared albums');
    expect((await createAlbum(user, { title: 'x'.repeat(256) })).statusCode).toBe(400);
    expect((await createAlbum(user, {})).json()).toMatchObject({ title: '', privacy_mode: 'private' });
  });

  it('POST /jobs refuses a title with a control character, and stores none of them', async () => {
    const user = await signUp(t.app);
    for (const title of ['Trip\u0000', 'Trip\nto', 'Trip\u001b[31m']) {
      const refused = await createAlbum(user, { title });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: { code: 'validation_failed' } });
    }
    const listed = await t.app.inject({ url: `/st/4/jobs?stories=1&${user.query}`, headers: user.headers });
    expect(listed.json()).toEqual({ jobs: [] });
  });

  it("POST /jobs and GET /jobs/{id} deny a caller without a token; another user's album is not found", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const album = (await createAlbum(owner, { title: 'Mine' })).json<{ id: string }>();
    expect(
      (await t.app.inject({ method: 'POST', url: `/st/4/jobs?${owner.query}`, payload: {} })).statusCode,
    ).toBe(401);
    expect((await t.app.inject({ url: `/st/4/jobs/${album.id}?${owner.query}` })).statusCode).toBe(401);
    const foreign = await t.app.inject({
      url: `/st/4/jobs/${album.id}?${other.query}`,
      headers: other.headers,
    });
    const missing = await t.app.inject({
      url: `/st/4/jobs/no-such-job?${other.query}`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
  });

  it('copy_to_timeline adds album files to the timeline once, without new bytes or double counting', async () => {
    const user = await signUp(t.app);
    const album = (await createAlbum(user, { title: 'Copies' })).json<{ id: string }>();
    const content = fakeJpeg(5000);
    const uploaded = await uploadFile(t.app, user, album.id, {
      path: 'Trip/IMG_1.jpg',
      content,
      mtime: 1_690_000_000,
    });
    const albumFile = uploaded.json<{ status: string; uuid: string }>();
    expect(albumFile.status).toBe('processing');
    const before = await counters(user);
    expect(before.file_type_counters.picture_count).toBe(0);

    const first = await copy(user, album.id, [albumFile.uuid, 'no-such-file']);
    expect(first.statusCode).toBe(200);
    const [ok, missing] = first.json<{
      results: { status: string; timeline_uuid?: string; error_reason?: string }[];
    }>().results;
    expect(ok).toMatchObject({ file_uuid: albumFile.uuid, status: 'ok' });
    expect(missing).toMatchObject({ status: 'error', error_reason: 'file_not_found' });
    const timeline = await filesOf(user, await timelineOf(t.app, user));
    expect(timeline).toHaveLength(1);
    expect(timeline[0]).toMatchObject({
      id: ok?.timeline_uuid,
      path: 'Trip/IMG_1.jpg',
      mtime: 1_690_000_000,
    });

    const again = await copy(user, album.id, [albumFile.uuid]);
    expect(again.json<{ results: { timeline_uuid?: string }[] }>().results[0]?.timeline_uuid).toBe(
      ok?.timeline_uuid,
    );
    expect(await filesOf(user, await timelineOf(t.app, user))).toHaveLength(1);
    const after = await counters(user);
    expect(after.used_space).toBe(before.used_space);
    expect(after.file_type_counters.picture_count).toBe(1);
  });

  it("copy_to_timeline denies a caller without a token and hides another user's album", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const album = (await createAlbum(owner, { title: 'Private' })).json<{ id: string }>();
    const file = (await uploadFile(t.app, owner, album.id, { path: 'a.jpg', content: fakeJpeg(3000) })).json<{
      uuid: string;
    }>();
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/st/4/jobs/${album.id}/copy_to_timeline?${owner.query}`,
      payload: { file_uuids: [file.uuid] },
    });
    expect(anonymous.statusCode).toBe(401);
    const foreign = await copy(other, album.id, [file.uuid]);
    const missing = await copy(other, 'no-such-job', [file.uuid]);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    expect(await filesOf(other, await timelineOf(t.app, other))).toHaveLength(0);
    expect((await copy(owner, album.id, [])).statusCode).toBe(400);
  });
});
