import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DIALECTS,
  TEST_ORIGIN,
  codeFrom,
  createTestApp,
  signUp,
  startLogin,
  type TestApp,
} from '../test/harness.ts';

describe.each(DIALECTS)('login flow with PKCE (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const signUpBody = (state: string, email: string) => ({
    state,
    name: 'Ada',
    email,
    password: 'a long enough password',
  });

  it('preflight answers the built-in provider URL with state and the challenge', async () => {
    const login = await startLogin(t.app);
    expect(login.body.authorization_url).toBe(`${TEST_ORIGIN}/signin`);
    expect(login.body.authorization_params).toMatchObject({
      response_type: 'code',
      code_challenge_method: 'S256',
      redirect_uri: `${TEST_ORIGIN}/oauth/callback`,
      locale: 'en_US',
    });
    expect(login.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('preflight refuses open redirects: redir to another site, callback on another origin', async () => {
    for (const [redir, callback] of [
      ['//evil.example/x', `${TEST_ORIGIN}/oauth/callback`],
      ['https://evil.example/', `${TEST_ORIGIN}/oauth/callback`],
      ['/photos', 'https://evil.example/oauth/callback'],
      ['/photos', `${TEST_ORIGIN}/somewhere-else`],
      ['/photos', `${TEST_ORIGIN}/oauth/callback?next=https://evil.example`],
    ] as const) {
      const query = new URLSearchParams({
        redir,
        locale: 'en_US',
        code_challenge: 'x'.repeat(43),
        oauth_redirect_uri: callback,
        device_id: crypto.randomUUID(),
        device_name: 'Trove Web',
      });
      const response = await t.app.inject({ url: `/idp/preflight?${query.toString()}` });
      expect(response.statusCode, `${redir} ${callback}`).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'invalid_redirect' } });
    }
  });

  it('preflight ignores the Host header: a callback on the claimed host is refused', async () => {
    const query = new URLSearchParams({
      redir: '/photos',
      locale: 'en_US',
      code_challenge: 'x'.repeat(43),
      oauth_redirect_uri: 'http://evil.example/oauth/callback',
      device_id: crypto.randomUUID(),
      device_name: 'Trove Web',
    });
    const response = await t.app.inject({
      url: `/idp/preflight?${query.toString()}`,
      headers: { host: 'evil.example' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'invalid_redirect' } });
    // Whoever opened the server under an unconfigured address learns what to set.
    expect(response.json<{ error: { message: string } }>().error.message).toContain('TRUSTED_ORIGINS');
  });

  it('preflight on a foreign Host still sends the browser to a configured origin', async () => {
    const login = await startLogin(t.app, { headers: { host: 'evil.example' } });
    expect(login.body.authorization_url).toBe(`${TEST_ORIGIN}/signin`);
  });

  it('trusted origins from configuration are accepted as callbacks', async () => {
    const other = await createTestApp(dialect, { env: { TRUSTED_ORIGINS: 'https://photos.example.no' } });
    try {
      const query = new URLSearchParams({
        redir: '/photos',
        locale: 'nb_NO',
        code_challenge: 'x'.repeat(43),
        oauth_redirect_uri: 'https://photos.example.no/oauth/callback',
        device_id: crypto.randomUUID(),
        device_name: 'Trove Nettleser',
      });
      const response = await other.app.inject({ url: `/idp/preflight?${query.toString()}` });
      expect(response.statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('sign-up, code and verifier give a token that works on the app host', async () => {
    const session = await signUp(t.app, { name: 'Grace' });
    const info = await t.app.inject({ url: `/st/4/account_info?${session.query}`, headers: session.headers });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ name: 'Grace', logged_in_as: session.email });
  });

  it('the sign-in page info needs the browser that started the login', async () => {
    const login = await startLogin(t.app, { deviceName: 'Trove Web' });
    const own = await t.app.inject({
      url: `/idp/request?state=${login.state}`,
      headers: { cookie: login.cookie },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ screen: 'signin', local_accounts: true, locale: 'en_US' });
    const stranger = await t.app.inject({ url: `/idp/request?state=${login.state}` });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toMatchObject({ error: { code: 'invalid_grant' } });
  });

  it('a code is single-use, needs the right verifier and the same browser', async () => {
    const login = await startLogin(t.app);
    const signed = await t.app.inject({
      method: 'POST',
      url: '/idp/sign-up',
      headers: { cookie: login.cookie },
      payload: signUpBody(login.state, 'single-use@example.com'),
    });
    expect(signed.statusCode).toBe(200);
    const { code, state } = codeFrom(signed.json<{ redirect_to: string }>().redirect_to);
    expect(state).toBe(login.state);
    const exchange = (verifier: string, cookie = login.cookie) =>
      t.app.inject({
        method: 'POST',
        url: '/idp/token',
        headers: { cookie },
        payload: { code, state, code_verifier: verifier },
      });
    expect((await exchange('w'.repeat(43))).statusCode).toBe(400);
    const otherBrowser = await startLogin(t.app);
    expect((await exchange(login.verifier, otherBrowser.cookie)).statusCode).toBe(400);
    const good = await exchange(login.verifier);
    expect(good.statusCode).toBe(200);
    expect(good.json()).toMatchObject({ redir: '/photos' });
    const again = await exchange(login.verifier);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: { code: 'invalid_grant' } });
  });

  it('a code expires after a minute', async () => {
    const login = await startLogin(t.app);
    const signed = await t.app.inject({
      method: 'POST',
      url: '/idp/sign-up',
      headers: { cookie: login.cookie },
      payload: signUpBody(login.state, 'slow@example.com'),
    });
    const { code, state } = codeFrom(signed.json<{ redirect_to: string }>().redirect_to);
    t.clock.advance(61_000);
    const late = await t.app.inject({
      method: 'POST',
      url: '/idp/token',
      headers: { cookie: login.cookie },
      payload: { code, state, code_verifier: login.verifier },
    });
    expect(late.statusCode).toBe(400);
  });

  it('a state is used for one sign-in only', async () => {
    const login = await startLogin(t.app);
    const first = await t.app.inject({
      method: 'POST',
      url: '/idp/sign-up',
      headers: { cookie: login.cookie },
      payload: signUpBody(login.state, 'once@example.com'),
    });
    expect(first.statusCode).toBe(200);
    const second = await t.app.inject({
      method: 'POST',
      url: '/idp/sign-in',
      headers: { cookie: login.cookie },
      payload: { state: login.state, email: 'once@example.com', password: 'a long enough password' },
    });
    expect(second.statusCode).toBe(400);
  });

  it('sign-in failures read the same for a wrong password and an unknown account', async () => {
    const user = await signUp(t.app);
    const attempt = async (email: string) => {
      const login = await startLogin(t.app);
      return t.app.inject({
        method: 'POST',
        url: '/idp/sign-in',
        headers: { cookie: login.cookie, 'x-forwarded-for': '10.0.0.1' },
        payload: { state: login.state, email, password: 'not the password' },
      });
    };
    const wrong = await attempt(user.email);
    const unknown = await attempt('nobody@example.com');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({ error: { code: 'invalid_grant', message: 'Wrong e-mail or password' } });
  });

  it('repeated failures slow the account down for a while, then it opens again', async () => {
    const user = await signUp(t.app);
    const attempt = async (password: string) => {
      const login = await startLogin(t.app);
      return t.app.inject({
        method: 'POST',
        url: '/idp/sign-in',
        headers: { cookie: login.cookie },
        payload: { state: login.state, email: user.email, password },
      });
    };
    for (let i = 0; i < 5; i++) expect((await attempt('wrong password')).statusCode).toBe(401);
    const locked = await attempt(user.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    t.clock.advance(16 * 60_000);
    expect((await attempt(user.password)).statusCode).toBe(200);
  });

  it('sign-up refuses a taken address and weak input with clear errors', async () => {
    const user = await signUp(t.app);
    const login = await startLogin(t.app);
    const taken = await t.app.inject({
      method: 'POST',
      url: '/idp/sign-up',
      headers: { cookie: login.cookie },
      payload: signUpBody(login.state, user.email.toUpperCase()),
    });
    expect(taken.statusCode).toBe(409);
    const weak = await t.app.inject({
      method: 'POST',
      url: '/idp/sign-up',
      headers: { cookie: login.cookie },
      payload: { state: login.state, name: '', email: 'not-an-email', password: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    const paths = weak.json<{ error: { issues: { path: string }[] } }>().error.issues.map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['name', 'email', 'password']));
  });

  it('logging in again on the same device replaces that device session', async () => {
    const first = await signUp(t.app);
    const again = await (
      await import('../test/harness.ts')
    ).signIn(t.app, {
      email: first.email,
      password: first.password,
      deviceId: first.deviceId,
    });
    const old = await t.app.inject({ url: `/st/4/account_info?${first.query}`, headers: first.headers });
    expect(old.statusCode).toBe(401);
    const fresh = await t.app.inject({ url: `/st/4/account_info?${again.query}`, headers: again.headers });
    expect(fresh.statusCode).toBe(200);
  });
});
