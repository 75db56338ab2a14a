import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_CRASH_EVENT } from '@trove/contract';
import {
  DIALECTS,
  clientAuth,
  createTestApp,
  signUp,
  type Session,
  type TestApp,
} from '../../test/harness.ts';

const FILE = '7e1f0a3c-2b4d-4c8e-8f9a-1d2c3b4a5e6f';
const ERRORS = '/st/4/client_errors';
const REPORT = {
  name: 'TypeError',
  message: "Cannot read properties of undefined (reading 'id')",
  stack: 'TypeError: Cannot read properties of undefined\n    at Timeline (timeline.js:1:2)',
  path: `/photos/${FILE}?albumIDB64=secret`,
  client_version: '1.2.3300.6',
  time: 1_700_000_000_000,
};

/** POST /client_errors (spec 001 §8 "App crash shows fallback and is reported"). */
describe.each(DIALECTS)('client error reports (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const report = (s: Session, payload: object, headers: Record<string, string> = s.headers) =>
    t.app.inject({ method: 'POST', url: `${ERRORS}?${s.query}`, headers, payload });
  const improve = (s: Session, value: boolean) =>
    t.app.inject({
      method: 'POST',
      url: `/st/4/data_protection/consent_values?${s.query}`,
      headers: s.headers,
      payload: { key: 'help_us_improve', value },
    });
  const stored = (userId: string) =>
    t.database.db
      .selectFrom('user_statistics_events')
      .select(['name', 'path', 'props', 'client_time'])
      .where('user_id', '=', userId)
      .execute();

  it('keeps a report only while help_us_improve holds, ids and query scrubbed from its path', async () => {
    const user = await signUp(t.app);
    const dropped = await report(user, REPORT);
    expect(dropped.statusCode).toBe(200);
    expect(dropped.json()).toEqual({ accepted: false });
    expect(await stored(user.userId)).toEqual([]);

    await improve(user, true);
    const kept = await report(user, REPORT);
    expect(kept.json()).toEqual({ accepted: true });
    const rows = await stored(user.userId);
    expect(rows.map((row) => ({ ...row, props: JSON.parse(row.props) as unknown }))).toEqual([
      {
        name: CLIENT_CRASH_EVENT,
        path: '/photos/{fileId}',
        props: {
          name: REPORT.name,
          message: REPORT.message,
          stack: REPORT.stack,
          client_version: '1.2.3300.6',
        },
        client_time: REPORT.time,
      },
    ]);

    // Withdrawing the consent takes what was kept under it.
    await improve(user, false);
    expect(await stored(user.userId)).toEqual([]);
  });

  it('denies without a valid token and stores nothing', async () => {
    const user = await signUp(t.app);
    await improve(user, true);
    for (const headers of [{}, clientAuth('not-a-token', user.deviceId).headers]) {
      expect((await report(user, REPORT, headers)).statusCode).toBe(401);
    }
    expect(await stored(user.userId)).toEqual([]);
  });

  it('refuses a malformed report', async () => {
    const user = await signUp(t.app);
    await improve(user, true);
    expect((await report(user, { ...REPORT, message: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await report(user, { ...REPORT, time: undefined })).statusCode).toBe(400);
    expect(await stored(user.userId)).toEqual([]);
  });
});
