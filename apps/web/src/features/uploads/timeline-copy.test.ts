import { describe, expect, test } from 'vitest';
import { fakeApi } from '../../test/fake-api.ts';
import type { FakeRoutes } from '../../test/fake-fetch.ts';
import { createTimelineCopier } from './timeline-copy.ts';

const client = (routes: FakeRoutes) => fakeApi(routes);

const ok = (uuids: string[]) => ({
  body: { results: uuids.map((uuid) => ({ file_uuid: uuid, status: 'ok', timeline_uuid: `t-${uuid}` })) },
});

describe('copy to the timeline (spec 000 §4, [Note: Copy to the timeline])', () => {
  test('copies waiting files album by album and reports their items complete', async () => {
    const { api, requests } = client({
      'POST /st/4/jobs/album-1/copy_to_timeline': (request) =>
        ok((request.body as { file_uuids: string[] }).file_uuids),
      'POST /st/4/jobs/album-2/copy_to_timeline': ok(['f-3']),
    });
    const copier = createTimelineCopier(api);
    copier.add(1, 'album-1', 'f-1');
    copier.add(2, 'album-1', 'f-2');
    copier.add(3, 'album-2', 'f-3');
    expect((await copier.flush()).done.sort()).toEqual([1, 2, 3]);
    expect(copier.size).toBe(0);
    expect(requests.map((r) => [r.url.pathname, r.body])).toEqual([
      ['/st/4/jobs/album-1/copy_to_timeline', { file_uuids: ['f-1', 'f-2'] }],
      ['/st/4/jobs/album-2/copy_to_timeline', { file_uuids: ['f-3'] }],
    ]);
    expect(await copier.flush()).toEqual({ done: [], failed: [] });
  });

  test('a failed copy stays waiting and is sent again on the next flush', async () => {
    let isOnline = false;
    const { api, requests } = client({
      'POST /st/4/jobs/album-1/copy_to_timeline': () => (isOnline ? ok(['f-1']) : 'network'),
    });
    const copier = createTimelineCopier(api);
    copier.add(1, 'album-1', 'f-1');
    expect(await copier.flush()).toEqual({ done: [], failed: [] });
    expect(copier.size).toBe(1);
    isOnline = true;
    expect((await copier.flush()).done).toEqual([1]);
    expect(requests).toHaveLength(2);
  });

  test('an answer per file is final; a file left out of the answer stays waiting', async () => {
    const { api } = client({
      'POST /st/4/jobs/album-1/copy_to_timeline': {
        body: { results: [{ file_uuid: 'f-1', status: 'error', error_reason: 'file_not_found' }] },
      },
    });
    const copier = createTimelineCopier(api);
    copier.add(1, 'album-1', 'f-1');
    copier.add(2, 'album-1', 'f-2');
    // Its reason reaches the user (issue #27).
    expect(await copier.flush()).toEqual({ done: [], failed: [{ id: 1, reason: 'file_not_found' }] });
    expect(copier.size).toBe(1);
  });

  test('a final refusal of the whole call ends the wait with its reason; a passing one does not', async () => {
    let answer: 'quota' | 'gone' | 'fault' = 'fault';
    const { api } = client({
      'POST /st/4/jobs/album-1/copy_to_timeline': () =>
        answer === 'quota'
          ? { status: 413, body: { error: { code: 'quota_exceeded', message: 'Quota exceeded' } } }
          : answer === 'gone'
            ? { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } }
            : { status: 500, body: { error: { code: 'internal', message: 'x' } } },
    });
    const copier = createTimelineCopier(api);
    copier.add(1, 'album-1', 'f-1');
    expect(await copier.flush()).toEqual({ done: [], failed: [] });
    expect(copier.size).toBe(1);
    answer = 'quota';
    expect(await copier.flush()).toEqual({ done: [], failed: [{ id: 1, reason: 'quota_exceeded' }] });
    expect(copier.size).toBe(0);
    copier.add(2, 'album-1', 'f-2');
    answer = 'gone';
    expect(await copier.flush()).toEqual({ done: [], failed: [{ id: 2, reason: 'not_allowed' }] });
  });

  test('a reset during a flush drops what it answers', async () => {
    const { api } = client({ 'POST /st/4/jobs/album-1/copy_to_timeline': ok(['f-1']) });
    const copier = createTimelineCopier(api);
    copier.add(1, 'album-1', 'f-1');
    const flushing = copier.flush();
    copier.reset();
    expect(await flushing).toEqual({ done: [], failed: [] });
    expect(copier.size).toBe(0);
  });
});
