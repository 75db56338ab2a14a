import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { anAccount } from '../../../test/factories.ts';
import { sentEvents } from '../../../test/analytics.ts';
import { renderApp } from '../../../test/render.tsx';
import { aSharedAlbum, RoutesWithLocation } from '../../../test/visitor.tsx';

const location = () => screen.getByTestId('location').textContent;
const copied = (...ids: string[]) => ({
  body: { results: ids.map((id) => ({ file_uuid: id, status: 'ok', new_uuid: `t-${id}` })) },
});

describe('login-gated actions on a shared album (spec 000 §2)', () => {
  test.each(['/a/job-1/subscribe', '/a/job-1/copyAlbum', '/a/job-1/f-9/copyAlbum', '/a/job-1/createNew'])(
    'signed out, %s goes to the login and comes back after it',
    async (path) => {
      const { requests } = renderApp({
        route: path,
        login: { status: 'NOT_STARTED', notice: null },
        token: null,
        element: <RoutesWithLocation />,
      });
      await waitFor(() => {
        expect(location()).toBe(`/login?redir=${encodeURIComponent(path)}`);
      });
      expect(requests.some((r) => r.method === 'POST')).toBe(false);
    },
  );

  test('subscribe joins the album and opens /albums/{id}', async () => {
    const { requests } = renderApp({
      route: '/a/job-1/subscribe',
      routes: { 'POST /st/4/jobs/job-1/subscribe': { body: aSharedAlbum({ role: 'participant' }) } },
      element: <RoutesWithLocation />,
    });
    await waitFor(() => {
      expect(location()).toBe('/albums/job-1');
    });
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url.pathname)).toEqual([
      '/st/4/jobs/job-1/subscribe',
    ]);
  });

  test('the join is reported as the account action album_subscription from its receiver (spec 001 §3)', async () => {
    const { requests } = renderApp({
      route: '/a/job-1/subscribe',
      routes: {
        'GET /st/4/account_info': { body: anAccount({ permitted_services: ['analytics'] }) },
        'POST /st/4/jobs/job-1/subscribe': { body: aSharedAlbum({ role: 'participant' }) },
        'POST /st/4/user_statistics_events': { body: { accepted: 1 } },
      },
      element: <RoutesWithLocation />,
    });
    await waitFor(
      () => {
        expect(sentEvents(requests)).toEqual([
          expect.objectContaining({ name: 'album_subscription', props: { context: 'album_receiver' } }),
        ]);
      },
      { timeout: 4000 },
    );
  });

  test('copyAlbum keeps every file in the timeline and says how many', async () => {
    const { requests } = renderApp({
      route: '/a/job-1/copyAlbum',
      routes: { 'POST /st/4/jobs/job-1/keep-all-files': copied('a', 'b') },
      element: <RoutesWithLocation />,
    });
    expect(await screen.findByText('2 files added to your photos')).toBeTruthy();
    await waitFor(() => {
      expect(location()).toBe('/photos');
    });
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  test('{fileId}/copyAlbum copies that one file to the timeline', async () => {
    const { requests } = renderApp({
      route: '/a/job-1/f-9/copyAlbum',
      routes: { 'POST /st/4/jobs/job-1/copy_to_timeline': copied('f-9') },
      element: <RoutesWithLocation />,
    });
    expect(await screen.findByText('1 file added to your photos')).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ file_uuids: ['f-9'] });
  });

  test('a copy refused for lack of storage says so, and Try again asks again', async () => {
    let calls = 0;
    const { user } = renderApp({
      route: '/a/job-1/copyAlbum',
      routes: {
        'POST /st/4/jobs/job-1/keep-all-files': () =>
          ++calls === 1
            ? { status: 413, body: { error: { code: 'quota_exceeded', message: 'full' } } }
            : copied('a'),
      },
      element: <RoutesWithLocation />,
    });
    expect(await screen.findByRole('heading', { name: 'Insufficient storage' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the album' }).getAttribute('href')).toBe('/a/job-1');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1 file added to your photos')).toBeTruthy();
  });

  test("a failed album copy shows spec 000 §8's 'Failed to add album - please try again'", async () => {
    renderApp({
      route: '/a/job-1/copyAlbum',
      routes: { 'POST /st/4/jobs/job-1/keep-all-files': { status: 500 } },
    });
    expect(
      await screen.findByRole('heading', { name: 'Failed to add album - please try again' }),
    ).toBeTruthy();
  });

  test('createNew opens the two-step album creation', async () => {
    renderApp({ route: '/a/job-1/createNew', element: <RoutesWithLocation /> });
    await waitFor(() => {
      expect(location()).toBe('/albums/new/edit/a');
    });
  });
});
