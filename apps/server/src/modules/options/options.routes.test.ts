import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewModeOption } from '@trove/contract';
import { DIALECTS, createTestApp, signUp, type TestApp } from '../../test/harness.ts';
import { albumClient, expectStatus } from '../../test/albums.ts';

/** GET, PUT and DELETE /options/{name} (spec 000 §7 Options): each user's own values. */
describe.each(DIALECTS)('options (%s)', (dialect) => {
  let t: TestApp;
  let c: ReturnType<typeof albumClient>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    c = albumClient(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores, reads and deletes a user’s option; other users have their own', async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    const name = viewModeOption('album-1');
    const path = `/options/${name}`;
    expect((await c.send(user, 'GET', path)).json()).toEqual({ name, value: null });
    expect((await c.send(user, 'PUT', path, { payload: { value: 'flow' } })).json()).toEqual({
      name,
      value: 'flow',
    });
    expect((await c.send(user, 'PUT', path, { payload: { value: 'grid' } })).json()).toEqual({
      name,
      value: 'grid',
    });
    expect((await c.send(user, 'GET', path)).json()).toEqual({ name, value: 'grid' });
    expect((await c.send(other, 'GET', path)).json()).toEqual({ name, value: null });
    expect((await c.send(user, 'DELETE', path)).json()).toEqual({ name, value: null });
    expect((await c.send(user, 'GET', path)).json()).toEqual({ name, value: null });
    expect((await c.send(user, 'PUT', '/options/theme', { payload: { value: 'dark' } })).statusCode).toBe(
      200,
    );
  });

  it('refuses bad names and values, and callers without a token', async () => {
    const user = await signUp(t.app);
    const view = `/options/${viewModeOption('album-1')}`;
    expectStatus(await c.send(user, 'PUT', view, { payload: { value: 'tiles' } }), 400);
    expectStatus(await c.send(user, 'PUT', view, { payload: {} }), 400);
    expectStatus(await c.send(user, 'GET', '/options/bad%20name'), 400);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      expectStatus(await c.send({ visitor: true }, method, view, { payload: { value: 'grid' } }), 401);
    }
  });
});
