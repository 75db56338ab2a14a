import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_QUOTA_BYTES } from '@trove/contract';
import { DIALECTS, clientAuth, createTestApp, signUp, type TestApp } from '../../test/harness.ts';

describe.each(DIALECTS)('account routes (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /account_info answers the fields of spec 001 §3 for the caller', async () => {
    // The first account of the instance is its operator ([Note: Operators]); this one is not.
    await signUp(t.app);
    const user = await signUp(t.app, { name: 'Ada Lovelace' });
    const response = await t.app.inject({
      url: `/st/4/account_info?${user.query}&app_lang=en`,
      headers: user.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      uuid: user.userId,
      name: 'Ada Lovelace',
      logged_in_as: user.email,
      used_space: 0,
      max_space: BASE_QUOTA_BYTES,
      profile_picture: null,
      file_type_counters: { picture_count: 0, screenshot_count: 0, video_count: 0, document_count: 0 },
      has_files_not_media: false,
      is_read_only_user: false,
      tos_to_approve: null,
      sunset_delete_date: null,
      number_of_subscribed_albums: 0,
      permitted_services: [],
      shutdown_info: null,
      is_operator: false,
    });
    expect(response.body).not.toContain(user.token);
  });

  it('permitted_services lists analytics exactly while help_us_improve is consented (spec 001 §3)', async () => {
    const user = await signUp(t.app);
    const servicesOf = async () =>
      (await t.app.inject({ url: `/st/4/account_info?${user.query}`, headers: user.headers })).json<{
        permitted_services: string[];
      }>().permitted_services;
    const consent = (key: string, value: boolean) =>
      t.app.inject({
        method: 'POST',
        url: `/st/4/data_protection/consent_values?${user.query}`,
        headers: user.headers,
        payload: { key, value },
      });
    await consent('face_grouping', true);
    expect(await servicesOf()).toEqual([]);
    await consent('help_us_improve', true);
    expect(await servicesOf()).toEqual(['analytics']);
    await consent('help_us_improve', false);
    expect(await servicesOf()).toEqual([]);
  });

  it('the base quota is configurable', async () => {
    const small = await createTestApp(dialect, { env: { BASE_QUOTA_BYTES: '1073741824' } });
    try {
      const user = await signUp(small.app);
      const response = await small.app.inject({
        url: `/st/4/account_info?${user.query}`,
        headers: user.headers,
      });
      expect(response.json()).toMatchObject({ max_space: 1073741824 });
    } finally {
      await small.close();
    }
  });

  it('GET /account_info denies without a valid token, uniformly', async () => {
    const user = await signUp(t.app);
    const bodies = new Set<string>();
    const attempts = [
      { url: `/st/4/account_info?${user.query}`, headers: {} },
      { url: `/st/4/account_info?${user.query}`, headers: clientAuth('not-a-token', user.deviceId).headers },
      // Right token, another device id: tokens are bound to their device.
      { url: `/st/4/account_info?${clientAuth(user.token, randomUUID()).query}`, headers: user.headers },
      { url: `/st/4/account_info?${user.query}`, headers: { authorization: `Bearer ${user.token}` } },
    ];
    for (const attempt of attempts) {
      const response = await t.app.inject(attempt);
      expect(response.statusCode).toBe(401);
      bodies.add(response.body);
    }
    expect(bodies.size).toBe(1);
  });

  it('app-host calls without key, client_v and device_id are refused', async () => {
    const user = await signUp(t.app);
    const response = await t.app.inject({ url: '/st/4/account_info', headers: user.headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'invalid_client' } });
    const unknownKey = user.query.replace('key=trove-web', 'key=someone-else');
    expect(
      (await t.app.inject({ url: `/st/4/account_info?${unknownKey}`, headers: user.headers })).statusCode,
    ).toBe(400);
  });

  it('POST /name saves a trimmed name and answers the new account info', async () => {
    const user = await signUp(t.app, { name: 'Old' });
    const response = await t.app.inject({
      method: 'POST',
      url: `/st/4/name?${user.query}`,
      headers: user.headers,
      payload: { name: '  New Name  ' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'New Name' });
  });

  it('POST /name refuses empty and over-long names and callers without a token', async () => {
    const user = await signUp(t.app);
    for (const name of ['   ', 'x'.repeat(256)]) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/st/4/name?${user.query}`,
        headers: user.headers,
        payload: { name },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'validation_failed' } });
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/st/4/name?${user.query}`,
      payload: { name: 'X' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
