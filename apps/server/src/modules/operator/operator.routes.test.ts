import { afterEach, describe, expect, it } from 'vitest';
import type { AdminUsersResponse } from '@trove/contract';
import { expectStatus } from '../../test/albums.ts';
import {
  DIALECTS,
  createTestApp,
  signUp,
  timelineOf,
  uploadFile,
  fakeJpeg,
  type TestApp,
} from '../../test/harness.ts';
import { operatorClient } from './operator.test-support.ts';

/**
 * Who is an operator ([Note: Operators]): the first account of an instance, even when two
 * sign up at once; and what the admin area's list of users shows of each account.
 */
describe.each(DIALECTS)('operators and the list of users (%s)', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('makes exactly one of the first accounts the operator, even when they sign up at once', async () => {
    const app = (t = await createTestApp(dialect));
    const o = operatorClient(app);
    const racing = await Promise.all([signUp(app.app), signUp(app.app), signUp(app.app), signUp(app.app)]);
    const flags = await Promise.all(racing.map(async (s) => (await o.accountInfo(s)).is_operator));
    expect(flags.filter(Boolean)).toHaveLength(1);
    const later = await signUp(app.app);
    expect((await o.accountInfo(later)).is_operator).toBe(false);
  });

  it('lists accounts with usage, quota and state for the operator, found by e-mail or name', async () => {
    const app = (t = await createTestApp(dialect));
    const o = operatorClient(app);
    // A minute apart, as sign-ups are: the list is newest first.
    const later = () => app.clock.advance(60_000);
    const operator = await signUp(app.app, { name: 'Olga' });
    later();
    const ulla = await signUp(app.app, { name: 'Ulla Ullmann' });
    later();
    const ro = await signUp(app.app, { name: 'Rolf 100%_sure' });
    await app.database.db
      .updateTable('users')
      .set({ is_read_only: 1, max_space: 1000 })
      .where('id', '=', ro.userId)
      .execute();
    await uploadFile(app.app, ulla, await timelineOf(app.app, ulla), {
      path: 'a.jpg',
      content: fakeJpeg(5000),
    });
    expectStatus(await o.disable(operator, ulla.userId), 200);

    const list = await o.ok<AdminUsersResponse>(o.send(operator, 'GET', '/admin/users'));
    expect(list.total).toBe(3);
    const byEmail = new Map(list.users.map((u) => [u.email, u]));
    expect(byEmail.get(ulla.email)).toMatchObject({
      name: 'Ulla Ullmann',
      state: 'disabled',
      used_space: 5000,
      max_space: app.config.BASE_QUOTA_BYTES,
      file_count: 1,
      is_operator: false,
    });
    expect(byEmail.get(ro.email)).toMatchObject({ state: 'read_only', max_space: 1000, used_space: 0 });
    expect(byEmail.get(operator.email)).toMatchObject({ state: 'active', is_operator: true });
    // Newest first, a page at a time.
    expect(list.users.map((u) => u.email)).toEqual([ro.email, ulla.email, operator.email]);
    const page = await o.ok<AdminUsersResponse>(o.send(operator, 'GET', '/admin/users?offset=1&limit=1'));
    expect(page.users.map((u) => u.email)).toEqual([ulla.email]);

    const search = async (q: string) =>
      (
        await o.ok<AdminUsersResponse>(o.send(operator, 'GET', `/admin/users?q=${encodeURIComponent(q)}`))
      ).users.map((u) => u.email);
    expect(await search('ULLMANN')).toEqual([ulla.email]);
    expect(await search(ro.email.slice(0, 10))).toEqual([ro.email]);
    // `%` and `_` are what they are, no wildcards.
    expect(await search('100%_')).toEqual([ro.email]);
    expect(await search('0%s')).toEqual([]);
  });
});
