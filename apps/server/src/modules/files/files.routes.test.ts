import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DIALECTS,
  createTestApp,
  fakeJpeg,
  multipart,
  signUp,
  uploadFile,
  fakePng,
  timelineOf,
  type Session,
  type TestApp,
} from '../../test/harness.ts';
import { createInProcessEventBus, type EventBus } from '../../events/event-bus.ts';

describe.each(DIALECTS)('files, changes and poll (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const timeline = async (s: Session) =>
    (await t.app.inject({ url: `/st/4/jobs/default?${s.query}`, headers: s.headers })).json<{ id: string }>()
      .id;
  const upload = async (s: Session, jobId: string, mtime: number) => {
    const body = multipart(
      { path: `p/${mtime}.jpg`, mtime: String(mtime) },
      { filename: 'x.jpg', content: fakeJpeg() },
    );
    const response = await t.app.inject({
      method: 'POST',
      url: `/st/4/jobs/${jobId}/upload?${s.query}`,
      headers: { ...s.headers, ...body.headers },
      payload: body.payload,
    });
    return response.json<{ uuid: string }>().uuid;
  };
  const get = (s: Session, path: string) =>
    t.app.inject({ url: `${path}${path.includes('?') ? '&' : '?'}${s.query}`, headers: s.headers });

  it("pages a job's files newest first with a cursor, and bounds them by time", async () => {
    const user = await signUp(t.app);
    const job = await timeline(user);
    const ids = [];
    for (const mtime of [1_600_000_000, 1_600_000_100, 1_600_000_200, 1_600_000_300, 1_600_000_400]) {
      ids.push(await upload(user, job, mtime));
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await get(user, `/st/4/jobs/${job}/files?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      const body = page.json<{ files: { id: string }[]; next_cursor: string | null }>();
      expect(body.files.length).toBeLessThanOrEqual(2);
      seen.push(...body.files.map((f) => f.id));
      cursor = body.next_cursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
    const bounded = await get(user, `/st/4/jobs/${job}/files?start=1600000100&end=1600000300`);
    expect(bounded.json<{ files: unknown[] }>().files).toHaveLength(2);
  });

  it('deletes to the trash with a change record, and multi_rollback restores it', async () => {
    const user = await signUp(t.app);
    const job = await timeline(user);
    const id = await upload(user, job, 1_650_000_000);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/st/4/jobs/${job}/files_by_id/${id}?${user.query}`,
      headers: user.headers,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await get(user, `/st/4/jobs/${job}/files`)).json()).toMatchObject({ files: [] });
    expect((await get(user, `/st/4/jobs/${job}/changes?since=1`)).json()).toMatchObject({
      changes: [{ serial: 2, type: 1, data: { id } }],
    });
    const restored = await t.app.inject({
      method: 'POST',
      url: `/st/4/jobs/${job}/multi_rollback?${user.query}`,
      headers: user.headers,
      payload: { file_uuids: [id, 'no-such-file'] },
    });
    expect(restored.json()).toMatchObject({
      results: [
        { file_uuid: id, status: 'ok' },
        { file_uuid: 'no-such-file', status: 'error', error_reason: 'file_not_found' },
      ],
      quota: { used_space: 4096 },
    });
    expect(
      (await get(user, `/st/4/jobs/${job}/files`)).json<{ files: { id: string }[] }>().files[0]?.id,
    ).toBe(id);
    expect((await get(user, `/st/4/jobs/${job}/changes?since=2`)).json()).toMatchObject({
      changes: [{ serial: 3, type: 0, data: { id, is_rollback: true } }],
    });
  });

  it('counts pictures, videos, screenshots and documents per taken month, newest first', async () => {
    const user = await signUp(t.app);
    const job = await timeline(user);
    const put = (name: string, mtime: number, content: Buffer) =>
      uploadFile(t.app, user, job, { path: `Camera/${name}`, mtime, content });
    const march = Date.UTC(2024, 2, 10) / 1000;
    const may = Date.UTC(2024, 4, 31, 23, 59) / 1000;
    await put('a.jpg', march, fakeJpeg(3000));
    await put('b.jpg', march + 60, fakeJpeg(3001));
    await put('Screenshot_1.png', march + 120, fakePng());
    await put('notes.pdf', may, Buffer.from('%PDF-1.4\n%%EOF\n'));
    const trashed = (await put('c.jpg', may, fakeJpeg(3002))).json<{ uuid: string }>().uuid;
    await t.app.inject({
      method: 'DELETE',
      url: `/st/4/jobs/${job}/files_by_id/${trashed}?${user.query}`,
      headers: user.headers,
    });
    const months = await get(user, `/st/4/jobs/${job}/timeline/months`);
    expect(months.statusCode).toBe(200);
    expect(months.json()).toEqual({
      months: [
        {
          year: 2024,
          month: 5,
          start: Date.UTC(2024, 4, 1) / 1000,
          end: Date.UTC(2024, 5, 1) / 1000,
          pictures: 0,
          videos: 0,
          screenshots: 0,
          documents: 1,
        },
        {
          year: 2024,
          month: 3,
          start: Date.UTC(2024, 2, 1) / 1000,
          end: Date.UTC(2024, 3, 1) / 1000,
          pictures: 2,
          videos: 0,
          screenshots: 1,
          documents: 0,
        },
      ],
    });
    const intruder = await signUp(t.app);
    expect((await get(intruder, `/st/4/jobs/${job}/timeline/months`)).statusCode).toBe(404);
  });

  it('filters the files of a month by the timeline filters, and refuses an unknown one', async () => {
    const user = await signUp(t.app);
    const job = await timeline(user);
    const at = Date.UTC(2023, 6, 4) / 1000;
    const put = async (name: string, content: Buffer) =>
      (await uploadFile(t.app, user, job, { path: `Camera/${name}`, mtime: at, content })).json<{
        uuid: string;
      }>().uuid;
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(2048, 1)]);
    const photo = await put('a.jpg', fakeJpeg(4100));
    const shot = await put('Screenshot_2.png', fakePng(2100));
    const video = await put('clip.mp4', mp4);
    const document = await put('notes.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
    const idsOf = async (filter: string) =>
      (await get(user, `/st/4/jobs/${job}/files?${filter}`))
        .json<{ files: { id: string }[] }>()
        .files.map((file) => file.id)
        .sort();
    expect(await idsOf('')).toEqual([photo, shot, video, document].sort());
    expect(await idsOf('filter=all')).toEqual([photo, shot, video].sort());
    expect(await idsOf('filter=only_images')).toEqual([photo, shot].sort());
    expect(await idsOf('filter=only_videos')).toEqual([video]);
    expect(await idsOf('filter=screenshots')).toEqual([shot]);
    const bad = await get(user, `/st/4/jobs/${job}/files?filter=everything`);
    expect(bad.statusCode).toBe(400);
    const intruder = await signUp(t.app);
    expect((await get(intruder, `/st/4/jobs/${job}/files?filter=all`)).statusCode).toBe(404);
  });

  it('answers metadata, supported extensions and async upload status to the owner', async () => {
    const user = await signUp(t.app);
    const job = await timeline(user);
    const id = await upload(user, job, 1_650_000_000);
    expect((await get(user, `/st/4/jobs/${job}/metadata/${id}`)).statusCode).toBe(200);
    const extensions = (await get(user, '/st/4/supported_extensions')).json<{
      pictures: string[];
      movies: string[];
    }>();
    expect(extensions.pictures).toContain('heic');
    expect(extensions.movies).toContain('mp4');
    expect(
      (await get(user, `/st/4/jobs/${job}/changes_and_async_upload_status?since=0`)).json(),
    ).toMatchObject({
      last_serial: 1,
      pending_uploads: 1,
    });
  });

  it('wakes a long poll as soon as the job changes', async () => {
    // The bus tells the test when the poll is listening, so the upload comes after that and
    // only the bus's wake-up can answer the poll before its 25 s timeout (beyond this test's).
    const listening = Promise.withResolvers<undefined>();
    const inner = createInProcessEventBus();
    let isPollSubscribed = false;
    const bus: EventBus = {
      ...inner,
      subscribe: (channel, handler) => {
        if (channel.startsWith('job_changed:')) isPollSubscribed = true;
        return inner.subscribe(channel, handler);
      },
      // The poll subscribes, then awaits ready(), then reads the serial it waits on.
      ready: async () => {
        await inner.ready();
        if (isPollSubscribed) listening.resolve(undefined);
      },
    };
    const polled = await createTestApp(dialect, { deps: { bus } });
    try {
      const user = await signUp(polled.app);
      const job = await timelineOf(polled.app, user);
      const query = (path: string) =>
        polled.app.inject({ url: `${path}&${user.query}`, headers: user.headers });
      const poll = query(`/poll?seq=0&event=job_changed:${job}`);
      await listening.promise;
      expect(
        (await uploadFile(polled.app, user, job, { path: 'a.jpg', content: fakeJpeg() })).statusCode,
      ).toBe(200);
      expect((await poll).body.split('\n')[0]).toBe('seq=1');
      const immediate = await query(`/poll?seq=0&event=job_changed:${job}`);
      expect(immediate.body.startsWith('seq=1\n')).toBe(true);
    } finally {
      await polled.close();
    }
  }, 20_000);

  it("treats another user's job and files as not found everywhere, and needs a token", async () => {
    const owner = await signUp(t.app);
    const intruder = await signUp(t.app);
    const job = await timeline(owner);
    const id = await upload(owner, job, 1_650_000_000);
    for (const path of [
      `/st/4/jobs/${job}/files`,
      `/st/4/jobs/${job}/changes?since=0`,
      `/st/4/jobs/${job}/changes_and_async_upload_status?since=0`,
      `/st/4/jobs/${job}/metadata/${id}`,
      `/poll?seq=0&event=job_changed:${job}`,
    ]) {
      expect((await get(intruder, path)).statusCode, path).toBe(404);
      // These routes serve visitors of shared albums too: without a token a timeline is
      // just not there (see [Note: Visitors]).
      expect(
        (await t.app.inject({ url: `${path}${path.includes('?') ? '&' : '?'}${owner.query}` })).statusCode,
      ).toBe(404);
    }
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/st/4/jobs/${job}/files_by_id/${id}?${intruder.query}`,
      headers: intruder.headers,
    });
    expect(del.statusCode).toBe(404);
    const rollback = await t.app.inject({
      method: 'POST',
      url: `/st/4/jobs/${job}/multi_rollback?${intruder.query}`,
      headers: intruder.headers,
      payload: { file_uuids: [id] },
    });
    expect(rollback.statusCode).toBe(404);
    expect((await get(owner, `/st/4/jobs/${job}/files`)).json<{ files: unknown[] }>().files).toHaveLength(1);
    expect((await t.app.inject({ url: `/st/4/supported_extensions?${owner.query}` })).statusCode).toBe(401);
  });
});
