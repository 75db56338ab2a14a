import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, signIn, signUp, type TestApp } from '../../test/harness.ts';

describe.each(DIALECTS)('session routes (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const accountInfo = (s: { query: string; headers: object }) =>
    t.app.inject({ url: `/st/4/account_info?${s.query}`, headers: s.headers as Record<string, string> });

  it('POST /logout revokes this token only', async () => {
    const laptop = await signUp(t.app);
    const phone = await signIn(t.app, { email: laptop.email, password: laptop.password });
    const response = await t.app.inject({
      method: 'POST',
      url: `/st/4/logout?${laptop.query}`,
      headers: laptop.headers,
    });
    expect(response.statusCode).toBe(200);
    expect((await accountInfo(laptop)).statusCode).toBe(401);
    expect((await accountInfo(phone)).statusCode).toBe(200);
  });

  it('POST /logout denies a caller without a token', async () => {
    const user = await signUp(t.app);
    const response = await t.app.inject({ method: 'POST', url: `/st/4/logout?${user.query}` });
    expect(response.statusCode).toBe(401);
    expect((await accountInfo(user)).statusCode).toBe(200);
  });

  it('GET /devices lists the current device and every device of the account', async () => {
    const laptop = await signUp(t.app);
    const phone = await signIn(t.app, { email: laptop.email, password: laptop.password });
    const stranger = await signUp(t.app);
    const response = await t.app.inject({ url: `/st/4/devices?${laptop.query}`, headers: laptop.headers });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ current: { id: string }; devices: { id: string; name: string }[] }>();
    expect(body.current.id).toBe(laptop.deviceId);
    expect(body.devices.map((d) => d.id).sort()).toEqual([laptop.deviceId, phone.deviceId].sort());
    expect(body.devices.map((d) => d.id)).not.toContain(stranger.deviceId);
    expect(body.devices[0]).toMatchObject({ name: 'Trove Web' });
  });

  it('GET /devices denies a caller without a token', async () => {
    const user = await signUp(t.app);
    expect((await t.app.inject({ url: `/st/4/devices?${user.query}` })).statusCode).toBe(401);
  });

  it('DELETE /devices/{id} revokes that device and leaves the caller signed in', async () => {
    const laptop = await signUp(t.app);
    const phone = await signIn(t.app, { email: laptop.email, password: laptop.password });
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/st/4/devices/${phone.deviceId}?${laptop.query}`,
      headers: laptop.headers,
    });
    expect(response.statusCode).toBe(200);
    expect((await accountInfo(phone)).statusCode).toBe(401);
    expect((await accountInfo(laptop)).statusCode).toBe(200);
  });

  it("DELETE /devices/{id} of another user's device looks like a missing one and changes nothing", async () => {
    const me = await signUp(t.app);
    const stranger = await signUp(t.app);
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/st/4/devices/${stranger.deviceId}?${me.query}`,
      headers: me.headers,
    });
    const missing = await t.app.inject({
      method: 'DELETE',
      url: `/st/4/devices/${crypto.randomUUID()}?${me.query}`,
      headers: me.headers,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    expect((await accountInfo(stranger)).statusCode).toBe(200);
    const anonymous = await t.app.inject({
      method: 'DELETE',
      url: `/st/4/devices/${me.deviceId}?${me.query}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
