import type { RemoteFile } from '@trove/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aFile, anAccount } from '../../test/factories.ts';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderApp } from '../../test/render.tsx';
import { MARCH, library, press, shown, viewer } from '../../test/library.ts';

beforeEach(() => {
  // jsdom plays no media.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('carousel (spec 000 §4)', () => {
  test('opened by URL it finds the month, shows the 1280 thumbnail, and steps in timeline order', async () => {
    const { requests } = renderApp({ route: '/photos/b', routes: library().routes });
    const image = await shown('b.jpg');
    expect(image.getAttribute('src')).toBe('http://localhost:3000/th/3/b?area=1280&exp=1&sig=l');
    expect(requests.some((r) => r.url.pathname.endsWith('/metadata/b'))).toBe(false);

    press('ArrowRight'); // across the month boundary: February's first file
    await shown('c.jpg');
    press('ArrowLeft');
    await shown('b.jpg');
    press('Home');
    await shown('a.jpg');
    press('End');
    expect(await screen.findByRole('dialog', { name: 'clip.mp4' })).toBeTruthy();
    press('Escape');
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(await screen.findByRole('region', { name: 'March 2024' })).toBeTruthy();
  });

  test('previous and next buttons step, and are gone at the ends', async () => {
    renderApp({ route: '/photos/a', routes: library().routes });
    await shown('a.jpg');
    expect(within(viewer()).queryByRole('button', { name: 'Previous' })).toBeNull();
    fireEvent.click(within(viewer()).getByRole('button', { name: 'Next' }));
    await shown('b.jpg');
    fireEvent.click(await within(viewer()).findByRole('button', { name: 'Previous' }));
    await shown('a.jpg');
  });

  test('opened from the grid, Escape returns to the same timeline without loading it again', async () => {
    const { requests, user } = renderApp({ route: '/photos', routes: library().routes });
    const march = await screen.findByRole('region', { name: 'March 2024' });
    await user.click(await within(march).findByRole('img', { name: 'b.jpg' }));
    await shown('b.jpg');
    const monthsAsked = requests.filter((r) => r.url.pathname.endsWith('/timeline/months')).length;
    press('Escape');
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(screen.getByRole('region', { name: 'March 2024' })).toBe(march);
    expect(requests.filter((r) => r.url.pathname.endsWith('/timeline/months')).length).toBe(monthsAsked);
  });

  test('opened from a filter, it steps within that filter (spec 000 §2 Timeline filters)', async () => {
    const march = { ...MARCH, pictures: 2, videos: 1 };
    const files = [
      aFile({ id: 'a', taken: MARCH.start + 300 }),
      aFile({ id: 'walk', name: 'walk.mp4', type: 'Movies', duration: 9, taken: MARCH.start + 250 }),
      aFile({ id: 'b', taken: MARCH.start + 200 }),
      aFile({ id: 'swim', name: 'swim.mp4', type: 'Movies', duration: 7, taken: MARCH.start + 100 }),
    ];
    const { user } = renderApp({
      route: '/photos?filter=only_videos',
      routes: {
        'GET /st/4/jobs/job-timeline/timeline/months': { body: { months: [{ ...march, videos: 2 }] } },
        'GET /st/4/jobs/job-timeline/files': (request) => ({
          body: {
            files: files.filter(
              (file) => request.url.searchParams.get('filter') !== 'only_videos' || file.type === 'Movies',
            ),
            next_cursor: null,
          },
        }),
        'GET /st/4/jobs/job-timeline/files_by_id/walk/v_check': { body: { result: 'ready' } },
        'GET /st/4/jobs/job-timeline/files_by_id/swim/v_check': { body: { result: 'ready' } },
      },
    });
    await user.click(await screen.findByRole('img', { name: 'walk.mp4' }));
    expect(await screen.findByRole('dialog', { name: 'walk.mp4' })).toBeTruthy();
    press('ArrowRight');
    expect(await screen.findByRole('dialog', { name: 'swim.mp4' })).toBeTruthy();
    press('ArrowLeft');
    expect(await screen.findByRole('dialog', { name: 'walk.mp4' })).toBeTruthy();
  });

  test('opened from a recents window, it steps within that window', async () => {
    const now = Math.floor(Date.now() / 1000);
    const files = [
      aFile({ id: 'a', uploaded: now - 3600, taken: MARCH.start + 30 }),
      aFile({ id: 'old', uploaded: now - 20 * 86_400, taken: MARCH.start + 20 }),
      aFile({ id: 'b', uploaded: now - 7200, taken: MARCH.start + 10 }),
    ];
    const { user } = renderApp({
      route: '/photos?filter=recents_7',
      routes: {
        'GET /st/4/jobs/job-timeline/timeline/months': { body: { months: [{ ...MARCH, pictures: 3 }] } },
        'GET /st/4/jobs/job-timeline/files': { body: { files, next_cursor: null } },
      },
    });
    await user.click(await screen.findByRole('img', { name: 'a.jpg' }));
    await shown('a.jpg');
    press('ArrowRight');
    await shown('b.jpg');
    expect(within(viewer()).queryByRole('button', { name: 'Next' })).toBeNull();
    press('ArrowLeft');
    await shown('a.jpg');
  });

  test('a file no month holds says so, with a way back', async () => {
    renderApp({ route: '/photos/gone', routes: library().routes });
    expect(await screen.findByText('This photo is no longer in your timeline.')).toBeTruthy();
    fireEvent.click(within(viewer()).getAllByRole('button', { name: 'Back to photos' })[1] as HTMLElement);
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });
});

