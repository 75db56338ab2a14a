import { describe, expect, test } from 'vitest';
import { fakeApi } from '../../test/fake-api.ts';
import type { FakeRoutes } from '../../test/fake-fetch.ts';
import { createCompletionWatch } from './completion.ts';

const client = (routes: FakeRoutes) => fakeApi(routes);

const added = (serial: number, id: string, isRollback = false, mediaStatus?: string) => ({
  serial,
  type: 0,
  timestamp: 1,
  data: { id, is_rollback: isRollback, ...(mediaStatus && { media_status: mediaStatus }) },
});
const ready = (...itemIds: number[]) => itemIds.map((itemId) => ({ itemId, isMediaFailed: false }));
const BASE = 'GET /st/4/jobs/job-1/changes';
const FEED = 'GET /st/4/jobs/job-1/changes_and_async_upload_status';

describe('completion by the change feed (spec 000 §4, [Note: Upload completion])', () => {
  test('a sent file is done at its second record after the serial read before sending', async () => {
    let feed = [added(11, 'f-1')];
    const { api, requests } = client({
      [BASE]: { body: { changes: [], last_serial: 10 } },
      [FEED]: () => ({ body: { changes: feed, last_serial: feed.at(-1)?.serial ?? 10, pending_uploads: 3 } }),
    });
    const watch = createCompletionWatch(api, 'job-1');
    await watch.ensureCursor();
    watch.watch('f-1', 7, 2);
    expect(await watch.poll()).toEqual([]);
    // Someone else's rollback of the same file is not its processing.
    feed = [added(12, 'f-1', true), added(13, 'f-other'), added(14, 'f-1')];
    expect(await watch.poll()).toEqual(ready(7));
    expect(watch.size).toBe(0);
    const sinces = requests.filter((r) => r.url.pathname.endsWith('/changes_and_async_upload_status'));
    expect(sinces.map((r) => r.url.searchParams.get('since'))).toEqual(['10', '11']);
  });

  test('a file added by dedup is done when it appears', async () => {
    const { api } = client({
      [BASE]: { body: { changes: [], last_serial: 10 } },
      [FEED]: { body: { changes: [added(11, 'f-1')], last_serial: 11, pending_uploads: 1 } },
    });
    const watch = createCompletionWatch(api, 'job-1');
    await watch.ensureCursor();
    watch.watch('f-1', 3, 1);
    expect(await watch.poll()).toEqual(ready(3));
  });

  test('a file whose processing gave up is done as failed, a later ready record undoes it', async () => {
    let feed = [added(11, 'f-1', false, 'pending'), added(12, 'f-2', false, 'pending')];
    const { api } = client({
      [BASE]: { body: { changes: [], last_serial: 10 } },
      [FEED]: () => ({ body: { changes: feed, last_serial: feed.at(-1)?.serial ?? 10, pending_uploads: 2 } }),
    });
    const watch = createCompletionWatch(api, 'job-1');
    await watch.ensureCursor();
    watch.watch('f-1', 1, 2);
    watch.watch('f-2', 2, 2);
    expect(await watch.poll()).toEqual([]);
    // The media worker ran out of attempts for f-1 (issue #10 §3); f-2 was queued again and then read.
    feed = [
      added(13, 'f-1', false, 'failed'),
      added(14, 'f-2', false, 'failed'),
      added(15, 'f-2', false, 'ready'),
    ];
    expect(await watch.poll()).toEqual([
      { itemId: 1, isMediaFailed: true },
      { itemId: 2, isMediaFailed: false },
    ]);
  });

  test('nothing pending in the job finishes every file watched when the poll went out', async () => {
    const { api } = client({
      [BASE]: { body: { changes: [], last_serial: 10 } },
      [FEED]: { body: { changes: [], last_serial: 10, pending_uploads: 0 } },
    });
    const watch = createCompletionWatch(api, 'job-1');
    await watch.ensureCursor();
    watch.watch('f-1', 1, 2);
    watch.watch('f-2', 2, 2);
    expect(await watch.poll()).toEqual(ready(1, 2));
  });

  test('pages through a long feed before deciding', async () => {
    const { api, requests } = client({
      [BASE]: { body: { changes: [], last_serial: 0 } },
      [FEED]: (request) =>
        request.url.searchParams.get('since') === '0'
          ? { body: { changes: [added(1, 'f-1')], last_serial: 2, pending_uploads: 1 } }
          : { body: { changes: [added(2, 'f-1')], last_serial: 2, pending_uploads: 1 } },
    });
    const watch = createCompletionWatch(api, 'job-1');
    await watch.ensureCursor();
    watch.watch('f-1', 9, 2);
    expect(await watch.poll()).toEqual(ready(9));
    expect(requests.filter((r) => r.url.pathname.endsWith('_status'))).toHaveLength(2);
  });
});
