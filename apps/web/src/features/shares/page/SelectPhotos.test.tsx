import { SHARE_MAX_FILES } from '@trove/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { aFile } from '../../../test/factories.ts';
import type { FakeRoutes, SeenRequest } from '../../../test/fake-fetch.ts';
import { renderApp } from '../../../test/render.tsx';
import { RoutesWithLocation } from '../../../test/visitor.tsx';
import { postToOpener, selectionMax, SELECT_PHOTOS_MESSAGE, shareUrl } from './select-photos.ts';
import { aShare, IN_30_DAYS, NOT_FOUND, SHARE_ID } from './test-share.tsx';

const MARCH = {
  year: 2024,
  month: 3,
  start: Date.UTC(2024, 2, 1) / 1000,
  end: Date.UTC(2024, 3, 1) / 1000,
  pictures: 3,
  videos: 0,
  screenshots: 0,
  documents: 0,
};
const location = () => screen.getByTestId('location').textContent;
const posts = (requests: SeenRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.url.pathname === '/st/4/shares');

function timeline(overrides: FakeRoutes = {}): FakeRoutes {
  return {
    'GET /st/4/jobs/job-timeline/timeline/months': { body: { months: [MARCH] } },
    'GET /st/4/jobs/job-timeline/files': {
      body: { files: ['beach', 'lake', 'fjord'].map((id) => aFile({ id })), next_cursor: null },
    },
    'POST /st/4/shares': { body: { id: SHARE_ID, expires: IN_30_DAYS } },
    [`GET /st/4/shares/${SHARE_ID}`]: { body: aShare({ is_owner: true, docFiles: [] }) },
    ...overrides,
  };
}

/** A window.opener that records what it is sent. */
function fakeOpener() {
  const postMessage = vi.fn();
  Object.defineProperty(window, 'opener', { value: { postMessage, closed: false }, configurable: true });
  const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
  return { postMessage, close };
}

afterEach(() => {
  vi.restoreAllMocks();
  Object.defineProperty(window, 'opener', { value: null, configurable: true });
});

describe('the maximum of /selectPhotos?max=N (spec 000 §5)', () => {
  test('a whole number from 1 up to the share limit; anything else is the share limit', () => {
    expect(selectionMax('3')).toBe(3);
    expect(selectionMax('1')).toBe(1);
    expect(selectionMax(String(SHARE_MAX_FILES + 1))).toBe(SHARE_MAX_FILES);
    for (const value of [null, '', '0', '-2', '2.5', 'ten', '1e3', '9999999'])
      expect(selectionMax(value)).toBe(SHARE_MAX_FILES);
  });

  test('Next is active only when 0 < count ≤ max; above it the counter turns red and the limit prompt opens', async () => {
    const { user } = renderApp({ route: '/selectPhotos?max=2', routes: timeline() });
    const beach = await screen.findByRole('img', { name: 'beach.jpg' });
    const bar = screen.getByRole('toolbar', { name: 'Choose photos to share' });
    const next = within(bar).getByRole('button', { name: 'Next' });
    expect(next).toHaveProperty('disabled', true);
    await user.click(beach);
    await user.click(screen.getByRole('img', { name: 'lake.jpg' }));
    expect(next).toHaveProperty('disabled', false);
    expect(within(bar).getByText('2 selected').className).not.toContain('is-over-max');

    await user.click(screen.getByRole('img', { name: 'fjord.jpg' }));
    expect(next).toHaveProperty('disabled', true);
    expect(within(bar).getByText('3 selected').className).toContain('is-over-max');
    const prompt = screen.getByRole('dialog', { name: 'Too many photos selected' });
    expect(prompt.textContent).toContain('You can choose up to 2 photos.');
  });
});

