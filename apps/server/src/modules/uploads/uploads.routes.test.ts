import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DIALECTS,
  createTestApp,
  fakeJpeg,
  multipart,
  sha1,
  signUp,
  type Session,
  type TestApp,
} from '../../test/harness.ts';

describe.each(DIALECTS)('uploads (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { BASE_QUOTA_BYTES: String(200_000) } });
  });
  afterAll(async () => {
    await t.close();
  });

  const timeline = async (s: Session) =>
    (await t.app.inject({ url: `/st/4/jobs/default?${s.query}`, headers: s.headers })).json<{ id: string }>()
      .id;

  const upload = (
    s: Session,
    jobId: string,
    content: Buffer,
    fields: Record<string, string> = {},
    filename = 'IMG_0001.jpg',
  ) => {
    const body = multipart(
      { path: `Camera/${filename}`, mtime: '1700000000', ...fields },
      { filename, content },
    );
    return t.app.inject({
      method: 'POST',
      url: `/st/4/jobs/${jobId}/upload?${s.query}`,
      headers: { ...s.headers, ...body.headers },
      payload: body.payload,
    });
  };

  const account = async (s: Session) =>
    (await t.app.inject({ url: `/st/4/account_info?${s.query}`, headers: s.headers })).json<{
      used_space: number;
      file_type_counters: { picture_count: number; screenshot_count: number };
    }>();

  it('stores an upload, lists it with its checksum, records a change and counts it', async () => {
    const user = await signUp(t.app);
    const job = await timeline(user);
    const content = fakeJpeg(10_000);
    const response = await upload(user, job, content);
    expect(response.statusCode).toBe(200);
    const { status, uuid } = response.json<{ status: string; uuid: string }>();
    expect(status).toBe('processing');

    const files = await t.app.inject({ url: `/st/4/jobs/${job}/files?${user.query}`, headers: user.headers });
    expect(files.headers['x-last-event-serial']).toBe('1');
    expect(files.json()).toMatchObject({
      files: [
        {
          id: uuid,
          checksum: sha1(content),
          size: 10_000,
          name: 'IMG_0001.jpg',
          type: 'Pictures',
          mtime: 1700000000,
        },
      ],
      next_cursor: null,
    });
    const changes = await t.app.inject({
      url: `/st/4/jobs/${job}/changes?since=0&${user.query}`,
      headers: user.headers,
    });
    expect(changes.json()).toMatchObject({
      last_serial: 1,
      changes: [{ serial: 1, type: 0, data: { id: uuid } }],
    });
    expect(await account(user)).toMatchObject({
      used_space: 10_000,
      file_type_counters: { picture_count: 1 },
    });
  });

  it('answers exists for the same content again, and charges storage once for duplicates', async () => {
    const user = await signUp(t.app);
    const job = await timeline(user);
    const content = fakeJpeg(5000);
    const first = (await upload(user, job, content)).json<{ uuid: string }>();
    const again = await upload(user, job, content);
    expect(again.json()).toEqual({ status: 'exists', uuid: first.uuid });
    const copy = await upload(user, job, content, { policy: 'allow_duplicates' });
    expect(copy.json<{ status: string; uuid: string }>().uuid).not.toBe(first.uuid);
    expect((await account(user)).used_space).toBe(5000);
  });

  it('counts screenshots by their name', async () => {
    const user = await signUp(t.app);
    await upload(
      user,
      await timeline(user),
      fakeJpeg(),
      {},
      'Screenshot_2026-01-01.png'.replace('.png', '.jpg'),
    );
    expect((await account(user)).file_type_counters.screenshot_count).toBe(1);
  });

  it('refuses unsupported types by extension and by content, keeping nothing', async () => {
    const user = await signUp(t.app);
    const job = await timeline(user);
    const exe = await upload(user, job, Buffer.from('MZ\x90\x00'), {}, 'setup.exe');
    expect(exe.statusCode).toBe(415);
    const disguised = await upload(
      user,
      job,
      Buffer.from('<html><script>alert(1)</script></html>'),
      {},
      'cat.jpg',
    );
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json()).toMatchObject({ error: { code: 'unsupported_file' } });
    const files = await t.app.inject({ url: `/st/4/jobs/${job}/files?${user.query}`, headers: user.headers });
    expect(files.json()).toMatchObject({ files: [] });
    expect((await account(user)).used_space).toBe(0);
  });

  it('refuses a 0-byte file as empty, not as an unsupported type (issue #23)', async () => {
    const user = await signUp(t.app);
    const job = await timeline(user);
    const empty = await upload(user, job, Buffer.alloc(0), {}, 'empty.jpg');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: { code: 'empty_file', message: 'This file is empty' } });
    expect((await account(user)).used_space).toBe(0);
  });

  it('refuses bytes that do not match the declared checksum', async () => {
    const user = await signUp(t.app);
    const response = await upload(user, await timeline(user), fakeJpeg(), { checksum: 'a'.repeat(40) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'checksum_mismatch' } });
  });

  it('enforces the quota atomically: parallel uploads never overshoot it', async () => {
    const user = await signUp(t.app);
    const job = await timeline(user);
    const tooBig = await upload(user, job, fakeJpeg(250_000));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ error: { code: 'quota_exceeded' } });
    const results = await Promise.all(Array.from({ length: 6 }, () => upload(user, job, fakeJpeg(60_000))));
    const ok = results.filter((r) => r.statusCode === 200).length;
    expect(ok).toBe(3);
    expect(results.filter((r) => r.statusCode === 413).length).toBe(3);
    expect((await account(user)).used_space).toBe(180_000);
  });

  it('deduplicates without bytes only within the owner, per policy', async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const job = await timeline(owner);
    const content = fakeJpeg(3000);
    const checksum = sha1(content);
    const dedup = (s: Session, jobId: string, body: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `/st/4/jobs/${jobId}/files_dedup?${s.query}`,
        headers: s.headers,
        payload: body,
      });

    expect((await dedup(owner, job, { path: 'a.jpg', checksum })).json()).toEqual({
      status: 'not_found',
      uuid: null,
    });
    const { uuid } = (await upload(owner, job, content)).json<{ uuid: string }>();
    expect((await dedup(owner, job, { path: 'a.jpg', checksum })).json()).toEqual({ status: 'exists', uuid });
    // Another user who knows the hash gets nothing: deduplication never crosses accounts.
    expect((await dedup(other, await timeline(other), { path: 'a.jpg', checksum })).json()).toEqual({
      status: 'not_found',
      uuid: null,
    });
    await t.app.inject({
      method: 'DELETE',
      url: `/st/4/jobs/${job}/files_by_id/${uuid}?${owner.query}`,
      headers: owner.headers,
    });
    expect((await dedup(owner, job, { path: 'a.jpg', checksum, policy: 'once_only' })).json()).toEqual({
      status: 'trashed',
      uuid,
    });
    const readded = (await dedup(owner, job, { path: 'a.jpg', checksum })).json<{
      status: string;
      uuid: string;
    }>();
    expect(readded.status).toBe('processing');
    expect(readded.uuid).not.toBe(uuid);
  });

  it("denies uploads and dedups into another user's job as not found, and callers without a token", async () => {
    const owner = await signUp(t.app);
    const intruder = await signUp(t.app);
    const job = await timeline(owner);
    const foreign = await upload(intruder, job, fakeJpeg());
    expect(foreign.statusCode).toBe(404);
    const dedup = await t.app.inject({
      method: 'POST',
      url: `/st/4/jobs/${job}/files_dedup?${intruder.query}`,
      headers: intruder.headers,
      payload: { path: 'a.jpg', checksum: 'b'.repeat(40) },
    });
    expect(dedup.statusCode).toBe(404);
    const body = multipart({ path: 'a.jpg' }, { filename: 'a.jpg', content: fakeJpeg() });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/st/4/jobs/${job}/upload?${owner.query}`,
      headers: body.headers,
      payload: body.payload,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
