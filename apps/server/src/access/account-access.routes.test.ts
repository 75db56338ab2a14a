import { randomBytes, randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGrantWrites } from '../modules/billing/grants.service.ts';
import { createRepositories, createTransact } from '../modules/repositories.ts';
import { DIALECTS, clientAuth, createTestApp, signUp, type Session, type TestApp } from '../test/harness.ts';
import { randomAddress, registeredRoutes } from './access-matrix.test-support.ts';
import { ACCOUNT_ROUTE_RULES, mayOnAccount, type AccountWho } from './access-oracle.test-data.ts';
import {
  ACCOUNT_ROUTES,
  OPEN_ROUTES,
  type AccountInput,
  type AccountRoute,
  type Prepared,
  type RouteRequest,
} from './route-actions.test-data.ts';

/*
 * [Note: Operators] as a matrix: every route of the account side (issue #24: the admin area,
 * the terms and the cards) for an operator, a subscriber, a read-only user, a caller without
 * a token and one with a bad token, about another account and about the caller's own, run
 * against the real app. What each cell should answer is the oracle's (ACCOUNT_ROUTE_RULES,
 * written apart from ACCOUNT_POLICY). An allowed call answers 2xx; a refused one answers
 * byte for byte what a route that does not exist answers, for a valid request and for an
 * invalid one alike (the refusal comes before the input is read), and changes nothing.
 */

const MAP_FILE = 'apps/server/src/access/route-actions.test-data.ts';
const ORACLE_FILE = 'apps/server/src/access/access-oracle.test-data.ts';
const VOLATILE_HEADERS = new Set(['date', 'x-request-id', 'request-id', 'x-response-time']);
const SIGNED_IN: readonly AccountWho[] = ['operator', 'subscriber', 'readOnlyUser'];

/**
 * The admin area and the caller's own plan and card (issue #25: every /st/4/stripe* call but
 * the provider's webhook, which takes no token) join the matrix by their path alone, so a new
 * one cannot be registered without a line here; the rest by their rule in the oracle.
 */
const isAccountSide = (route: string) =>
  / \/st\/4\/admin(\/|$)/.test(route) ||
  (/ \/st\/4\/stripe[/_]/.test(route) && !(route in OPEN_ROUTES)) ||
  route in ACCOUNT_ROUTE_RULES;

/** What a request names where nothing of the caller's own was prepared (a refused caller's). */
const placeholders = (): Prepared => ({
  subscription: `sub_${randomBytes(12).toString('hex')}`,
  setupIntent: `seti_${randomBytes(12).toString('hex')}`,
  castCode: 'ZZZZZZ',
  castReceiver: randomUUID(),
});

function comparable(response: LightMyRequestResponse) {
  const headers = Object.fromEntries(
    Object.entries(response.headers).filter(([name]) => !VOLATILE_HEADERS.has(name.toLowerCase())),
  );
  return JSON.stringify({ status: response.statusCode, headers, body: response.body });
}

