import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody, OAUTH_CALLBACK_PATH } from '@trove/contract';
import {
  DIALECTS,
  TEST_ORIGIN,
  createTestApp,
  pkcePair,
  signUp,
  startLogin,
  type TestApp,
} from '../../test/harness.ts';

/** Account and device names refuse control characters on both databases (see [Note: Text from users]). */
describe.each(DIALECTS)('account and device names (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const refused = (response: { statusCode: number; json: () => unknown }) => {
    expect(response.statusCode).toBe(400);
    expect(ErrorBody.parse(response.json()).error.code).toBe('validation_failed');
  };

  it('POST /name refuses a name with a NUL or a line break, and keeps the old one', async () => {
    const user = await signUp(t.app, { name: 'Ada' });
    for (const name of ['Ada\u0000', 'Ada\nLovelace']) {
      refused(
        await t.app.inject({
          method: 'POST',
          url: `/st/4/name?${user.query}`,
          headers: user.headers,
          payload: { name },
        }),
      );
    }
    const info = await t.app.inject({ url: `/st/4/account_info?${user.query}`, headers: user.headers });
    expect(info.json()).toMatchObject({ name: 'Ada' });
  });

  it('sign-up refuses such a name, and the preflight such a device name', async () => {
    const login = await startLogin(t.app);
    refused(
      await t.app.inject({
        method: 'POST',
        url: '/idp/sign-up',
        headers: { cookie: login.cookie },
        payload: {
          state: login.state,
          name: 'Ada\u0000',
          email: 'nul@example.com',
          password: 'correct horse battery',
        },
      }),
    );
    const query = new URLSearchParams({
      redir: '/photos',
      locale: 'en_US',
      code_challenge: pkcePair().challenge,
      oauth_redirect_uri: TEST_ORIGIN + OAUTH_CALLBACK_PATH,
      device_id: crypto.randomUUID(),
      device_name: 'Phone\u0000',
    });
    refused(await t.app.inject({ url: `/idp/preflight?${query.toString()}` }));
  });
});
