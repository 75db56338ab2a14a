import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { aFile } from '../../../test/factories.ts';
import type { FakeRoutes } from '../../../test/fake-fetch.ts';
import { renderApp } from '../../../test/render.tsx';
import { aSharedAlbum, RoutesWithLocation } from '../../../test/visitor.tsx';

const SIGNED_OUT = { login: { status: 'NOT_STARTED', notice: null }, token: null } as const;
const files = (...ids: string[]) => ({
  body: { files: ids.map((id) => aFile({ id, name: `${id}.jpg`, job: 'job-1' })), next_cursor: null },
});
const noChanges = { body: { changes: [], last_serial: 4 } };

function albumRoutes(overrides: FakeRoutes = {}): FakeRoutes {
  return {
    'GET /st/4/jobs/job-1/info': { body: aSharedAlbum() },
    'GET /st/4/jobs/job-1/files': files('beach'),
    'GET /st/4/jobs/job-1/changes': noChanges,
    ...overrides,
  };
}

const location = () => screen.getByTestId('location').textContent;

describe('/a/{albumId} for a visitor (spec 000 §2, §6)', () => {
  test('shows the album without a token: title, who shared it, its files, Sign in to add photos', async () => {
    const { requests } = renderApp({ ...SIGNED_OUT, route: '/a/job-1', routes: albumRoutes() });
    expect(await screen.findByRole('heading', { name: 'Cabin trip' })).toBeTruthy();
    expect(screen.getByText(/Shared by Ola/)).toBeTruthy();
    const grid = await screen.findByRole('list', { name: 'Cabin trip' });
    expect(within(grid).getByRole('img', { name: 'beach.jpg' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in to add photos' }).getAttribute('href')).toBe(
      '/a/job-1/subscribe',
    );
    expect(screen.queryByRole('link', { name: 'Join album' })).toBeNull();
    const info = requests.find((r) => r.url.pathname === '/st/4/jobs/job-1/info');
    expect(info?.headers.has('authorization')).toBe(false);
    expect(info?.url.searchParams.get('device_id')).toBeTruthy();
    expect(info?.url.searchParams.get('include_details')).toBe('1');
  });

  test('a newer change serial refetches the album and its files (PARTIALLY_FETCHED)', async () => {
    let version = 0;
    const { requests } = renderApp({
      ...SIGNED_OUT,
      route: '/a/job-1',
      routes: albumRoutes({
        'GET /st/4/jobs/job-1/info': () => ({ body: aSharedAlbum({ last_update: version === 0 ? 4 : 5 }) }),
        'GET /st/4/jobs/job-1/files': () => (version === 0 ? files('beach') : files('beach', 'kite')),
        'GET /st/4/jobs/job-1/changes': () => {
          version = 1;
          return {
            body: { changes: [{ serial: 5, type: 0, timestamp: 1, data: { id: 'kite' } }], last_serial: 5 },
          };
        },
      }),
    });
    expect(await screen.findByRole('img', { name: 'kite.jpg' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'beach.jpg' })).toBeTruthy();
    const changes = requests.filter((r) => r.url.pathname.endsWith('/changes'));
    expect(changes[0]?.url.searchParams.get('since')).toBe('4');
    expect(requests.filter((r) => r.url.pathname.endsWith('/info'))).toHaveLength(2);
  });

  test('pages through a long album as its end comes near', async () => {
    const { requests } = renderApp({
      ...SIGNED_OUT,
      route: '/a/job-1',
      routes: albumRoutes({
        'GET /st/4/jobs/job-1/files': (request) =>
          request.url.searchParams.get('cursor') === 'c2'
            ? files('second')
            : { body: { files: [aFile({ id: 'first', name: 'first.jpg' })], next_cursor: 'c2' } },
      }),
    });
    expect(await screen.findByRole('img', { name: 'second.jpg' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'first.jpg' })).toBeTruthy();
    const pages = requests.filter((r) => r.url.pathname.endsWith('/files'));
    expect(pages.map((r) => r.url.searchParams.get('sort'))).toEqual(['ADDED', 'ADDED']);
  });

  test('an empty album says nothing was added yet', async () => {
    renderApp({
      ...SIGNED_OUT,
      route: '/a/job-1',
      routes: albumRoutes({ 'GET /st/4/jobs/job-1/files': files() }),
    });
    expect(await screen.findByText('Nothing has been added to this album yet.')).toBeTruthy();
  });
});

describe('/a/{albumId} for a signed-in user', () => {
  test('the owner or a participant is sent on to /albums/{albumId}', async () => {
    renderApp({
      route: '/a/job-1',
      routes: albumRoutes({ 'GET /st/4/jobs/job-1/info': { body: aSharedAlbum({ role: 'participant' }) } }),
      element: <RoutesWithLocation />,
    });
    await waitFor(() => {
      expect(location()).toBe('/albums/job-1');
    });
  });

  test('a non-member sees the visitor view with Join album (currentUserCan.subscribeToAlbum)', async () => {
    const album = aSharedAlbum();
    renderApp({
      route: '/a/job-1',
      routes: albumRoutes({
        'GET /st/4/jobs/job-1/info': {
          body: { ...album, currentUserCan: { ...album.currentUserCan, subscribeToAlbum: true } },
        },
      }),
    });
    const join = await screen.findByRole('link', { name: 'Join album' });
    expect(join.getAttribute('href')).toBe('/a/job-1/subscribe');
    expect(screen.queryByRole('link', { name: 'Sign in to add photos' })).toBeNull();
  });
});

describe('what the job info error shows (spec 000 §4)', () => {
  test('404, signed out: album not found with the reasons and a sign-in button', async () => {
    renderApp({ ...SIGNED_OUT, route: '/a/gone' });
    expect(await screen.findByRole('heading', { name: 'Album not found' })).toBeTruthy();
    expect(screen.getByText(/expired.*deleted.*misspelt/)).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/login?redir=%2Fa%2Fgone',
    );
  });

  test('404, signed in: album not found with a way to the albums', async () => {
    renderApp({ route: '/a/gone' });
    expect(await screen.findByRole('heading', { name: 'Album not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your albums' }).getAttribute('href')).toBe('/albums');
    expect(within(screen.getByRole('main')).queryByRole('link', { name: 'Sign in' })).toBeNull();
  });

  test('a failed fetch shows the not-found page with Try again, which asks again', async () => {
    let calls = 0;
    const { user } = renderApp({
      ...SIGNED_OUT,
      route: '/a/job-1',
      routes: albumRoutes({
        'GET /st/4/jobs/job-1/info': () =>
          ++calls === 1
            ? { status: 500, body: { error: { code: 'internal_error', message: 'x' } } }
            : { body: aSharedAlbum() },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Cabin trip' })).toBeTruthy();
  });

  const secured = {
    status: 403,
    body: { error: { code: 'secured_job', message: 'User does not have access to secured job' } },
  };

  test('secured job, signed in: the album was deleted', async () => {
    renderApp({ route: '/a/job-1', routes: { 'GET /st/4/jobs/job-1/info': secured } });
    expect(await screen.findByRole('heading', { name: 'This album has been deleted' })).toBeTruthy();
  });

  test('secured job, signed out: a login gate that comes back here', async () => {
    renderApp({ ...SIGNED_OUT, route: '/a/job-1', routes: { 'GET /st/4/jobs/job-1/info': secured } });
    expect(await screen.findByRole('heading', { name: 'Sign in to see this album' })).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/login?redir=%2Fa%2Fjob-1',
    );
  });
});

describe("a visitor's carousel (issue #23)", () => {
  test('a photo opens the viewer over the album, with keys and only what a visitor may: Download', async () => {
    const { user } = renderApp({
      ...SIGNED_OUT,
      route: '/a/job-1',
      routes: albumRoutes({ 'GET /st/4/jobs/job-1/files': files('beach', 'kite') }),
      element: <RoutesWithLocation />,
    });
    await user.click(await screen.findByRole('img', { name: 'beach.jpg' }));
    const viewer = await screen.findByRole('dialog', { name: 'beach.jpg' });
    expect(location()).toBe('/a/job-1/carousel/beach');
    const actions = within(viewer)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label'));
    expect(actions).toContain('Download');
    for (const name of ['Delete', 'Remove from album', 'Share', 'Add to album', 'Add to my timeline'])
      expect(actions).not.toContain(name);
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByRole('dialog', { name: 'kite.jpg' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => {
      expect(location()).toBe('/a/job-1');
    });
  });

  test('the slideshow starts the carousel from the first file with #autoPlay', async () => {
    const { user } = renderApp({
      ...SIGNED_OUT,
      route: '/a/job-1',
      routes: albumRoutes({ 'GET /st/4/jobs/job-1/files': files('beach', 'kite') }),
      element: <RoutesWithLocation />,
    });
    await screen.findByRole('img', { name: 'beach.jpg' });
    await user.click(screen.getByRole('button', { name: 'Play slideshow' }));
    const viewer = await screen.findByRole('dialog', { name: 'beach.jpg' });
    expect(location()).toBe('/a/job-1/carousel/beach');
    // Playing: the button pauses it.
    expect(within(viewer).getByRole('button', { name: 'Pause slideshow' })).toBeTruthy();
  });
});