describe('pictures', () => {
  test('zooming shows the original; a HEIC zooms to its JPEG', async () => {
    const { routes } = library();
    const heic = aFile({
      id: 'h',
      name: 'h.heic',
      taken: MARCH.start + 400,
      jpeg_url: '/st/4/jobs/job-timeline/files_by_id/h?to_jpeg=1&exp=1&sig=j',
    });
    const files = routes['GET /st/4/jobs/job-timeline/files'];
    renderApp({
      route: '/photos/a',
      routes: {
        ...routes,
        'GET /st/4/jobs/job-timeline/files': (request) => {
          const answer = typeof files === 'function' ? files(request) : { body: {} };
          if (answer === 'network' || Number(request.url.searchParams.get('start')) !== MARCH.start)
            return answer;
          const body = answer.body as { files: RemoteFile[] };
          return { body: { files: [heic, ...body.files], next_cursor: null } };
        },
      },
    });
    fireEvent.click(await shown('a.jpg'));
    await waitFor(() => {
      expect(viewer().querySelector('.viewer-image__original')?.getAttribute('src')).toBe(
        'http://localhost:3000/st/4/jobs/job-timeline/files_by_id/a?exp=1&sig=o',
      );
    });
    expect(within(viewer()).getByRole('button', { name: 'Zoom out' })).toBeTruthy();
    press('ArrowLeft');
    await shown('h.heic');
    fireEvent.click(within(viewer()).getByRole('button', { name: 'Zoom in' }));
    await waitFor(() => {
      expect(viewer().querySelector('.viewer-image__original')?.getAttribute('src')).toBe(
        'http://localhost:3000/st/4/jobs/job-timeline/files_by_id/h?to_jpeg=1&exp=1&sig=j',
      );
    });
  });

  test("a thumbnail that fails to load says 'something went wrong' (spec 000 §8)", async () => {
    renderApp({ route: '/photos/a', routes: library().routes });
    fireEvent.error(await shown('a.jpg'));
    expect((await within(viewer()).findByRole('alert')).textContent).toContain('Something went wrong');
  });

  test('a failed picture sends one unsupported_media event when analytics is permitted', async () => {
    const { requests } = renderApp({
      route: '/photos/a',
      routes: {
        ...library().routes,
        'GET /st/4/account_info': { body: anAccount({ permitted_services: ['analytics'] }) },
        'POST /st/4/user_statistics_events': { body: { accepted: 1 } },
      },
    });
    const image = await shown('a.jpg');
    fireEvent.error(image);
    fireEvent.error(image);
    await within(viewer()).findByRole('alert');
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => {
      expect(requests.filter((r) => r.url.pathname === '/st/4/user_statistics_events')).toHaveLength(1);
    });
    const sent = requests.find((r) => r.url.pathname === '/st/4/user_statistics_events');
    expect(sent?.body).toEqual({
      events: [
        {
          name: 'unsupported_media',
          // spec 000 §2: the file id is not reported.
          path: '/photos/{fileId}',
          props: { extension: 'jpg', type: 'Pictures' },
          time: expect.any(Number) as unknown,
        },
      ],
    });
  });

  test('a picture the server could not read says so and is reported as unsupported media', async () => {
    const { routes } = library();
    const files = routes['GET /st/4/jobs/job-timeline/files'];
    const { requests } = renderApp({
      route: '/photos/b',
      routes: {
        ...routes,
        'GET /st/4/jobs/job-timeline/files': (request) => {
          const answer = typeof files === 'function' ? files(request) : files;
          if (answer === 'network' || answer === undefined) return 'network';
          const body = answer.body as { files: RemoteFile[] };
          const failed = body.files.map((f) =>
            f.id === 'b' ? { ...f, name: 'b.cr3', media_status: 'failed' as const } : f,
          );
          return { body: { files: failed, next_cursor: null } };
        },
        'GET /st/4/account_info': { body: anAccount({ permitted_services: ['analytics'] }) },
        'POST /st/4/user_statistics_events': { body: { accepted: 1 } },
      },
    });
    expect((await within(await screen.findByRole('dialog')).findByRole('alert')).textContent).toContain(
      'Something went wrong',
    );
    // The batch leaves within the pagehide handler (the page may be gone right after), so it
    // is recorded by the time dispatchEvent returns: the test below relies on that.
    window.dispatchEvent(new Event('pagehide'));
    const sent = requests.find((r) => r.url.pathname === '/st/4/user_statistics_events');
    expect(sent?.body).toMatchObject({
      events: [{ name: 'unsupported_media', props: { extension: 'cr3', type: 'Pictures' } }],
    });
  });

  test('a failed picture sends nothing without the analytics consent', async () => {
    const { requests } = renderApp({ route: '/photos/a', routes: library().routes });
    fireEvent.error(await shown('a.jpg'));
    await within(viewer()).findByRole('alert');
    // A batch would have been sent within the handler (see the test above): none was.
    window.dispatchEvent(new Event('pagehide'));
    expect(requests.some((r) => r.url.pathname === '/st/4/user_statistics_events')).toBe(false);
  });

  test('the details panel shows the file and its camera', async () => {
    const { routes } = library();
    renderApp({
      route: '/photos/b',
      routes: {
        ...routes,
        'GET /st/4/jobs/job-timeline/metadata/b': {
          body: {
            manufacturer: 'Canon',
            model: 'Canon EOS R5',
            iso: 100,
            aperture: 2.8,
            exposure: 0.004,
            focal_length: 50,
            latitude: 59.9127,
            longitude: 10.7461,
          },
        },
      },
    });
    await shown('b.jpg');
    fireEvent.click(within(viewer()).getByRole('button', { name: 'Show details' }));
    const panel = await screen.findByRole('complementary', { name: 'Details' });
    const value = (label: string) => within(panel).getByText(label).nextElementSibling?.textContent;
    expect(value('File name')).toBe('b.jpg');
    expect(value('Size')).toBe('1.5 MB');
    expect(value('Dimensions')).toBe('4000 × 3000');
    expect(value('Date taken')).toMatch(/(Thursday, February 29|Friday, March 1), 2024/);
    expect(await within(panel).findByText('Canon EOS R5')).toBeTruthy();
    expect(value('ISO speed')).toBe('100');
    expect(value('Aperture')).toBe('f/2.8');
    expect(value('Exposure time')).toBe('1/250 s');
    expect(value('Focal length')).toBe('50 mm');
    expect(value('Location')).toContain('59.91270° N, 10.74610° E');
    expect(within(panel).getByRole('link', { name: 'Show on map' }).getAttribute('href')).toContain(
      'mlat=59.91270',
    );
  });
});
