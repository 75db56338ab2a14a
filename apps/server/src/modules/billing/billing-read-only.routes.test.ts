import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandLineActor } from '../operator/actor.ts';
import { createRepositories, createTransact } from '../repositories.ts';
import { createTestApp, DIALECTS, type Session, type TestApp } from '../../test/harness.ts';
import { BILLING_ENV, call, customerWithCard, purchase } from './billing.test-support.ts';
import { createGrantWrites } from './grants.service.ts';

const DAY = 86_400_000;
const GB = 1024 ** 3;

/**
 * Read-only from billing (issue #25, spec 001 §1, §4, §6): a plan that ends unpaid (past_due
 * through the grace period, then canceled) while more is stored than the quota makes the
 * account read-only; usage back under the quota or a new plan clears it; the operator's flag
 * stays the operator's.
 */
describe.each(DIALECTS)('read-only from billing (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { ...BILLING_ENV, BILLING_GRACE_DAYS: '14' } });
  });
  afterAll(async () => {
    await t.close();
  });

  const readOnly = async (s: Session) =>
    (await t.app.inject({ url: `/st/4/account_info?${s.query}`, headers: s.headers })).json<{
      is_read_only_user: boolean;
    }>().is_read_only_user;
  const setUsed = (s: Session, bytes: number) =>
    t.database.db.updateTable('users').set({ used_space: bytes }).where('id', '=', s.userId).execute();
  const advance = async (s: Session, ms: number) => {
    expect(
      (await call(t, s, 'POST', '/test/sandbox/clock', { payload: { advance_ms: ms } })).statusCode,
    ).toBe(200);
  };
  const status = async (s: Session) =>
    (
      await t.database.db
        .selectFrom('billing_subscriptions')
        .select('status')
        .where('user_id', '=', s.userId)
        .executeTakeFirstOrThrow()
    ).status;

  it('sets it once an unpaid plan ends over the quota, and clears it when usage is back under', async () => {
    // A card whose charges all fail: the trial is free, its end is not paid.
    const s = await customerWithCard(t, '4000000000000341');
    await purchase(t, s, 'POST', 'intl-100gb-monthly');
    await setUsed(s, t.config.BASE_QUOTA_BYTES + 50 * GB);
    await advance(s, 32 * DAY);
    expect(await status(s)).toBe('past_due');
    expect(await readOnly(s)).toBe(false);
    await advance(s, 15 * DAY);
    expect(await status(s)).toBe('canceled');
    expect(await readOnly(s)).toBe(true);
    // An operator's flag set and revoked meanwhile leaves billing's in place.
    const writes = createGrantWrites({
      grants: createRepositories(t.database.db).grants,
      transact: createTransact(t.database.db),
      baseQuotaBytes: t.config.BASE_QUOTA_BYTES,
      now: t.clock.now,
    });
    await writes.setReadOnly(commandLineActor('root'), s.userId, true);
    await writes.setReadOnly(commandLineActor('root'), s.userId, false);
    expect(await readOnly(s)).toBe(true);
    await setUsed(s, 1);
    await t.app.billing.reconcile();
    expect(await readOnly(s)).toBe(false);
  });

  it('never sets it for a plan canceled by the user, nor under the quota', async () => {
    const s = await customerWithCard(t);
    await purchase(t, s, 'POST', 'intl-100gb-monthly');
    const [sub] = (await call(t, s, 'GET', '/stripe/subscriptions')).json<{
      subscriptions: { subscriptionId: string }[];
    }>().subscriptions;
    await call(t, s, 'POST', `/stripe/subscriptions/${sub?.subscriptionId ?? ''}/cancel`);
    await setUsed(s, t.config.BASE_QUOTA_BYTES + 50 * GB);
    await advance(s, 40 * DAY);
    expect(await status(s)).toBe('canceled');
    expect(await readOnly(s)).toBe(false);
  });
});
