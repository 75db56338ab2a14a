import type { RemoteFile } from '@trove/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { aFile } from './factories.ts';
import type { FakeRoutes } from './fake-fetch.ts';

/** A timeline month answer of timeline/months. */
export const month = (year: number, m: number, counts: { pictures?: number; videos?: number }) => ({
  year,
  month: m,
  start: Date.UTC(year, m - 1, 1) / 1000,
  end: Date.UTC(year, m, 1) / 1000,
  pictures: counts.pictures ?? 0,
  videos: counts.videos ?? 0,
  screenshots: 0,
  documents: 0,
});

export const MARCH = month(2024, 3, { pictures: 2 });
export const FEBRUARY = month(2024, 2, { pictures: 1, videos: 1 });
export const CLIP_URL = '/st/4/jobs/job-timeline/files_by_id/clip?sub=1&exp=1&sig=v';

/** A timeline of two months, newest taken first: a, b (March); c, clip (February). */
export function library() {
  const files: Record<number, RemoteFile[]> = {
    [MARCH.start]: [
      aFile({ id: 'a', taken: MARCH.start + 300 }),
      aFile({ id: 'b', taken: MARCH.start + 200, size: 1.5 * 1024 ** 2 }),
    ],
    [FEBRUARY.start]: [
      aFile({ id: 'c', taken: FEBRUARY.start + 300 }),
      aFile({
        id: 'clip',
        name: 'clip.mp4',
        type: 'Movies',
        duration: 12,
        taken: FEBRUARY.start + 100,
        video_url: CLIP_URL,
      }),
    ],
  };
  let months = [MARCH, FEBRUARY];
  const routes: FakeRoutes = {
    'GET /st/4/jobs/job-timeline/timeline/months': () => ({ body: { months } }),
    'GET /st/4/jobs/job-timeline/files': (request) => ({
      body: { files: files[Number(request.url.searchParams.get('start'))] ?? [], next_cursor: null },
    }),
    'GET /st/4/jobs/job-timeline/files_by_id/clip/v_check': { body: { result: 'ready' } },
  };
  /** Removes a file the way the server's trash does, counts included. */
  const remove = (id: string) => {
    for (const [start, list] of Object.entries(files)) files[Number(start)] = list.filter((f) => f.id !== id);
    months = months.filter((m) => (files[m.start]?.length ?? 0) > 0);
  };
  return { routes, remove };
}

/** The viewer's dialog; `shown` waits until it shows the picture `name`; `press` sends a key. */
export const viewer = () => screen.getByRole('dialog');
export const shown = async (name: string) =>
  within(await screen.findByRole('dialog', { name })).findByRole('img', { name });
export const press = (key: string) => {
  fireEvent.keyDown(document.activeElement ?? document.body, { key });
};