describe('/selectPhotos and /selectPhotos/{id} (spec 000 §2; [Note: Select photos])', () => {
  test('signed out, it asks for the login and comes back with its maximum', async () => {
    renderApp({
      route: '/selectPhotos?max=2',
      login: { status: 'NOT_STARTED', notice: null },
      token: null,
      element: <RoutesWithLocation />,
    });
    await waitFor(() => {
      expect(location()).toBe(`/login?redir=${encodeURIComponent('/selectPhotos?max=2')}`);
    });
  });

  test('Next shares the chosen files from the timeline and hands the link to the opener, same origin only', async () => {
    const opener = fakeOpener();
    const { user, requests } = renderApp({
      route: '/selectPhotos',
      routes: timeline(),
      element: <RoutesWithLocation />,
    });
    await user.click(await screen.findByRole('img', { name: 'beach.jpg' }));
    await user.click(screen.getByRole('img', { name: 'fjord.jpg' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Your link is ready' })).toBeTruthy();
    expect(location()).toBe(`/selectPhotos/${SHARE_ID}`);
    expect(posts(requests).map((r) => r.body)).toEqual([
      { source_job: 'job-timeline', file_uuids: ['beach', 'fjord'] },
    ]);

    const url = `http://localhost:3000/share/${SHARE_ID}`;
    expect(screen.getByLabelText<HTMLInputElement>('Link').value).toBe(url);
    expect(opener.postMessage.mock.calls).toEqual([
      [{ type: SELECT_PHOTOS_MESSAGE, shareId: SHARE_ID, url }, 'http://localhost:3000'],
    ]);
    expect(screen.getByText('The link was handed to the page that asked for it.').getAttribute('role')).toBe(
      'status',
    );
    await user.click(screen.getByRole('button', { name: 'Close window' }));
    expect(opener.close).toHaveBeenCalled();
  });

  test("a failed share says spec 000 §8's 'Failed to share files - please try again' and stays", async () => {
    const { user } = renderApp({
      route: '/selectPhotos',
      routes: timeline({ 'POST /st/4/shares': { status: 500 } }),
    });
    await user.click(await screen.findByRole('img', { name: 'beach.jpg' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Failed to share files - please try again')).toBeTruthy();
    expect(screen.getByRole('toolbar', { name: 'Choose photos to share' })).toBeTruthy();
  });

  test('Cancel tells the opener nothing was chosen and closes the window', async () => {
    const opener = fakeOpener();
    const { user } = renderApp({ route: '/selectPhotos', routes: timeline() });
    await screen.findByRole('img', { name: 'beach.jpg' });
    await user.click(within(screen.getByRole('toolbar')).getByRole('button', { name: 'Cancel' }));
    expect(opener.postMessage.mock.calls).toEqual([
      [{ type: SELECT_PHOTOS_MESSAGE, shareId: null, url: null }, 'http://localhost:3000'],
    ]);
    expect(opener.close).toHaveBeenCalled();
  });

  test('without an opener, the end page offers the timeline instead of closing', async () => {
    renderApp({ route: `/selectPhotos/${SHARE_ID}`, routes: timeline() });
    expect(await screen.findByRole('heading', { name: 'Your link is ready' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close window' })).toBeNull();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Go to my photos' })).toBeTruthy();
  });

  test("someone else's share, or one that is gone, is share not found and posts nothing", async () => {
    const opener = fakeOpener();
    renderApp({
      route: `/selectPhotos/${SHARE_ID}`,
      routes: timeline({ [`GET /st/4/shares/${SHARE_ID}`]: { body: aShare({ is_owner: false }) } }),
    });
    expect(await screen.findByRole('heading', { name: 'Share not found' })).toBeTruthy();
    expect(opener.postMessage).not.toHaveBeenCalled();
  });

  test('a share that is gone is share not found', async () => {
    renderApp({
      route: `/selectPhotos/${SHARE_ID}`,
      routes: timeline({ [`GET /st/4/shares/${SHARE_ID}`]: NOT_FOUND }),
    });
    expect(await screen.findByRole('heading', { name: 'Share not found' })).toBeTruthy();
  });

  test('postToOpener never posts to a closed opener, and always with the given origin', () => {
    const postMessage = vi.fn();
    const message = {
      type: SELECT_PHOTOS_MESSAGE,
      shareId: 'x',
      url: shareUrl('https://trove.example', 'x'),
    } as const;
    expect(postToOpener(message, 'https://trove.example', { postMessage, closed: true })).toBe(false);
    expect(postToOpener(message, 'https://trove.example', null)).toBe(false);
    expect(postToOpener(message, 'https://trove.example', { postMessage, closed: false })).toBe(true);
    expect(postMessage.mock.calls).toEqual([[message, 'https://trove.example']]);
    expect(message.url).toBe('https://trove.example/share/x');
  });
});
