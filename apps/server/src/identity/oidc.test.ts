import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAUTH_CALLBACK_PATH } from '@trove/contract';
import { buildApp } from '../app.ts';
import {
  DIALECTS,
  TEST_ORIGIN,
  clientAuth,
  codeFrom,
  createTestApp,
  signIn,
  signUp,
  startLogin,
  type TestApp,
} from '../test/harness.ts';
import {
  followProviderRedirects,
  startOidcProvider,
  type TestOidcAccount,
  type TestOidcProvider,
} from '../test/oidc-provider.ts';
import { pkceChallenge } from './crypto.ts';
import { OIDC_CALLBACK_PATH } from './idp.service.ts';
import { connectOidc } from './oidc.ts';

/** Where the provider sends the browser back: inject() requests arrive on TEST_ORIGIN. */
const CALLBACK_URL = TEST_ORIGIN + OIDC_CALLBACK_PATH;

function testAccount(name: string): TestOidcAccount {
  const id = randomUUID();
  return { sub: `sub-${id}`, email: `${name.toLowerCase()}-${id}@idp.example.com`, name };
}

describe.each(DIALECTS)('external OpenID Connect login (%s)', (dialect) => {
  let provider: TestOidcProvider;
  let t: TestApp;

  beforeAll(async () => {
    provider = await startOidcProvider({ redirectUris: [CALLBACK_URL] });
    const oidc = await connect();
    t = await createTestApp(dialect, { env: { LOGIN_HOST: TEST_ORIGIN }, deps: { oidc } });
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  /** Our client of the test provider. */
  const connect = () =>
    connectOidc({
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      scopes: 'openid email profile',
      allowHttp: true,
    });

  /** Preflight, then the browser's trip through the provider up to our callback URL. */
  async function visitProvider(account: TestOidcAccount, prompt?: 'login') {
    const login = await startLogin(t.app, prompt ? { prompt } : {});
    const authorization = new URL(login.body.authorization_url);
    for (const [key, value] of Object.entries(login.body.authorization_params)) {
      authorization.searchParams.set(key, value);
    }
    provider.signInAs(account);
    const callback = await followProviderRedirects(authorization.toString(), provider.issuer);
    return { login, callback };
  }

  /** Requests our OIDC callback as the browser that started the login. */
  async function callBack(callback: URL, cookie: string) {
    expect(callback.origin + callback.pathname).toBe(CALLBACK_URL);
    const response = await t.app.inject({ url: callback.pathname + callback.search, headers: { cookie } });
    expect(response.statusCode).toBe(302);
    return response.headers.location ?? '';
  }

  /** The whole login: provider, callback, our one-time code exchanged for a token. */
  async function logInThroughProvider(account: TestOidcAccount, prompt?: 'login') {
    const { login, callback } = await visitProvider(account, prompt);
    const redirectTo = await callBack(callback, login.cookie);
    const { code, state } = codeFrom(redirectTo);
    expect(state).toBe(login.state);
    const exchanged = await t.app.inject({
      method: 'POST',
      url: '/idp/token',
      headers: { cookie: login.cookie },
      payload: { code, state, code_verifier: login.verifier },
    });
    expect(exchanged.statusCode).toBe(200);
    const { auth_token, user_uuid } = exchanged.json<{ auth_token: string; user_uuid: string }>();
    return {
      token: auth_token,
      userId: user_uuid,
      deviceId: login.deviceId,
      params: login.body.authorization_params,
    };
  }

  it('signs in through the provider: preflight, provider login, callback, token, account', async () => {
    const account = testAccount('Ada');
    const discovery = await fetch(`${provider.issuer}/.well-known/openid-configuration`);
    const { authorization_endpoint } = (await discovery.json()) as { authorization_endpoint: string };

    const { login, callback } = await visitProvider(account);
    expect(login.body.authorization_url).toBe(authorization_endpoint);
    expect(login.body.authorization_params).toMatchObject({
      client_id: 'trove',
      response_type: 'code',
      scope: 'openid email profile',
      redirect_uri: CALLBACK_URL,
      code_challenge_method: 'S256',
    });
    const params = login.body.authorization_params;
    expect(params.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.nonce).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    // Our own PKCE pair towards the provider, not the client's challenge passed on.
    expect(params.code_challenge).not.toBe(pkceChallenge(login.verifier));

    // The provider answers with its code, our state and its issuer (RFC 9207).
    expect(callback.searchParams.get('state')).toBe(login.state);
    expect(callback.searchParams.get('code')).toBeTruthy();
    expect(callback.searchParams.get('iss')).toBe(provider.issuer);

    const redirectTo = await callBack(callback, login.cookie);
    const target = new URL(redirectTo);
    expect(target.origin + target.pathname).toBe(TEST_ORIGIN + OAUTH_CALLBACK_PATH);
    const { code, state } = codeFrom(redirectTo);
    expect(state).toBe(login.state);
    expect(code).not.toBe(callback.searchParams.get('code'));

    const exchanged = await t.app.inject({
      method: 'POST',
      url: '/idp/token',
      headers: { cookie: login.cookie },
      payload: { code, state, code_verifier: login.verifier },
    });
    expect(exchanged.statusCode).toBe(200);
    const { auth_token } = exchanged.json<{ auth_token: string }>();
    const session = clientAuth(auth_token, login.deviceId);
    const info = await t.app.inject({ url: `/st/4/account_info?${session.query}`, headers: session.headers });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ name: 'Ada', logged_in_as: account.email });
  });

  it('asks the provider for a fresh login (prompt=login, max_age=0) and records when it happened', async () => {
    const account = testAccount('Fay');
    const first = await logInThroughProvider(account);
    expect(first.params.prompt).toBeUndefined();
    const again = await logInThroughProvider(account, 'login');
    expect(again.params).toMatchObject({ prompt: 'login', max_age: '0' });
    expect(again.userId).toBe(first.userId);
    const session = await t.database.db
      .selectFrom('sessions')
      .select('authenticated_at')
      .where('user_id', '=', first.userId)
      .where('device_id', '=', again.deviceId)
      .executeTakeFirstOrThrow();
    expect(session.authenticated_at).toBe(t.clock.now());
  });

  it('refuses a fresh login whose ID token does not say when the provider authenticated', async () => {
    // A provider that ignores prompt=login and max_age and leaves auth_time out: without it,
    // nothing shows that the password was asked again.
    const oidc = await connect();
    const forgetful = {
      ...oidc,
      finish: async (...args: Parameters<typeof oidc.finish>) => {
        const { authTime: _dropped, ...identity } = await oidc.finish(...args);
        return identity;
      },
    };
    const other = await createTestApp(dialect, {
      env: { LOGIN_HOST: TEST_ORIGIN },
      deps: { oidc: forgetful },
    });
    try {
      const account = testAccount('Hal');
      for (const [prompt, status] of [
        [undefined, 302],
        ['login', 302],
      ] as const) {
        const login = await startLogin(other.app, prompt ? { prompt } : {});
        const authorization = new URL(login.body.authorization_url);
        for (const [key, value] of Object.entries(login.body.authorization_params))
          authorization.searchParams.set(key, value);
        provider.signInAs(account);
        const callback = await followProviderRedirects(authorization.toString(), provider.issuer);
        const response = await other.app.inject({
          url: callback.pathname + callback.search,
          headers: { cookie: login.cookie },
        });
        expect(response.statusCode).toBe(status);
        // A plain login goes through; the fresh one comes back with an error, not a code.
        const location = new URL(response.headers.location ?? '', TEST_ORIGIN);
        expect(location.searchParams.has('code')).toBe(prompt === undefined);
      }
    } finally {
      await other.close();
    }
  });

  it('a second login of the same identity reaches the same account', async () => {
    const account = testAccount('Grace');
    const first = await logInThroughProvider(account);
    const second = await logInThroughProvider(account);
    expect(second.userId).toBe(first.userId);
    expect(second.token).not.toBe(first.token);
    for (const { token, deviceId } of [first, second]) {
      const session = clientAuth(token, deviceId);
      const info = await t.app.inject({
        url: `/st/4/account_info?${session.query}`,
        headers: session.headers,
      });
      expect(info.json()).toMatchObject({ uuid: first.userId, logged_in_as: account.email });
    }
  });

  it('does not take over a local account with the same e-mail address', async () => {
    // The local account is made by the built-in provider: the same database, no OIDC.
    const local = await buildApp({ config: t.config, database: t.database, now: t.clock.now, logger: false });
    try {
      const owner = await signUp(local, { name: 'Owner' });
      const account = { ...testAccount('Mallory'), email: owner.email };
      const { login, callback } = await visitProvider(account);
      expect(await callBack(callback, login.cookie)).toBe('/error/login_failed');
      // Nothing was handed out for that login, and the local account is unchanged.
      const exchanged = await t.app.inject({
        method: 'POST',
        url: '/idp/token',
        headers: { cookie: login.cookie },
        payload: { code: 'x'.repeat(43), state: login.state, code_verifier: login.verifier },
      });
      expect(exchanged.statusCode).toBe(400);
      const again = await signIn(local, owner);
      expect(again.userId).toBe(owner.userId);
      const info = await local.inject({ url: `/st/4/account_info?${again.query}`, headers: again.headers });
      expect(info.json()).toMatchObject({ name: 'Owner', logged_in_as: owner.email });
    } finally {
      await local.close();
    }
  });

  it('refuses a callback with a tampered or unknown state', async () => {
    const { login, callback } = await visitProvider(testAccount('Eve'));
    const tampered = new URL(callback);
    tampered.searchParams.set('state', `${login.state.slice(0, -1)}${login.state.endsWith('A') ? 'B' : 'A'}`);
    expect(await callBack(tampered, login.cookie)).toBe('/error/login_failed');
    const unknown = new URL(callback);
    unknown.searchParams.delete('state');
    expect(await callBack(unknown, login.cookie)).toBe('/error/login_failed');
    // Another browser cannot finish this login either.
    const stranger = await startLogin(t.app);
    expect(await callBack(callback, stranger.cookie)).toBe('/error/login_failed');
  });

  it('refuses password sign-in while an external provider is configured', async () => {
    const login = await startLogin(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/idp/sign-in',
      headers: { cookie: login.cookie },
      payload: { state: login.state, email: 'someone@example.com', password: 'a long enough password' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'invalid_grant' } });
  });
});
