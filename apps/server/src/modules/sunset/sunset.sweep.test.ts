import { createFreshLoginCheck } from '../../access/fresh-login.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountInfo } from '@trove/contract';
import { createInProcessEventBus } from '../../events/event-bus.ts';
import { createOutboxMailer } from '../../mail/outbox-mailer.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { DIALECTS, createTestApp, signIn, signUp, type Session, type TestApp } from '../../test/harness.ts';
import { createChangeWriter } from '../changes/change-writer.ts';
import { createDeletionService } from '../deletion/deletion.service.ts';
import { deletionJobOf, outboxMessages, outboxOf, rowsNaming } from '../deletion/deletion.test-support.ts';
import { createRepositories } from '../repositories.ts';
import type { SunsetRepository } from './sunset.repository.ts';
import { createSunsetSweep } from './sunset.sweep.ts';

const DAY = 86_400_000;

/**
 * Sunset deletion ([Note: Sunset deletion]) on a controllable clock: off by default; an
 * account unused for the period is marked when its first warning is due, each warning goes
 * once, any sign-in (or use) clears the date, and on the date the account deletion job
 * removes the account and confirms it.
 */
describe.each(DIALECTS)('sunset deletion (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { SUNSET_INACTIVE_DAYS: '365', SUNSET_WARNING_DAYS: '7,30' } });
    // The first account is the operator, never marked: the others are the ones under test.
    await signUp(t.app, { name: 'Operator' });
  });
  afterAll(async () => {
    await t.close();
  });

  const sweepOf = (extra: { mailer?: Mailer; inactiveDays?: number; sunset?: SunsetRepository } = {}) =>
    createSunsetSweep({
      repos: { sunset: extra.sunset ?? createRepositories(t.database.db).sunset },
      mailer: extra.mailer ?? createOutboxMailer({ dir: outboxOf(t), from: t.config.MAIL_FROM }),
      deletion: createDeletionService({
        repos: createRepositories(t.database.db),
        changeWriter: createChangeWriter({
          db: t.database.db,
          bind: createRepositories,
          bus: createInProcessEventBus(),
        }),
        revocations: { announce: () => Promise.resolve() },
        bus: createInProcessEventBus(),
        graceDays: t.config.ACCOUNT_DELETION_GRACE_DAYS,
        freshLogin: createFreshLoginCheck({ windowS: t.config.FRESH_LOGIN_WINDOW_S, now: t.clock.now }),
        now: t.clock.now,
      }),
      inactiveDays: extra.inactiveDays ?? t.config.SUNSET_INACTIVE_DAYS,
      warningDays: t.config.SUNSET_WARNING_DAYS,
      now: t.clock.now,
      log: () => undefined,
    });
  const userRow = (id: string) =>
    t.database.db
      .selectFrom('users')
      .select(['sunset_delete_date', 'sunset_warnings'])
      .where('id', '=', id)
      .executeTakeFirst();
  const leaving = async (id: string) =>
    (await t.database.db
      .selectFrom('account_deletions')
      .select('user_id')
      .where('user_id', '=', id)
      .executeTakeFirst()) !== undefined;
  const warningsTo = (email: string) =>
    outboxMessages(t).filter((m) => m.includes(email) && /will be deleted on/.test(m)).length;
  const accountInfo = async (s: Session) => {
    const r = await t.app.inject({ method: 'GET', url: `/st/4/account_info?${s.query}`, headers: s.headers });
    expect(r.statusCode, r.body).toBe(200);
    return r.json<AccountInfo>();
  };

  it('is off by default: a sweep without a period marks nobody', async () => {
    expect(t.config.SUNSET_WARNING_DAYS).toEqual([30, 7]);
    const ann = await signUp(t.app);
    t.clock.advance(1000 * DAY);
    expect(await sweepOf({ inactiveDays: 0 }).run()).toEqual({
      cleared: 0,
      marked: 0,
      warned: 0,
      deleted: 0,
    });
    expect((await userRow(ann.userId))?.sunset_delete_date).toBeNull();
    // Used again: out of the way of the next tests.
    await accountInfo(ann);
  });

  it('marks, warns each time once, and deletes on the date; the confirmation follows', async () => {
    const bo = await signUp(t.app, { name: 'Bo' });
    const created = t.clock.now();
    t.clock.advance(335 * DAY - 1000);
    await sweepOf().run();
    expect((await userRow(bo.userId))?.sunset_delete_date).toBeNull();

    t.clock.advance(1000);
    const first = await sweepOf().run();
    expect(first.warned).toBeGreaterThanOrEqual(1);
    expect(await userRow(bo.userId)).toEqual({ sunset_delete_date: created + 365 * DAY, sunset_warnings: 1 });
    expect(warningsTo(bo.email)).toBe(1);
    await sweepOf().run();
    expect(warningsTo(bo.email)).toBe(1);

    t.clock.advance(23 * DAY);
    await sweepOf().run();
    await sweepOf().run();
    expect(warningsTo(bo.email)).toBe(2);
    expect((await userRow(bo.userId))?.sunset_warnings).toBe(2);

    t.clock.advance(7 * DAY - 1000);
    await sweepOf().run();
    expect(await leaving(bo.userId)).toBe(false);
    t.clock.advance(1000);
    await sweepOf().run();
    expect(await leaving(bo.userId)).toBe(true);
    // The deletion's own job, at once (no grace: the warnings were the notice).
    await deletionJobOf(t).run(bo.userId);
    expect((await rowsNaming(t, bo.userId)).users).toBe(0);
    expect(outboxMessages(t).filter((m) => m.includes(bo.email) && /has been deleted/.test(m))).toHaveLength(
      1,
    );
  });

  it('shows the date in account_info; using the account or signing in clears it', async () => {
    const cy = await signUp(t.app, { name: 'Cy' });
    t.clock.advance(340 * DAY);
    await sweepOf().run();
    const date = (await userRow(cy.userId))?.sunset_delete_date;
    expect(date).not.toBeNull();
    // Reading it is a use of the session: the next sweep clears the date.
    expect((await accountInfo(cy)).sunset_delete_date).toBe(Math.floor((date ?? 0) / 1000));
    expect((await sweepOf().run()).cleared).toBe(1);
    expect(await userRow(cy.userId)).toEqual({ sunset_delete_date: null, sunset_warnings: 0 });

    t.clock.advance(340 * DAY);
    await sweepOf().run();
    expect((await userRow(cy.userId))?.sunset_warnings).toBe(1);
    await signIn(t.app, cy);
    expect(await userRow(cy.userId)).toEqual({ sunset_delete_date: null, sunset_warnings: 0 });
  });

  it('a failed warning is not counted and goes at the next sweep; the deletion waits for it', async () => {
    const di = await signUp(t.app, { name: 'Di' });
    t.clock.advance(400 * DAY);
    const failing: Mailer = {
      delivery: 'outbox',
      send: () => Promise.reject(new Error('smtp down')),
      close: () => Promise.resolve(),
    };
    await sweepOf({ mailer: failing }).run();
    const row = await userRow(di.userId);
    // Never sooner than the longest lead from the day it was marked.
    expect(row).toEqual({ sunset_delete_date: t.clock.now() + 30 * DAY, sunset_warnings: 0 });
    t.clock.advance(31 * DAY);
    // Past the date but unwarned: one warning now, which moves the date to the shortest lead
    // from today (a late warning still gives that much notice); the deletion not yet.
    await sweepOf().run();
    expect(await leaving(di.userId)).toBe(false);
    expect(warningsTo(di.email)).toBe(1);
    expect(await userRow(di.userId)).toEqual({
      sunset_delete_date: t.clock.now() + 7 * DAY,
      sunset_warnings: 2,
    });
    await sweepOf().run();
    expect(await leaving(di.userId)).toBe(false);
    t.clock.advance(7 * DAY);
    await sweepOf().run();
    expect(await leaving(di.userId)).toBe(true);
  });

  it('an account marked and then disabled, or made an operator, is neither warned again nor deleted', async () => {
    const ed = await signUp(t.app, { name: 'Ed' });
    const fay = await signUp(t.app, { name: 'Fay' });
    t.clock.advance(340 * DAY);
    await sweepOf().run();
    expect((await userRow(ed.userId))?.sunset_warnings).toBe(1);
    expect((await userRow(fay.userId))?.sunset_warnings).toBe(1);
    const repos = createRepositories(t.database.db);
    await repos.operator.setDisabled(ed.userId, t.clock.now());
    await repos.operator.setOperator(fay.userId, true);
    await sweepOf().run();
    expect(await userRow(ed.userId)).toEqual({ sunset_delete_date: null, sunset_warnings: 0 });
    expect(await userRow(fay.userId)).toEqual({ sunset_delete_date: null, sunset_warnings: 0 });
    t.clock.advance(60 * DAY);
    await sweepOf().run();
    expect(warningsTo(ed.email)).toBe(1);
    expect(warningsTo(fay.email)).toBe(1);
    expect(await leaving(ed.userId)).toBe(false);
    expect(await leaving(fay.userId)).toBe(false);
  });

  it('a use after the sweep read its page, before the deletion, keeps the account', async () => {
    const gus = await signUp(t.app, { name: 'Gus' });
    t.clock.advance(400 * DAY);
    await sweepOf().run();
    t.clock.advance(31 * DAY);
    await sweepOf().run();
    t.clock.advance(7 * DAY);
    expect((await userRow(gus.userId))?.sunset_warnings).toBe(2);
    // The page is read; then, while the e-mails of the accounts ahead of it go, Gus uses his
    // session: the deletion, asked about his account again in its own transaction, refuses.
    const repos = createRepositories(t.database.db);
    const sweep = sweepOf({
      sunset: {
        ...repos.sunset,
        listMarked: async (...args) => {
          const page = await repos.sunset.listMarked(...args);
          if (page.some((a) => a.id === gus.userId)) await accountInfo(gus);
          return page;
        },
      },
    });
    expect((await sweep.run()).deleted).toBe(0);
    expect(await leaving(gus.userId)).toBe(false);
    // The next sweep sees the use and clears the date.
    await sweepOf().run();
    expect(await userRow(gus.userId)).toEqual({ sunset_delete_date: null, sunset_warnings: 0 });
  });
});
