import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { TOOLTIP_AFTER_MS } from './use-hover.ts';
import { STALE_TIME } from '../../api/query-client.ts';
import { aFile } from '../../test/factories.ts';
import { renderApp } from '../../test/render.tsx';

const month = (
  year: number,
  m: number,
  counts: Partial<Record<'pictures' | 'videos' | 'screenshots' | 'documents', number>>,
) => ({
  year,
  month: m,
  start: Date.UTC(year, m - 1, 1) / 1000,
  end: Date.UTC(year, m, 1) / 1000,
  pictures: 0,
  videos: 0,
  screenshots: 0,
  documents: 0,
  ...counts,
});

describe('timeline grid (spec 000 §2 Timeline)', () => {
  test('shows one section per month with its files, thumbnails from the thumb host', async () => {
    const march = month(2024, 3, { pictures: 2, videos: 1 });
    const june = month(2023, 6, { pictures: 1 });
    const { requests } = renderApp({
      route: '/photos',
      routes: {
        'GET /st/4/jobs/job-timeline/timeline/months': { body: { months: [march, june] } },
        'GET /st/4/jobs/job-timeline/files': (request) =>
          Number(request.url.searchParams.get('start')) === march.start
            ? {
                body: {
                  files: [
                    aFile({ id: 'beach' }),
                    aFile({ id: 'clip', type: 'Movies', duration: 75, name: 'clip.mp4' }),
                    aFile({
                      id: 'new',
                      media_status: 'pending',
                      thumb_url_small: null,
                      thumb_url_large: null,
                    }),
                  ],
                  next_cursor: null,
                },
              }
            : { body: { files: [aFile({ id: 'lake' })], next_cursor: null } },
      },
    });
    const marchSection = await screen.findByRole('region', { name: 'March 2024' });
    const beach = await within(marchSection).findByRole('img', { name: 'beach.jpg' });
    // Tiles are 228 px or wider on desktop: the large thumbnail (spec 000 §9).
    expect(beach.getAttribute('src')).toBe('http://localhost:3000/th/3/beach?area=1280&exp=1&sig=l');
    expect(within(marchSection).getByText('1:15')).toBeTruthy();
    // Still processing: the default image, named for screen readers.
    expect(within(marchSection).getByRole('img', { name: 'new.jpg' }).tagName).toBe('SPAN');
    const juneSection = screen.getByRole('region', { name: 'June 2023' });
    expect(await within(juneSection).findByRole('img', { name: 'lake.jpg' })).toBeTruthy();
    const fileRequests = requests.filter((r) => r.url.pathname.endsWith('/files'));
    expect(fileRequests.map((r) => r.url.searchParams.get('end'))).toContain(String(march.end));
    expect(screen.getByText('Add photos')).toBeTruthy();
  });

  test('shows a file uploaded elsewhere as soon as the poll host says the job changed', async () => {
    const march = month(2024, 3, { pictures: 1 });
    const june = month(2023, 6, { pictures: 1 });
    let changed = false;
    let polls = 0;
    const { requests } = renderApp({
      route: '/photos',
      routes: {
        'GET /st/4/jobs/job-timeline/timeline/months': () => ({
          body: { months: changed ? [march, june] : [march] },
        }),
        // The first poll wakes at once with serial 1; later ones fail, as a dropped connection would.
        'GET /poll': () => {
          polls += 1;
          if (polls > 1) return 'network';
          changed = true;
          return { body: 'seq=1\njob_changed:job-timeline\n' };
        },
        'GET /st/4/jobs/job-timeline/changes': {
          body: {
            changes: [
              {
                serial: 1,
                type: 0,
                timestamp: june.start + 3600,
                data: { id: 'lake', timestamp: june.start + 3600 },
              },
            ],
            last_serial: 1,
          },
        },
        'GET /st/4/jobs/job-timeline/files': (request) =>
          Number(request.url.searchParams.get('start')) === march.start
            ? { body: { files: [aFile({ id: 'beach' })], next_cursor: null } }
            : { body: { files: [aFile({ id: 'lake' })], next_cursor: null } },
      },
    });
    const june2023 = await screen.findByRole('region', { name: 'June 2023' });
    expect(await within(june2023).findByRole('img', { name: 'lake.jpg' })).toBeTruthy();
    const poll = requests.find((r) => r.url.pathname === '/poll');
    expect(poll?.url.searchParams.get('event')).toBe('job_changed:job-timeline');
    expect(poll?.url.searchParams.get('seq')).toBe('0');
    expect(poll?.headers.get('authorization')).toMatch(/^Basic /);
    expect(requests.find((r) => r.url.pathname.endsWith('/changes'))?.url.searchParams.get('since')).toBe(
      '0',
    );
  });

  test('hovering a video plays its preview after 300 ms and shows the date after 1 s; leaving stops both', async () => {
    const { user, requests } = renderOneVideo();
    const tile = (await screen.findByRole('img', { name: 'clip.mp4' })).parentElement;
    if (!tile) throw new Error('no tile');
    await user.hover(tile);
    // The Range request failed (no route): the plain URL is the fallback (spec 000 §7).
    await waitFor(() => {
      expect(tile.querySelector('video')?.getAttribute('src')).toBe(
        'http://localhost:3000/st/4/jobs/job-timeline/files_by_id/clip?sub=1&exp=1&sig=v',
      );
    });
    const ranged = requests.find((r) => r.url.pathname.endsWith('/files_by_id/clip'));
    expect(ranged?.headers.get('range')).toBe('bytes=0-4999999');
    expect(within(tile).queryByRole('tooltip')).toBeNull();
    expect((await within(tile).findByRole('tooltip', {}, { timeout: 2000 })).textContent).toMatch(
      /Mar 2, 2024/,
    );
    await user.unhover(tile);
    expect(tile.querySelector('video')).toBeNull();
    expect(within(tile).queryByRole('tooltip')).toBeNull();
  });

  test('a tap on a touch screen starts no hover preview and no date', async () => {
    const { requests } = renderOneVideo();
    const tile = (await screen.findByRole('img', { name: 'clip.mp4' })).parentElement;
    const frame = tile?.closest('.tile-frame');
    if (!tile || !frame) throw new Error('no tile');
    // The hover stages run on timers: fake ones pass the 1 s of the date at once.
    vi.useFakeTimers();
    try {
      // What a finger sends: a touch pointer, then the mouse events browsers emulate for it.
      fireEvent.pointerEnter(frame, { pointerType: 'touch' });
      fireEvent.mouseEnter(frame);
      act(() => {
        vi.advanceTimersByTime(TOOLTIP_AFTER_MS);
      });
      expect(within(tile).queryByRole('tooltip')).toBeNull();
      expect(tile.querySelector('video')).toBeNull();
      // The same tile under a mouse: the date shows after the same time.
      fireEvent.mouseLeave(frame);
      fireEvent.pointerEnter(frame, { pointerType: 'mouse' });
      fireEvent.mouseEnter(frame);
      act(() => {
        vi.advanceTimersByTime(TOOLTIP_AFTER_MS);
      });
      expect(within(tile).queryByRole('tooltip')).not.toBeNull();
    } finally {
      vi.useRealTimers();
    }
    expect(requests.some((r) => r.url.pathname.endsWith('/files_by_id/clip') && r.headers.get('range'))).toBe(
      true,
    );
  });

  test('an account with only documents still sees the empty timeline', async () => {
    renderApp({
      route: '/photos',
      routes: {
        'GET /st/4/jobs/job-timeline/timeline/months': {
          body: { months: [month(2024, 1, { documents: 2 })] },
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Your photos will show up here' })).toBeTruthy();
  });

  test('says what went wrong when the timeline cannot load, with a retry', async () => {
    renderApp({
      route: '/photos',
      routes: { 'GET /st/4/jobs/job-timeline/timeline/months': { status: 500 } },
    });
    expect(await screen.findByRole('alert')).toBeTruthy();
  });

  test('filters by type on the server and sizes months from the matching counts', async () => {
    const march = month(2024, 3, { pictures: 2, videos: 1 });
    const june = month(2023, 6, { pictures: 1 });
    const { requests } = renderApp({
      route: '/photos',
      routes: {
        'GET /st/4/jobs/job-timeline/timeline/months': { body: { months: [march, june] } },
        'GET /st/4/jobs/job-timeline/files': (request) => ({
          body: {
            files:
              request.url.searchParams.get('filter') === 'only_videos'
                ? [aFile({ id: 'clip', type: 'Movies', duration: 5, name: 'clip.mp4' })]
                : [aFile({ id: 'beach' })],
            next_cursor: null,
          },
        }),
      },
    });
    await screen.findByRole('region', { name: 'June 2023' });
    fireEvent.click(screen.getByRole('button', { name: 'Videos' }));
    const marchSection = await screen.findByRole('region', { name: 'March 2024' });
    expect(await within(marchSection).findByRole('img', { name: 'clip.mp4' })).toBeTruthy();
    // June has no video: no section for it under this filter.
    expect(screen.queryByRole('region', { name: 'June 2023' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Videos' }).getAttribute('aria-pressed')).toBe('true');
    const filters = requests
      .filter((r) => r.url.pathname.endsWith('/files'))
      .map((r) => r.url.searchParams.get('filter'));
    expect(filters).toContain('only_videos');
    expect(filters).toContain('all');
  });

  test('recents open on the last 7 days, else the last day, else 30 days (spec 000 §9)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const march = month(2024, 3, { pictures: 2 });
    const { requests } = renderApp({
      route: '/photos?filter=recents',
      routes: {
        'GET /st/4/jobs/job-timeline/timeline/months': { body: { months: [march] } },
        'GET /st/4/jobs/job-timeline/files': {
          body: {
            files: [
              aFile({ id: 'today', uploaded: now - 3600, taken: march.start + 10 }),
              aFile({ id: 'older', uploaded: now - 20 * 86_400, taken: march.start + 5 }),
            ],
            next_cursor: null,
          },
        },
      },
    });
    // No file in the last 7 days but one today would pick 1 day; here 7 days has one.
    const week = await screen.findByRole('button', { name: 'Last 7 days (1)' });
    expect(week.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Last 30 days (2)' })).toBeTruthy();
    const section = await screen.findByRole('region', { name: 'March 2024' });
    expect(within(section).getByRole('img', { name: 'today.jpg' })).toBeTruthy();
    expect(within(section).queryByRole('img', { name: 'older.jpg' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Last 30 days (2)' }));
    expect(await screen.findByRole('img', { name: 'older.jpg' })).toBeTruthy();
    const since = requests.find((r) => r.url.searchParams.has('uploaded_since'));
    expect(Number(since?.url.searchParams.get('uploaded_since'))).toBeCloseTo(now - 30 * 86_400, -2);
  });

  test('a right click opens the file menu; delete moves it to the trash and Undo restores it', async () => {
    const march = month(2024, 3, { pictures: 1 });
    const { requests, user } = renderApp({
      route: '/photos',
      routes: {
        'GET /st/4/jobs/job-timeline/timeline/months': { body: { months: [march] } },
        'GET /st/4/jobs/job-timeline/files': { body: { files: [aFile({ id: 'beach' })], next_cursor: null } },
        'DELETE /st/4/jobs/job-timeline/files_by_id/beach': { body: { ok: true } },
        'POST /st/4/jobs/job-timeline/multi_rollback': {
          body: {
            results: [{ file_uuid: 'beach', status: 'ok' }],
            quota: { used_space: 1, max_space: 10 },
          },
        },
      },
    });
    const tile = (await screen.findByRole('img', { name: 'beach.jpg' })).closest('a');
    if (!tile) throw new Error('no tile');
    fireEvent.contextMenu(tile, { clientX: 40, clientY: 60 });
    const menu = await screen.findByRole('menu', { name: 'Actions for beach.jpg' });
    expect(within(menu).getByRole('menuitem', { name: 'Download' })).toBeTruthy();
    await user.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    await screen.findByText('1 file restored');
    expect(requests.some((r) => r.method === 'DELETE' && r.url.pathname.endsWith('/beach'))).toBe(true);
    const rollback = requests.find((r) => r.url.pathname.endsWith('/multi_rollback'));
    expect(rollback?.body).toEqual({ file_uuids: ['beach'] });
  });

  test('selects with the circle, a shift-click range across months, a whole month; Escape clears', async () => {
    const march = month(2024, 3, { pictures: 2 });
    const june = month(2023, 6, { pictures: 2 });
    const { user } = renderApp({
      route: '/photos',
      routes: {
        'GET /st/4/jobs/job-timeline/timeline/months': { body: { months: [march, june] } },
        'GET /st/4/jobs/job-timeline/files': (request) => ({
          body: {
            files:
              Number(request.url.searchParams.get('start')) === march.start
                ? [aFile({ id: 'beach' }), aFile({ id: 'dunes' })]
                : [aFile({ id: 'lake' }), aFile({ id: 'fjord' })],
            next_cursor: null,
          },
        }),
      },
    });
    await screen.findByRole('img', { name: 'fjord.jpg' });
    await user.click(screen.getByRole('checkbox', { name: 'Select beach.jpg' }));
    expect(await screen.findByRole('toolbar', { name: '1 selected' })).toBeTruthy();
    // While selecting, a click on a picture toggles it instead of opening the viewer.
    const lake = screen.getByRole('img', { name: 'lake.jpg' }).closest('a');
    if (!lake) throw new Error('no tile');
    await user.keyboard('{Shift>}');
    await user.click(lake);
    await user.keyboard('{/Shift}');
    expect(screen.getByRole('toolbar', { name: '3 selected' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Select dunes.jpg' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(screen.getByRole('checkbox', { name: 'Select fjord.jpg' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('toolbar')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Select all of June 2023' }));
    expect(await screen.findByRole('toolbar', { name: '2 selected' })).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Select all of 2024' }));
    expect(screen.getByRole('toolbar', { name: '4 selected' })).toBeTruthy();
  });
});

describe('selecting a month still loading', () => {
  test('a month selected while its later pages load takes all its files, not its first page', async () => {
    const march = month(2024, 3, { pictures: 302 });
    const names = Array.from({ length: 302 }, (_, index) => `p-${String(index)}`);
    const rest = Promise.withResolvers<undefined>();
    const { user } = renderApp({
      route: '/photos',
      // The app's own: a first load's first pages are fresh data to a plain query.
      staleTime: STALE_TIME.short,
      routes: {
        'GET /st/4/jobs/job-timeline/timeline/months': { body: { months: [march] } },
        // A first page of 300, then the last two once `rest` resolves.
        'GET /st/4/jobs/job-timeline/files': (request) =>
          request.url.searchParams.get('cursor') === 'page-2'
            ? {
                body: { files: names.slice(300).map((id) => aFile({ id })), next_cursor: null },
                after: rest.promise,
              }
            : { body: { files: names.slice(0, 300).map((id) => aFile({ id })), next_cursor: 'page-2' } },
      },
    });
    await screen.findByRole('img', { name: 'p-0.jpg' });
    await user.click(screen.getByRole('checkbox', { name: 'Select all of March 2024' }));
    // Not the first page alone: the month waits for the rest.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('toolbar', { name: '300 selected' })).toBeNull();
    rest.resolve(undefined);
    expect(await screen.findByRole('toolbar', { name: '302 selected' })).toBeTruthy();
  });
});

/** The timeline with one month holding one video, `clip.mp4`, whose preview has a URL. */
function renderOneVideo() {
  const march = month(2024, 3, { videos: 1 });
  return renderApp({
    route: '/photos',
    routes: {
      'GET /st/4/jobs/job-timeline/timeline/months': { body: { months: [march] } },
      'GET /st/4/jobs/job-timeline/files': {
        body: {
          files: [
            aFile({
              id: 'clip',
              name: 'clip.mp4',
              type: 'Movies',
              duration: 12,
              taken: march.start + 86_400,
              video_url: '/st/4/jobs/job-timeline/files_by_id/clip?sub=1&exp=1&sig=v',
            }),
          ],
          next_cursor: null,
        },
      },
    },
  });
}
