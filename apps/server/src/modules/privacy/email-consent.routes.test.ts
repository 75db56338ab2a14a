import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DIALECTS,
  clientAuth,
  createTestApp,
  signUp,
  type Session,
  type TestApp,
} from '../../test/harness.ts';

const CONSENTS = '/st/4/data_protection/consent_values';
const HISTORY = '/st/4/data_protection/consent_history';
const STATS = '/st/4/client_stats';
const EMAIL = '/user/email_consent';
const ONE_CLICK = '/user/email_consent/one_click';
const TEST_ID = '/st/4/test/email_consent_id';

describe.each(DIALECTS)('consent history, client stats and e-mail consent (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { TEST_ROUTES: 'true' } });
  });
  afterAll(async () => {
    await t.close();
  });

  const setConsent = (s: Session, key: string, value: boolean) =>
    t.app.inject({
      method: 'POST',
      url: `${CONSENTS}?${s.query}`,
      headers: s.headers,
      payload: { key, value },
    });
  const emailConsentId = async (s: Session) => {
    const response = await t.app.inject({ method: 'POST', url: `${TEST_ID}?${s.query}`, headers: s.headers });
    expect(response.statusCode).toBe(200);
    return response.json<{ email_consent_identifier: string }>().email_consent_identifier;
  };
  const emailConsentOf = async (s: Session) => {
    const response = await t.app.inject({ url: `${CONSENTS}?${s.query}`, headers: s.headers });
    return response
      .json<{ consents: { key: string; value: boolean }[] }>()
      .consents.find((c) => c.key === 'stay_up_to_date__email')?.value;
  };
  const history = async (s: Session) =>
    (await t.app.inject({ url: `${HISTORY}?${s.query}`, headers: s.headers })).json<{
      events: { key: string; value: boolean; source: string; at: number }[];
    }>().events;

  it('keeps every change as an event; the latest is the value; a repeat adds none', async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    await setConsent(user, 'face_grouping', true);
    t.clock.advance(1000);
    await setConsent(user, 'face_grouping', true);
    await setConsent(user, 'face_grouping', false);
    await setConsent(other, 'memories_do_not_exist', true);
    const at = t.clock.now();
    expect(await history(user)).toEqual([
      { key: 'face_grouping', value: true, source: 'settings', at: at - 1000 },
      { key: 'face_grouping', value: false, source: 'settings', at },
    ]);
    expect(await history(other)).toEqual([]);
    const denied = await t.app.inject({
      url: `${HISTORY}?${user.query}`,
      headers: clientAuth('nope', user.deviceId).headers,
    });
    expect(denied.statusCode).toBe(401);
  });

  it('client stats are kept only under help_us_improve and deleted when it is withdrawn', async () => {
    const user = await signUp(t.app);
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: `${STATS}?${user.query}`,
        headers: user.headers,
        payload: { stats: { screen_width: 390, touch: true } },
      });
    const stored = () =>
      t.database.db.selectFrom('client_stats').select(['stats']).where('user_id', '=', user.userId).execute();
    expect((await post()).json()).toEqual({ accepted: false });
    expect(await stored()).toEqual([]);
    await setConsent(user, 'help_us_improve', true);
    expect((await post()).json()).toEqual({ accepted: true });
    expect((await stored()).map((r) => JSON.parse(r.stats) as unknown)).toEqual([
      { screen_width: 390, touch: true },
    ]);
    await setConsent(user, 'help_us_improve', false);
    expect(await stored()).toEqual([]);
    const bad = await t.app.inject({
      method: 'POST',
      url: `${STATS}?${user.query}`,
      headers: user.headers,
      payload: { stats: { nested: { a: 1 } } },
    });
    expect(bad.statusCode).toBe(400);
    const denied = await t.app.inject({
      method: 'POST',
      url: `${STATS}?${user.query}`,
      payload: { stats: {} },
    });
    expect(denied.statusCode).toBe(401);
  });

  it('the identifier is opaque: it names no user id, and a changed one opens nothing', async () => {
    const user = await signUp(t.app);
    const id = await emailConsentId(user);
    expect(id).not.toContain(user.userId);
    expect(Buffer.from(id.split('.')[1] ?? '', 'base64url').toString('latin1')).not.toContain(user.userId);
    const flipped = id.slice(0, -2) + (id.endsWith('A') ? 'B' : 'A') + id.slice(-1);
    for (const bad of [flipped, `2.${id.slice(2)}`, user.userId.padEnd(20, '0')]) {
      const response = await t.app.inject({
        url: `${EMAIL}?email_consent_identifier=${encodeURIComponent(bad)}`,
      });
      expect(response.statusCode, bad).toBe(404);
      const posted = await t.app.inject({
        method: 'POST',
        url: EMAIL,
        payload: { email_consent_identifier: bad, email_consent: false },
      });
      expect(posted.statusCode).toBe(404);
    }
  });

  it('GET reads, POST changes: the page, the privacy page and one-click share one consent', async () => {
    const user = await signUp(t.app);
    await setConsent(user, 'stay_up_to_date__email', true);
    const id = await emailConsentId(user);
    const q = `email_consent_identifier=${encodeURIComponent(id)}`;
    // Link scanners follow GETs: neither GET changes anything.
    expect((await t.app.inject({ url: `${EMAIL}?${q}` })).json()).toEqual({ email_consent: true });
    const page = await t.app.inject({ url: `${ONE_CLICK}?id=${encodeURIComponent(id)}` });
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe(`/settings/unsubscribe?id=${encodeURIComponent(id)}`);
    expect(await emailConsentOf(user)).toBe(true);

    const off = await t.app.inject({
      method: 'POST',
      url: EMAIL,
      payload: { email_consent_identifier: id, email_consent: false },
    });
    expect(off.json()).toEqual({ email_consent: false });
    expect(await emailConsentOf(user)).toBe(false);
    // The identifier travels with every forwarded e-mail: it can only unsubscribe. Opting in
    // again is the signed-in privacy page's.
    const on = await t.app.inject({
      method: 'POST',
      url: EMAIL,
      payload: { email_consent_identifier: id, email_consent: true },
    });
    expect(on.statusCode).toBe(400);
    expect(await emailConsentOf(user)).toBe(false);
    await setConsent(user, 'stay_up_to_date__email', true);

    // RFC 8058 §3.1: a POST with the form body List-Unsubscribe=One-Click unsubscribes.
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `${ONE_CLICK}?id=${encodeURIComponent(id)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(await emailConsentOf(user)).toBe(false);
    expect((await history(user)).map((e) => [e.value, e.source])).toEqual([
      [true, 'settings'],
      [false, 'email_consent'],
      [true, 'settings'],
      [false, 'one_click'],
    ]);
    // RFC 8058 §3.2: the body SHOULD come as multipart/form-data; a forged id opens nothing.
    await setConsent(user, 'stay_up_to_date__email', true);
    const boundary = 'one-click-boundary';
    const multipart = (target: string) =>
      t.app.inject({
        method: 'POST',
        url: `${ONE_CLICK}?id=${encodeURIComponent(target)}`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
      });
    const forged = await multipart(`${id.slice(0, -4)}AAAA`);
    expect(forged.statusCode).toBe(404);
    expect(await emailConsentOf(user)).toBe(true);
    const viaMultipart = await multipart(id);
    expect(viaMultipart.statusCode, viaMultipart.body).toBe(200);
    expect(await emailConsentOf(user)).toBe(false);
    const wrongBody = await t.app.inject({
      method: 'POST',
      url: `${ONE_CLICK}?id=${encodeURIComponent(id)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=Other',
    });
    expect(wrongBody.statusCode).toBe(400);
  });

  it('an identifier of a deleted account opens nothing', async () => {
    const user = await signUp(t.app);
    const id = await emailConsentId(user);
    await t.database.db.deleteFrom('sessions').where('user_id', '=', user.userId).execute();
    await t.database.db.deleteFrom('jobs').where('owner_id', '=', user.userId).execute();
    await t.database.db.deleteFrom('users').where('id', '=', user.userId).execute();
    const response = await t.app.inject({
      method: 'POST',
      url: EMAIL,
      payload: { email_consent_identifier: id, email_consent: false },
    });
    expect(response.statusCode).toBe(404);
    const read = await t.app.inject({ url: `${EMAIL}?email_consent_identifier=${encodeURIComponent(id)}` });
    expect(read.statusCode).toBe(404);
  });
});

describe('the test-only call exists only with TEST_ROUTES', () => {
  it('answers 404 on a server without it', async () => {
    const t = await createTestApp('sqlite');
    try {
      const user = await signUp(t.app);
      const response = await t.app.inject({
        method: 'POST',
        url: `${TEST_ID}?${user.query}`,
        headers: user.headers,
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
