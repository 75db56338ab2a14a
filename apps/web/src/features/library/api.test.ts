import type { TimelineMonth } from '@trove/contract';
import { describe, expect, test } from 'vitest';
import type { HttpClient } from '../../api/http-client.ts';
import { createQueryClient } from '../../api/query-client.ts';
import { aFile } from '../../test/factories.ts';
import { monthFilesQuery, prefetchTimeline } from './api.ts';

const month = (start: number, pictures: number): TimelineMonth =>
  ({ year: 2026, month: 1, start, end: start + 100, pictures, videos: 0, screenshots: 0 }) as TimelineMonth;

/** An app host answering the timeline's calls from tables, recording each path it was asked. */
function fakeApi(months: TimelineMonth[]) {
  const asked: string[] = [];
  const api = {
    app: (path: string, _schema: unknown, init?: { query?: Record<string, number | string | undefined> }) => {
      asked.push(`${path}${init?.query?.start === undefined ? '' : `@${String(init.query.start)}`}`);
      if (path === '/jobs/default') return Promise.resolve({ id: 'job' });
      if (path.endsWith('/timeline/months')) return Promise.resolve({ months });
      return Promise.resolve({ files: [aFile({ id: `f${String(init?.query?.start)}` })], next_cursor: null });
    },
  } as unknown as HttpClient;
  return { api, asked };
}

describe('the cold-load prefetch of /photos (bench/web-timeline.ts first thumbnails)', () => {
  test("asks for the newest months' files, skipping empty months, until about two screens", async () => {
    const { api, asked } = fakeApi([month(500, 40), month(400, 0), month(300, 30), month(200, 10)]);
    const queryClient = createQueryClient();
    await prefetchTimeline(queryClient, api, { files: true });
    expect(asked).toEqual([
      '/jobs/default',
      '/jobs/job/timeline/months',
      '/jobs/job/files@500',
      '/jobs/job/files@300',
    ]);
    // The grid's own query finds them cached.
    expect(queryClient.getQueryData(monthFilesQuery(api, 'job', month(300, 30), 'all').queryKey)).toEqual([
      aFile({ id: 'f300' }),
    ]);
  });

  test('at most three months, and no files where the grid is not shown', async () => {
    const many = fakeApi([month(500, 1), month(400, 1), month(300, 1), month(200, 1)]);
    await prefetchTimeline(createQueryClient(), many.api, { files: true });
    expect(many.asked.filter((path) => path.includes('/files@'))).toHaveLength(3);
    const viewer = fakeApi([month(500, 1)]);
    await prefetchTimeline(createQueryClient(), viewer.api, { files: false });
    expect(viewer.asked).toEqual(['/jobs/default', '/jobs/job/timeline/months']);
  });
});
