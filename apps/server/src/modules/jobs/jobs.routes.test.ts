import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, signUp, type TestApp } from '../../test/harness.ts';

describe.each(DIALECTS)('job routes (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  it('sign-up creates the timeline, answered by GET /jobs/default', async () => {
    const user = await signUp(t.app);
    const response = await t.app.inject({ url: `/st/4/jobs/default?${user.query}`, headers: user.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ type: 'timeline', owner: user.userId, last_update: 0 });
    const again = await t.app.inject({ url: `/st/4/jobs/default?${user.query}`, headers: user.headers });
    expect(again.json<{ id: string }>().id).toBe(response.json<{ id: string }>().id);
  });

  it('each user has their own timeline', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const ja = await t.app.inject({ url: `/st/4/jobs/default?${a.query}`, headers: a.headers });
    const jb = await t.app.inject({ url: `/st/4/jobs/default?${b.query}`, headers: b.headers });
    expect(ja.json<{ id: string }>().id).not.toBe(jb.json<{ id: string }>().id);
  });

  it('GET /jobs/default denies a caller without a token', async () => {
    const user = await signUp(t.app);
    expect((await t.app.inject({ url: `/st/4/jobs/default?${user.query}` })).statusCode).toBe(401);
  });

  it('GET /jobs lists the timeline, and no albums with stories=1 for a new account', async () => {
    const user = await signUp(t.app);
    const all = await t.app.inject({ url: `/st/4/jobs?${user.query}`, headers: user.headers });
    expect(all.json<{ jobs: { type: string }[] }>().jobs.map((j) => j.type)).toEqual(['timeline']);
    const stories = await t.app.inject({ url: `/st/4/jobs?stories=1&${user.query}`, headers: user.headers });
    expect(stories.json()).toEqual({ jobs: [] });
  });

  it('GET /jobs denies a caller without a token', async () => {
    const user = await signUp(t.app);
    expect((await t.app.inject({ url: `/st/4/jobs?${user.query}` })).statusCode).toBe(401);
  });
});
