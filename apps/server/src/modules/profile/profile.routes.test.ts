import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountInfo, JobUsers } from '@trove/contract';
import { MAX_ACCOUNT_ATTRIBUTES, PROFILE_PICTURE_MAX_BYTES } from '@trove/contract';
import { albumClient, expectStatus } from '../../test/albums.ts';
import {
  DIALECTS,
  clientAuth,
  createTestApp,
  multipart,
  signUp,
  tinyPng,
  type Session,
  type TestApp,
} from '../../test/harness.ts';

/*
 * [Note: Profile pictures] and the account attributes (issue #24, spec 001 §3, §5, §7), and the
 * name rule of shared albums (spec 001 §5), through the routes.
 */
describe.each(DIALECTS)('profile routes (%s)', (dialect) => {
  let t: TestApp;
  let c: ReturnType<typeof albumClient>;
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      env: { SHUTDOWN_DATE: '2030-01-31T00:00:00Z', SHUTDOWN_INFO_URL: 'https://example.com/closing' },
    });
    c = albumClient(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const upload = (s: Session, content: Buffer, filename = 'profile.jpg') =>
    t.app.inject({
      method: 'POST',
      url: `/st/4/profile/picture?path=profile.jpg&${s.query}`,
      ...(() => {
        const body = multipart({}, { filename, content });
        return { payload: body.payload, headers: { ...body.headers, ...s.headers } };
      })(),
    });
  const info = async (s: Session) => (await c.send(s, 'GET', '/account_info')).json<AccountInfo>();
  const fetchUrl = (url: string) => t.app.inject({ url });
  const photo = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#884422' } })
      .withMetadata({ exif: { IFD0: { Make: 'SecretCam' } } })
      .jpeg()
      .toBuffer();

  it('takes a picture (201), serves a bounded rendition without metadata by its signed URL', async () => {
    const user = await signUp(t.app, { name: 'Pia' });
    expect((await info(user)).profile_picture).toBeNull();
    const r = await upload(user, await photo(1600, 1200));
    expectStatus(r, 201);
    const url = r.json<{ profile_picture: string }>().profile_picture;
    expect(url).toMatch(/^\/st\/4\/profile\/picture\?/);
    expect(url).not.toContain(user.token);
    expect((await info(user)).profile_picture).toBe(url);
    const served = await fetchUrl(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect(Math.max(meta.width, meta.height)).toBe(512);
    expect(meta.exif).toBeUndefined();
  });

  it('refuses what is no picture, an empty file and one over the limit, with clear errors', async () => {
    const user = await signUp(t.app, { name: 'Rolf' });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expectStatus(await upload(user, svg, 'a.svg'), 415, 'unsupported_file');
    expectStatus(await upload(user, Buffer.from('hello'), 'a.jpg'), 415, 'unsupported_file');
    expectStatus(await upload(user, Buffer.alloc(0)), 400, 'empty_file');
    const huge = Buffer.concat([tinyPng(), Buffer.alloc(PROFILE_PICTURE_MAX_BYTES)]);
    const tooBig = await upload(user, huge);
    expectStatus(tooBig, 413, 'file_too_large');
    expect(tooBig.json<{ error: { message: string } }>().error.message).toContain('MiB');
    expect((await info(user)).profile_picture).toBeNull();
  });

  it('a URL stops serving when the picture changes, the session ends, or it is altered', async () => {
    const user = await signUp(t.app, { name: 'Sam' });
    const first = (await upload(user, tinyPng())).json<{ profile_picture: string }>().profile_picture;
    const second = (await upload(user, await photo(40, 40))).json<{ profile_picture: string }>()
      .profile_picture;
    expect(second).not.toBe(first);
    expect((await fetchUrl(first)).statusCode).toBe(404);
    expect((await fetchUrl(second)).statusCode).toBe(200);
    const altered = second.replace(/sig=[^&]+/, 'sig=AAAA');
    expect((await fetchUrl(altered)).statusCode).toBe(404);
    expect((await fetchUrl(second.replace(/user=[^&]+/, `user=${user.userId}x`))).statusCode).toBe(404);
    expectStatus(await c.send(user, 'POST', '/logout'), 200);
    expect((await fetchUrl(second)).statusCode).toBe(404);
  });

  it('DELETE /profile/picture removes it; a caller without a token is refused', async () => {
    const user = await signUp(t.app, { name: 'Tor' });
    const url = (await upload(user, tinyPng())).json<{ profile_picture: string }>().profile_picture;
    expectStatus(await c.send(user, 'DELETE', '/profile/picture'), 200);
    expect((await info(user)).profile_picture).toBeNull();
    expect((await fetchUrl(url)).statusCode).toBe(404);
    // A new picture after the deletion: the old URL, still within its lifetime, stays dead.
    const again = (await upload(user, await photo(40, 40))).json<{ profile_picture: string }>()
      .profile_picture;
    expect(again).not.toBe(url);
    expect((await fetchUrl(url)).statusCode).toBe(404);
    expect((await fetchUrl(again)).statusCode).toBe(200);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/st/4/profile/picture?${clientAuth('x', user.deviceId).query}`,
      ...multipart({}, { filename: 'a.png', content: tinyPng() }),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('album members see each other’s pictures while the album is shared, not after', async () => {
    const owner = await signUp(t.app, { name: 'Olivia' });
    const guest = await signUp(t.app, { name: 'Paul' });
    await upload(owner, tinyPng());
    await upload(guest, tinyPng());
    const album = await c.createShared(owner);
    expectStatus(await c.subscribe(guest, album.id), 200);
    const users = (
      await c.send(guest, 'GET', `/jobs/${album.id}/users?include_profile_url=1`)
    ).json<JobUsers>().users;
    const ownerUrl = users.find((u) => u.owner)?.profile_picture_url ?? '';
    expect(ownerUrl).toContain(`user=${owner.userId}`);
    expect(users.find((u) => !u.owner)?.profile_picture_url).toContain(`user=${guest.userId}`);
    expect((await fetchUrl(ownerUrl)).statusCode).toBe(200);
    expectStatus(
      await c.send(owner, 'POST', `/jobs/${album.id}/privacy_mode`, { payload: { mode: 'private' } }),
      200,
    );
    expect((await fetchUrl(ownerUrl)).statusCode).toBe(404);
    // A stranger's list of that album is refused as before.
    const stranger = await signUp(t.app, { name: 'Stranger' });
    expect((await c.send(stranger, 'GET', `/jobs/${album.id}/users`)).statusCode).toBe(404);
    expectStatus(
      await c.send(owner, 'POST', `/jobs/${album.id}/privacy_mode`, { payload: { mode: 'shared' } }),
      200,
    );
    // A disabled member's picture is shown to nobody: not listed, and its URL dead.
    const listed = async () =>
      (await c.send(owner, 'GET', `/jobs/${album.id}/users?include_profile_url=1`)).json<JobUsers>().users;
    const guestUrl = (await listed()).find((u) => !u.owner)?.profile_picture_url ?? '';
    expect((await fetchUrl(guestUrl)).statusCode).toBe(200);
    await t.database.db
      .updateTable('users')
      .set({ disabled_at: t.clock.now() })
      .where('id', '=', guest.userId)
      .execute();
    expect((await fetchUrl(guestUrl)).statusCode).toBe(404);
    expect((await listed()).find((u) => !u.owner)?.profile_picture_url ?? null).toBeNull();
  });

  it('account attributes: set, read, delete; each account its own; size and count limits', async () => {
    const user = await signUp(t.app, { name: 'Ulla' });
    const other = await signUp(t.app, { name: 'Vera' });
    const path = (key: string) => `/account_attribute?account_attribute_key=${key}`;
    expect((await c.send(user, 'GET', path('storage_warning_level'))).json()).toEqual({
      key: 'storage_warning_level',
      value: null,
    });
    expectStatus(
      await c.send(user, 'POST', path('storage_warning_level'), { payload: { value: '80' } }),
      200,
    );
    expect((await c.send(user, 'GET', path('storage_warning_level'))).json()).toEqual({
      key: 'storage_warning_level',
      value: '80',
    });
    expect((await c.send(other, 'GET', path('storage_warning_level'))).json()).toMatchObject({ value: null });
    expectStatus(await c.send(other, 'DELETE', path('storage_warning_level')), 200);
    expect((await c.send(user, 'GET', path('storage_warning_level'))).json()).toMatchObject({ value: '80' });
    expectStatus(await c.send(user, 'DELETE', path('storage_warning_level')), 200);
    expect((await c.send(user, 'GET', path('storage_warning_level'))).json()).toMatchObject({ value: null });

    expectStatus(
      await c.send(user, 'POST', path('big'), { payload: { value: 'x'.repeat(4097) } }),
      400,
      'validation_failed',
    );
    expectStatus(
      await c.send(user, 'POST', path('bad key!'), { payload: { value: 'x' } }),
      400,
      'validation_failed',
    );
    for (let i = 0; i < MAX_ACCOUNT_ATTRIBUTES; i += 1)
      expectStatus(await c.send(user, 'POST', path(`k${String(i)}`), { payload: { value: 'v' } }), 200);
    expectStatus(
      await c.send(user, 'POST', path('one_more'), { payload: { value: 'v' } }),
      409,
      'too_many_attributes',
    );
    // Changing a key the account has is no new one.
    expectStatus(await c.send(user, 'POST', path('k0'), { payload: { value: 'w' } }), 200);
    const anonymous = await t.app.inject({
      url: `/st/4${path('k0')}&${clientAuth('x', user.deviceId).query}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('an album becomes shared only when the account has a name (spec 001 §5)', async () => {
    const user = await signUp(t.app, { name: 'Will' });
    await t.database.db.updateTable('users').set({ name: '' }).where('id', '=', user.userId).execute();
    expectStatus(
      await c.send(user, 'POST', '/jobs', { payload: { name: 'Trip', public: 1 } }),
      409,
      'user_name_required',
    );
    const album = await c.create(user, { name: 'Trip' });
    const share = { payload: { mode: 'shared' } };
    expectStatus(
      await c.send(user, 'POST', `/jobs/${album.id}/privacy_mode`, share),
      409,
      'user_name_required',
    );
    expectStatus(await c.send(user, 'POST', '/name', { payload: { name: 'Will' } }), 200);
    expectStatus(await c.send(user, 'POST', `/jobs/${album.id}/privacy_mode`, share), 200);
    expectStatus(await c.send(user, 'POST', '/jobs', { payload: { name: 'Trip 2', public: 1 } }), 200);
    // Inviting to a shared album shares it with more people: the rule holds there too.
    await t.database.db.updateTable('users').set({ name: ' ' }).where('id', '=', user.userId).execute();
    expectStatus(
      await c.send(user, 'POST', `/jobs/${album.id}/publish`, {
        headers: { origin: 'http://localhost' },
        payload: { to_email: 'a@example.com', subject: 's', message: 'm' },
      }),
      409,
      'user_name_required',
    );
  });

  it('account info counts subscribed albums and carries the announced shutdown', async () => {
    const owner = await signUp(t.app, { name: 'Xena' });
    const guest = await signUp(t.app, { name: 'Yngve' });
    const album = await c.createShared(owner);
    await c.createShared(owner, 'Other');
    expect((await info(guest)).number_of_subscribed_albums).toBe(0);
    expectStatus(await c.subscribe(guest, album.id), 200);
    const guestInfo = await info(guest);
    expect(guestInfo.number_of_subscribed_albums).toBe(1);
    // Their own albums are not subscriptions.
    expect((await info(owner)).number_of_subscribed_albums).toBe(0);
    expect(guestInfo.shutdown_info).toEqual({
      shutdown_date: Date.parse('2030-01-31T00:00:00Z'),
      info_url: 'https://example.com/closing',
    });
    expectStatus(await c.send(guest, 'POST', `/jobs/${album.id}/unsubscribe`), 200);
    expect((await info(guest)).number_of_subscribed_albums).toBe(0);
  });
});
