import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_KEYS } from '@trove/contract';
import {
  DIALECTS,
  clientAuth,
  createTestApp,
  signUp,
  type Session,
  type TestApp,
} from '../../test/harness.ts';

const FILE = '7e1f0a3c-2b4d-4c8e-8f9a-1d2c3b4a5e6f';
const CONSENTS = '/st/4/data_protection/consent_values';
const EVENTS = '/st/4/user_statistics_events';

describe.each(DIALECTS)('privacy routes (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const setConsent = (s: Session, key: string, value: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `${CONSENTS}?${s.query}`,
      headers: s.headers,
      payload: { key, value },
    });
  const postEvents = (s: Session, events: unknown[]) =>
    t.app.inject({ method: 'POST', url: `${EVENTS}?${s.query}`, headers: s.headers, payload: { events } });
  const storedEvents = (userId: string) =>
    t.database.db
      .selectFrom('user_statistics_events')
      .select(['name', 'path', 'props', 'client_time', 'created_at'])
      .where('user_id', '=', userId)
      .execute();

  it('GET consent_values answers every key of spec 001, all off for a new account', async () => {
    const user = await signUp(t.app);
    const response = await t.app.inject({ url: `${CONSENTS}?${user.query}`, headers: user.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ consents: CONSENT_KEYS.map((key) => ({ key, value: false })) });
  });

  it('POST consent_values sets one key, answers all of them, and only for the caller', async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    const response = await setConsent(user, 'face_grouping', true);
    expect(response.statusCode).toBe(200);
    const consents = response.json<{ consents: { key: string; value: boolean }[] }>().consents;
    expect(consents.filter((c) => c.value)).toEqual([{ key: 'face_grouping', value: true }]);
    expect(consents).toHaveLength(CONSENT_KEYS.length);
    expect((await setConsent(user, 'face_grouping', false)).json()).toEqual({
      consents: CONSENT_KEYS.map((key) => ({ key, value: false })),
    });
    await setConsent(user, 'stay_up_to_date__sms', true);
    const others = await t.app.inject({ url: `${CONSENTS}?${other.query}`, headers: other.headers });
    expect(others.json<{ consents: { value: boolean }[] }>().consents.some((c) => c.value)).toBe(false);
  });

  it('POST consent_values refuses unknown keys and non-boolean values', async () => {
    const user = await signUp(t.app);
    const unknown = await setConsent(user, 'sell_my_data', true);
    expect(unknown.statusCode).toBe(400);
    const { error } = unknown.json<{
      error: { code: string; issues: { path: string; message: string }[] };
    }>();
    expect(error.code).toBe('validation_failed');
    expect(error.issues).toEqual([
      { path: 'key', message: `Unknown consent key; expected one of ${CONSENT_KEYS.join(', ')}` },
    ]);
    expect((await setConsent(user, 'help_us_improve', 'yes')).statusCode).toBe(400);
  });

  it('every privacy call denies without a valid token, like every other call', async () => {
    const user = await signUp(t.app);
    const calls = [
      { method: 'GET' as const, url: CONSENTS },
      { method: 'POST' as const, url: CONSENTS, payload: { key: 'help_us_improve', value: true } },
      { method: 'POST' as const, url: EVENTS, payload: { events: [{ name: 'page_view' }] } },
      { method: 'GET' as const, url: '/st/4/account_info' },
    ];
    const bodies = new Set<string>();
    for (const call of calls) {
      for (const headers of [{}, clientAuth('not-a-token', user.deviceId).headers]) {
        const response = await t.app.inject({ ...call, url: `${call.url}?${user.query}`, headers });
        expect(response.statusCode).toBe(401);
        bodies.add(response.body);
      }
    }
    expect(bodies.size).toBe(1);
    expect(await storedEvents(user.userId)).toEqual([]);
  });

  it('POST user_statistics_events drops events without help_us_improve and stores them with it', async () => {
    const user = await signUp(t.app);
    const event = {
      name: 'unsupported_media',
      props: { extension: 'heic', type: 'Pictures' },
      time: 1_700_000_000_000,
    };
    const dropped = await postEvents(user, [event]);
    expect(dropped.statusCode).toBe(200);
    expect(dropped.json()).toEqual({ accepted: 0 });
    expect(await storedEvents(user.userId)).toEqual([]);

    await setConsent(user, 'help_us_improve', true);
    const kept = await postEvents(user, [{ ...event, path: `/photos/${FILE}?x=1` }, { name: 'page_view' }]);
    expect(kept.json()).toEqual({ accepted: 2 });
    const rows = await storedEvents(user.userId);
    expect(rows.map((r) => ({ ...r, props: JSON.parse(r.props) as unknown }))).toEqual(
      expect.arrayContaining([
        {
          name: 'unsupported_media',
          // spec 000 §2: the server scrubs ids from paths even if a client did not.
          path: '/photos/{fileId}',
          props: { extension: 'heic', type: 'Pictures' },
          client_time: 1_700_000_000_000,
          created_at: t.clock.now(),
        },
        { name: 'page_view', path: null, props: {}, client_time: null, created_at: t.clock.now() },
      ]),
    );
    expect(rows).toHaveLength(2);
  });

  it('withdrawing help_us_improve deletes the events stored under it, and only that user’s', async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    for (const s of [user, other]) {
      await setConsent(s, 'help_us_improve', true);
      await postEvents(s, [{ name: 'page_view' }]);
    }
    await setConsent(user, 'face_grouping', false);
    expect(await storedEvents(user.userId)).toHaveLength(1);
    await setConsent(user, 'help_us_improve', false);
    expect(await storedEvents(user.userId)).toEqual([]);
    expect(await storedEvents(other.userId)).toHaveLength(1);
    expect((await postEvents(user, [{ name: 'page_view' }])).json()).toEqual({ accepted: 0 });
  });

  it('POST user_statistics_events refuses malformed batches whole', async () => {
    const user = await signUp(t.app);
    await setConsent(user, 'help_us_improve', true);
    const bad: unknown[][] = [
      Array.from({ length: 51 }, () => ({ name: 'page_view' })),
      [{ name: 'Page View' }],
      [{ name: 'page_view', props: { nested: { a: 1 } } }],
      [{ name: 'page_view', props: { big: 'x'.repeat(2100) } }],
      [{ name: 'page_view' }, { path: '/photos' }],
    ];
    for (const events of bad) {
      const response = await postEvents(user, events);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'validation_failed' } });
    }
    expect((await postEvents(user, [])).json()).toEqual({ accepted: 0 });
    expect(await storedEvents(user.userId)).toEqual([]);
  });
});