describe.each(DIALECTS)('the account side matrix (%s)', (dialect) => {
  let t: TestApp;
  let cast: Record<AccountWho, Session>;
  let latestVersion: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    // The first account is the operator ([Note: Operators]).
    cast = {
      operator: await signUp(t.app, { name: 'operator' }),
      subscriber: await signUp(t.app, { name: 'subscriber' }),
      readOnlyUser: await signUp(t.app, { name: 'readOnlyUser' }),
    };
    // The operator's flag (migration 0026), which no billing sync clears.
    await t.database.db
      .updateTable('users')
      .set({ is_read_only: 1, operator_read_only: 1 })
      .where('id', '=', cast.readOnlyUser.userId)
      .execute();
    latestVersion = 'v1';
    await createRepositories(t.database.db).terms.publish(
      latestVersion,
      JSON.stringify({ en_US: 'Terms.' }),
      1,
    );
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  /** A live card for everyone, written behind the API's back. */
  async function freshCard(): Promise<string> {
    const id = randomUUID();
    await createRepositories(t.database.db).cards.insert({
      id,
      client_values: JSON.stringify({
        title: 'A card',
        illustration: 'info',
        body: 'Body.',
        primary_cta: {
          label: 'OK',
          dismiss_on_tap: true,
          web_action: { action_type: 'internal_navigation', url: '/photos' },
        },
      }),
      audience: 'all',
      audience_value: null,
      starts_at: 0,
      ends_at: null,
      created_at: t.clock.now(),
    });
    return id;
  }

  /** A deletion in `state`, written behind the API's back (no account row is needed for it). */
  async function freshDeletion(state: 'scheduled' | 'failed'): Promise<string> {
    const repos = createRepositories(t.database.db);
    const userId = randomUUID();
    const now = t.clock.now();
    const item = await repos.workItems.enqueue({
      kind: 'account_deletion',
      payload: { userId },
      now,
      runAfter: now + 86_400_000,
    });
    if (state === 'failed') await repos.workItems.fail(item, 'boom', null);
    await repos.deletion.insert({
      user_id: userId,
      email: `${userId}@example.com`,
      locale: 'en_US',
      state,
      stage: 'billing',
      work_item_id: item,
      requested_at: now,
      due_at: now + 86_400_000,
      last_error: state === 'failed' ? 'boom' : null,
      updated_at: now,
      finished_at: null,
    });
    return userId;
  }

  /** A work item out of attempts, of a kind no worker of this test runs. */
  async function freshFailedItem(): Promise<string> {
    const repos = createRepositories(t.database.db);
    const id = await repos.workItems.enqueue({ kind: 'matrix_probe', payload: {}, now: t.clock.now() });
    await repos.workItems.fail(id, 'boom', null);
    return id;
  }

  /** Issue #25's operator area: a live grant of a fresh account. */
  async function freshGrant(): Promise<string> {
    const repos = createRepositories(t.database.db);
    const userId = (await signUp(t.app)).userId;
    const writes = createGrantWrites({
      grants: repos.grants,
      transact: createTransact(t.database.db),
      baseQuotaBytes: 1,
      now: () => t.clock.now(),
    });
    const { grant } = await writes.grant(
      { commandLine: 'matrix' },
      {
        userId,
        source: 'customer_service',
        sizeGb: 1,
        expiresAt: null,
      },
    );
    return grant.id;
  }

  /** What every refused call must not change. */
  async function snapshot() {
    const db = t.database.db;
    return JSON.stringify(
      await Promise.all([
        db.selectFrom('audit_log').select(db.fn.countAll().as('n')).executeTakeFirst(),
        db
          .selectFrom('users')
          .select(['id', 'disabled_at', 'is_read_only', 'max_space'])
          .orderBy('id')
          .execute(),
        db.selectFrom('grants').select(['id', 'ended_at']).orderBy('id').execute(),
        db.selectFrom('tos_versions').select('version').orderBy('version').execute(),
        db.selectFrom('cards').select(['id', 'ends_at']).orderBy('id').execute(),
        db.selectFrom('card_dismissals').select(['user_id', 'card_id']).orderBy('card_id').execute(),
        db.selectFrom('account_deletions').select(['user_id', 'state']).orderBy('user_id').execute(),
        db.selectFrom('work_items').select(['id', 'state', 'locked_until']).orderBy('id').execute(),
        db.selectFrom('digital_legacy').select(['user_id', 'choice']).orderBy('user_id').execute(),
        db.selectFrom('billing_customers').select(['user_id', 'customer_id']).orderBy('user_id').execute(),
        db.selectFrom('billing_payment_methods').select(['user_id', 'last4']).orderBy('user_id').execute(),
        db
          .selectFrom('billing_subscriptions')
          .select(['user_id', 'subscription_id', 'status', 'plan_id', 'upcoming_plan_id'])
          .select('cancel_at_period_end')
          .orderBy('user_id')
          .execute(),
        db.selectFrom('billing_requests').select(db.fn.countAll().as('n')).executeTakeFirst(),
      ]),
    );
  }

  function send(
    route: string,
    entry: AccountRoute,
    who: Session | 'none' | 'bad',
    input: AccountInput,
    extra?: RouteRequest,
  ) {
    const [method = '', pattern = ''] = route.split(' ');
    const path = pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
      const fill = entry.params?.[name];
      if (!fill) throw new Error(`${route}: say in ${MAP_FILE} how to fill :${name} (params)`);
      return encodeURIComponent(fill(input));
    });
    const creds =
      who === 'none'
        ? { query: clientAuth('x', randomUUID()).query, headers: {} }
        : who === 'bad'
          ? clientAuth(randomBytes(32).toString('base64url'), randomUUID())
          : who;
    const request = extra ?? entry.request?.(input) ?? {};
    return t.app.inject({
      method: method as 'GET',
      remoteAddress: randomAddress(),
      url: `${path}?${request.query ? `${request.query}&` : ''}${creds.query}`,
      headers: { ...creds.headers, ...request.headers },
      ...(request.payload !== undefined && { payload: request.payload }),
    });
  }

  const missingRoute = (method: string, who: Session) =>
    t.app.inject({
      method: method as 'GET',
      url: `/st/4/admin/no-such-call?${who.query}`,
      headers: who.headers,
    });

  it('has every account-side route in its map and a rule of the oracle for each, and no other', () => {
    const routes = registeredRoutes(t.app).filter(isAccountSide);
    const unmapped = routes.filter((route) => !(route in ACCOUNT_ROUTES));
    expect(unmapped, `Account-side routes not in ACCOUNT_ROUTES of ${MAP_FILE}: add them`).toEqual([]);
    const stale = Object.keys(ACCOUNT_ROUTES).filter((route) => !routes.includes(route));
    expect(stale, `Routes in ACCOUNT_ROUTES that are not registered: remove them`).toEqual([]);
    expect(
      Object.keys(ACCOUNT_ROUTE_RULES).sort(),
      `ACCOUNT_ROUTE_RULES of ${ORACLE_FILE} must name exactly the routes of ACCOUNT_ROUTES`,
    ).toEqual(Object.keys(ACCOUNT_ROUTES).sort());
  });

  it.each(Object.keys(ACCOUNT_ROUTES))('%s', async (route) => {
    const entry = ACCOUNT_ROUTES[route];
    const rule = ACCOUNT_ROUTE_RULES[route];
    if (!entry || !rule) throw new Error(`${route}: no entry`);
    const [method = ''] = route.split(' ');
    const failures: string[] = [];
    const fresh = async (self: Session | null, own = placeholders()): Promise<AccountInput> => ({
      account: self?.userId ?? (await signUp(t.app)).userId,
      newVersion: `v-${randomBytes(4).toString('hex')}`,
      latestVersion,
      card: await freshCard(),
      pendingDeletion: await freshDeletion('scheduled'),
      failedDeletion: await freshDeletion('failed'),
      failedWorkItem: await freshFailedItem(),
      liveGrant: await freshGrant(),
      own,
    });

    for (const token of ['none', 'bad'] as const) {
      const response = await send(route, entry, token, await fresh(null));
      if (response.statusCode !== 401) failures.push(`${token} token: ${String(response.statusCode)}`);
    }
    for (const who of SIGNED_IN) {
      for (const self of entry.namesAccount ? [false, true] : [false]) {
        const caller = cast[who];
        const cell = `${who}${self ? ' on their own account' : ''}`;
        const allowed = mayOnAccount(rule, who, self);
        // Only an allowed caller's own things are prepared: a refused one may have none.
        let own = placeholders();
        if (allowed && entry.prepare)
          try {
            own = { ...own, ...(await entry.prepare(t, caller)) };
          } catch (error) {
            failures.push(
              `${cell}: expected allowed, but its request could not be prepared: ${String(error)}`,
            );
            continue;
          }
        const input = await fresh(self ? caller : null, own);
        const before = allowed ? '' : await snapshot();
        const response = await send(route, entry, caller, input);
        if (allowed) {
          if (response.statusCode < 200 || response.statusCode >= 300)
            failures.push(
              `${cell}: expected allowed, got ${String(response.statusCode)} ${response.body.slice(0, 200)}`,
            );
          continue;
        }
        const reference = comparable(await missingRoute(method, caller));
        if (comparable(response) !== reference)
          failures.push(`${cell}: expected what a missing route answers, got ${comparable(response)}`);
        if (entry.invalid) {
          const invalid = await send(route, entry, caller, input, entry.invalid);
          if (comparable(invalid) !== reference)
            failures.push(`${cell}, an invalid request: got ${comparable(invalid)}`);
        }
        if ((await snapshot()) !== before) failures.push(`${cell}: a refused call changed something`);
      }
    }
    // The cast stays what it is named, or the next route's cells would test another caller.
    const readOnly = await t.database.db
      .selectFrom('users')
      .select('is_read_only')
      .where('id', '=', cast.readOnlyUser.userId)
      .executeTakeFirstOrThrow();
    if (readOnly.is_read_only !== 1) failures.push('readOnlyUser is no longer read-only');
    expect(failures, `cells of ${route} that disagree with the oracle (${ORACLE_FILE})`).toEqual([]);
  });
});
