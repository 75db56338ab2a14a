import { afterEach, describe, expect, it } from 'vitest';
import type { AdminDeletionsResponse, AdminWorkItemsResponse, AuditLogResponse } from '@trove/contract';
import { expectStatus } from '../../test/albums.ts';
import { DIALECTS, createTestApp, signIn, signUp, type Session, type TestApp } from '../../test/harness.ts';
import { createRepositories } from '../repositories.ts';
import { LEASE_MS } from '../../queue/work-queue.ts';
import { comparable, operatorAndUser, operatorClient } from './operator.test-support.ts';

/**
 * The admin area's deletions and work items (issue #24; RESEARCH-ACCOUNT-PAYMENTS §2.1, §3):
 * what the operator sees, restore and retry, each audited and behind a fresh sign-in; an
 * ordinary account hears what a missing route answers and changes nothing.
 */
describe.each(DIALECTS)('deletions and work items in the admin area (%s)', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function setUp() {
    const app = (t = await createTestApp(dialect));
    const o = operatorClient(app);
    const { operator, user } = await operatorAndUser(app);
    const repos = createRepositories(app.database.db);
    const requestDeletion = async (s: Session) => {
      expectStatus(await o.send(s, 'POST', '/data_protection/request_account_deletion'), 200);
    };
    const deletions = () => o.ok<AdminDeletionsResponse>(o.send(operator, 'GET', '/admin/deletions'));
    const audit = async () =>
      (await o.ok<AuditLogResponse>(o.send(operator, 'GET', '/admin/audit'))).entries.map((e) => e.action);
    return { app, o, operator, user, repos, requestDeletion, deletions, audit };
  }

  it('lists a deletion in its grace period and restores it: the account signs in again', async () => {
    const { app, o, operator, user, requestDeletion, deletions, audit } = await setUp();
    await requestDeletion(user);
    const [listed, ...rest] = (await deletions()).deletions;
    expect(rest).toEqual([]);
    expect(listed).toMatchObject({
      user_id: user.userId,
      email: user.email,
      name: 'Ulf User',
      state: 'scheduled',
      stage: 'billing',
      attempts: 0,
      last_error: null,
    });
    expect(listed?.due).toBe(listed && listed.requested + app.config.ACCOUNT_DELETION_GRACE_DAYS * 86_400);

    expectStatus(await o.send(operator, 'POST', `/admin/deletions/${user.userId}/restore`), 200);
    expect((await deletions()).total).toBe(0);
    expect(await app.database.db.selectFrom('work_items').selectAll().execute()).toEqual([]);
    await signIn(app.app, user);
    expect(await audit()).toContain('deletion.restore');
    // Nothing left to restore: what a missing one answers.
    expectStatus(await o.send(operator, 'POST', `/admin/deletions/${user.userId}/restore`), 404);
  });

  it('retries a failed deletion at its stage, and refuses to retry or restore one that is not', async () => {
    const { app, o, operator, user, repos, requestDeletion, deletions, audit } = await setUp();
    await requestDeletion(user);
    expectStatus(await o.send(operator, 'POST', `/admin/deletions/${user.userId}/retry`), 409, 'conflict');
    const record = await repos.deletion.find(user.userId);
    if (!record?.work_item_id) throw new Error('no work item');
    // As the job leaves it when it gives up: the item failed, the deletion failed at a stage.
    await repos.deletion.advance(user.userId, 'comments', app.clock.now());
    await repos.deletion.recordFailure(user.userId, 'disk on fire', app.clock.now());
    await repos.deletion.markFailed(user.userId, app.clock.now());
    await repos.workItems.fail(record.work_item_id, 'disk on fire', null);
    expect((await deletions()).deletions[0]).toMatchObject({
      state: 'failed',
      stage: 'comments',
      attempts: 1,
      last_error: 'disk on fire',
    });
    expectStatus(await o.send(operator, 'POST', `/admin/deletions/${user.userId}/restore`), 409, 'conflict');

    expectStatus(await o.send(operator, 'POST', `/admin/deletions/${user.userId}/retry`), 200);
    expect((await deletions()).deletions[0]).toMatchObject({
      state: 'running',
      stage: 'comments',
      attempts: 0,
    });
    const item = await app.database.db
      .selectFrom('work_items')
      .selectAll()
      .where('id', '=', record.work_item_id)
      .executeTakeFirstOrThrow();
    expect(item).toMatchObject({
      state: 'queued',
      attempts: 0,
      locked_until: null,
      run_after: app.clock.now(),
    });
    expect(await audit()).toContain('deletion.retry');
    expectStatus(await o.send(operator, 'POST', `/admin/deletions/${user.userId}/retry`), 409, 'conflict');
  });

  it('lists failed and stuck work items by kind, a page at a time, and retries them', async () => {
    const { app, o, operator, repos, audit } = await setUp();
    const now = app.clock.now();
    const failed = await repos.workItems.enqueue({ kind: 'media', payload: {}, now: now - 4 * LEASE_MS });
    await repos.workItems.fail(failed, 'no decoder', null);
    const stuck = await repos.workItems.enqueue({ kind: 'purge', payload: {}, now: now - 3 * LEASE_MS });
    await repos.workItems.claim('purge', now - 2 * LEASE_MS, LEASE_MS);
    const running = await repos.workItems.enqueue({ kind: 'media', payload: {}, now: now - 1000 });
    await repos.workItems.claim('media', now, LEASE_MS);
    await repos.workItems.enqueue({ kind: 'media', payload: {}, now });

    const list = await o.ok<AdminWorkItemsResponse>(o.send(operator, 'GET', '/admin/work_items'));
    expect(list.total).toBe(2);
    expect(list.items.map((i) => [i.id, i.kind, i.state, i.attempts, i.last_error])).toEqual([
      [failed, 'media', 'failed', 0, 'no decoder'],
      [stuck, 'purge', 'stuck', 1, null],
    ]);
    expect(list.kinds).toEqual([
      { kind: 'media', failed: 1, stuck: 0 },
      { kind: 'purge', failed: 0, stuck: 1 },
    ]);
    const page = await o.ok<AdminWorkItemsResponse>(
      o.send(operator, 'GET', '/admin/work_items?offset=1&limit=1'),
    );
    expect(page.items.map((i) => i.id)).toEqual([stuck]);

    // One a worker holds is not the operator's to take.
    expectStatus(await o.send(operator, 'POST', `/admin/work_items/${running}/retry`), 404);
    for (const id of [failed, stuck])
      expectStatus(await o.send(operator, 'POST', `/admin/work_items/${id}/retry`), 200);
    const after = await o.ok<AdminWorkItemsResponse>(o.send(operator, 'GET', '/admin/work_items'));
    expect(after).toEqual({ items: [], kinds: [], total: 0 });
    expect((await audit()).filter((a) => a === 'work_item.retry')).toHaveLength(2);
  });

  it('answers an ordinary account what a missing route answers, and changes nothing (deny)', async () => {
    const { app, o, user, repos, requestDeletion } = await setUp();
    const ann = await signUp(app.app);
    await requestDeletion(ann);
    const item = await repos.workItems.enqueue({ kind: 'media', payload: {}, now: app.clock.now() });
    await repos.workItems.fail(item, 'x', null);
    const before = JSON.stringify([
      await app.database.db.selectFrom('account_deletions').selectAll().execute(),
      await app.database.db.selectFrom('work_items').selectAll().orderBy('id').execute(),
    ]);
    const calls: [string, string][] = [
      ['GET', '/admin/deletions'],
      ['POST', `/admin/deletions/${ann.userId}/restore`],
      ['POST', `/admin/deletions/${ann.userId}/retry`],
      ['GET', '/admin/work_items'],
      ['POST', `/admin/work_items/${item}/retry`],
    ];
    for (const [method, path] of calls) {
      const refused = await o.send(user, method as 'GET', path);
      expect(comparable(refused), `${method} ${path}`).toEqual(
        comparable(await o.missingRoute(user, method as 'GET')),
      );
    }
    const after = JSON.stringify([
      await app.database.db.selectFrom('account_deletions').selectAll().execute(),
      await app.database.db.selectFrom('work_items').selectAll().orderBy('id').execute(),
    ]);
    expect(after).toBe(before);
  });

  it('needs a fresh sign-in to restore or retry, not to list', async () => {
    const { app, o, operator, user, repos, requestDeletion } = await setUp();
    await requestDeletion(user);
    const item = await repos.workItems.enqueue({ kind: 'media', payload: {}, now: app.clock.now() });
    await repos.workItems.fail(item, 'x', null);
    app.clock.advance((app.config.FRESH_LOGIN_WINDOW_S + 1) * 1000);
    expectStatus(await o.send(operator, 'GET', '/admin/deletions'), 200);
    expectStatus(await o.send(operator, 'GET', '/admin/work_items'), 200);
    for (const path of [`/admin/deletions/${user.userId}/restore`, `/admin/work_items/${item}/retry`])
      expectStatus(await o.send(operator, 'POST', path), 403, 'fresh_login_required');
    expect((await repos.deletion.find(user.userId))?.state).toBe('scheduled');
  });
});
