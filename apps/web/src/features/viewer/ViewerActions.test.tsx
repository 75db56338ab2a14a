import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aFile } from '../../test/factories.ts';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderApp } from '../../test/render.tsx';
import { CLIP_URL, MARCH, library, press, shown, viewer } from '../../test/library.ts';

beforeEach(() => {
  // jsdom plays no media.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('videos (spec 000 §4 Video transcode)', () => {
  test('processing while the check answers queued, then playing with controls', async () => {
    const { routes } = library();
    let checks = 0;
    renderApp({
      route: '/photos/clip',
      routes: {
        ...routes,
        'GET /st/4/jobs/job-timeline/files_by_id/clip/v_check': () => {
          checks += 1;
          return { body: { result: checks === 1 ? 'queued' : 'ready' } };
        },
      },
    });
    expect(await screen.findByText(/still being processed/)).toBeTruthy();
    const video = await waitFor(
      () => {
        const element = viewer().querySelector('video');
        if (!element) throw new Error('no video yet');
        return element;
      },
      { timeout: 3000 },
    );
    expect(video.getAttribute('src')).toBe(`http://localhost:3000${CLIP_URL}`);
    expect(video.hasAttribute('controls')).toBe(true);
    expect(checks).toBe(2);
  });

  test('a video the server could not read cannot play', async () => {
    const { routes } = library();
    renderApp({
      route: '/photos/clip',
      routes: {
        ...routes,
        'GET /st/4/jobs/job-timeline/files_by_id/clip/v_check': { body: { result: 'error' } },
      },
    });
    expect((await within(await screen.findByRole('dialog')).findByRole('alert')).textContent).toContain(
      "This video can't be played.",
    );
  });
});

describe('slideshow (spec 000 §9)', () => {
  test('moves on after 5000 ms, pauses, and wraps from the last file to the first', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp({ route: '/photos/c#autoPlay', routes: library().routes });
    await shown('c.jpg');
    await act(() => vi.advanceTimersByTimeAsync(4900));
    expect(screen.getByRole('dialog', { name: 'c.jpg' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(200));
    const clip = await screen.findByRole('dialog', { name: 'clip.mp4' });
    const video = await waitFor(() => {
      const element = clip.querySelector('video');
      if (!element) throw new Error('no video yet');
      return element;
    });
    // A video stays until it finished, then the slideshow wraps to the newest file.
    await act(() => vi.advanceTimersByTimeAsync(6000));
    expect(screen.getByRole('dialog', { name: 'clip.mp4' })).toBeTruthy();
    fireEvent.ended(video);
    await shown('a.jpg');
    fireEvent.click(within(viewer()).getByRole('button', { name: 'Pause slideshow' }));
    await act(() => vi.advanceTimersByTimeAsync(6000));
    expect(screen.getByRole('dialog', { name: 'a.jpg' })).toBeTruthy();
    expect(within(viewer()).getByRole('button', { name: 'Play slideshow' })).toBeTruthy();
  });
});

describe('remote keys (spec 000 §9: b, p, s for back, play/pause, stop)', () => {
  test('p starts and pauses the slideshow on a picture, s stops it, b goes back', async () => {
    renderApp({ route: '/photos/b', routes: library().routes });
    await shown('b.jpg');
    press('p');
    expect(await within(viewer()).findByRole('button', { name: 'Pause slideshow' })).toBeTruthy();
    press('p');
    expect(await within(viewer()).findByRole('button', { name: 'Play slideshow' })).toBeTruthy();
    press('p');
    await within(viewer()).findByRole('button', { name: 'Pause slideshow' });
    press('s');
    expect(await within(viewer()).findByRole('button', { name: 'Play slideshow' })).toBeTruthy();
    press('b');
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });

  test('p plays and pauses a video on screen', async () => {
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    renderApp({ route: '/photos/clip', routes: library().routes });
    const clip = await screen.findByRole('dialog', { name: 'clip.mp4' });
    const video = await waitFor(() => {
      const element = clip.querySelector('video');
      if (!element) throw new Error('no video yet');
      return element;
    });
    Object.defineProperty(video, 'paused', { configurable: true, value: false });
    press('p');
    expect(pause).toHaveBeenCalledTimes(1);
    const playsBefore = play.mock.calls.length;
    Object.defineProperty(video, 'paused', { configurable: true, value: true });
    press('p');
    expect(play.mock.calls.length).toBe(playsBefore + 1);
    // A video's p never starts the slideshow.
    expect(within(viewer()).getByRole('button', { name: 'Play slideshow' })).toBeTruthy();
  });
});

describe('delete', () => {
  test('moves the file to the trash, goes on to the next, and the timeline updates', async () => {
    const { routes, remove } = library();
    const { requests } = renderApp({
      route: '/photos/b',
      routes: {
        ...routes,
        'DELETE /st/4/jobs/job-timeline/files_by_id/b': () => {
          remove('b');
          return { body: { ok: true } };
        },
      },
    });
    await shown('b.jpg');
    fireEvent.click(within(viewer()).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete file?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await shown('c.jpg');
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname)).toEqual([
      '/st/4/jobs/job-timeline/files_by_id/b',
    ]);
    press('ArrowLeft');
    await shown('a.jpg');
  });

  test('the Delete key asks too, and the toast offers Undo as the selection bar does', async () => {
    const { routes, remove } = library();
    const { requests } = renderApp({
      route: '/photos/b',
      routes: {
        ...routes,
        'DELETE /st/4/jobs/job-timeline/files_by_id/b': () => {
          remove('b');
          return { body: { ok: true } };
        },
        'POST /st/4/jobs/job-timeline/multi_rollback': {
          body: { results: [{ file_uuid: 'b', status: 'ok' }], quota: { used_space: 1, max_space: 10 } },
        },
      },
    });
    await shown('b.jpg');
    press('Delete');
    const confirm = await screen.findByRole('dialog', { name: 'Delete file?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await shown('c.jpg');
    expect(await screen.findByText('1 file deleted')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('1 file restored')).toBeTruthy();
    const rollback = requests.find((r) => r.url.pathname.endsWith('/multi_rollback'));
    expect(rollback?.body).toEqual({ file_uuids: ['b'] });
  });

  test('deleting the only file returns to the timeline', async () => {
    let files = [aFile({ id: 'only', taken: MARCH.start + 5 })];
    renderApp({
      route: '/photos/only',
      routes: {
        'GET /st/4/jobs/job-timeline/timeline/months': () => ({
          body: { months: files.length > 0 ? [{ ...MARCH, pictures: 1 }] : [] },
        }),
        'GET /st/4/jobs/job-timeline/files': () => ({ body: { files, next_cursor: null } }),
        'DELETE /st/4/jobs/job-timeline/files_by_id/only': () => {
          files = [];
          return { body: { ok: true } };
        },
      },
    });
    await shown('only.jpg');
    fireEvent.click(within(viewer()).getByRole('button', { name: 'Delete' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete file?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Your photos will show up here' })).toBeTruthy();
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });

  test("a failed delete says 'Failed to delete file' (spec 000 §8) and stays", async () => {
    const { routes } = library();
    renderApp({
      route: '/photos/a',
      routes: { ...routes, 'DELETE /st/4/jobs/job-timeline/files_by_id/a': { status: 500 } },
    });
    await shown('a.jpg');
    fireEvent.click(within(viewer()).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete file?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete file')).toBeTruthy();
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Delete file?' })).toBeNull();
    });
    expect(screen.getByRole('dialog', { name: 'a.jpg' })).toBeTruthy();
  });
});
