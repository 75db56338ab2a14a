import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { aFile } from '../../../test/factories.ts';
import type { FakeRoutes } from '../../../test/fake-fetch.ts';
import { renderApp } from '../../../test/render.tsx';
import { aSharedAlbum } from '../../../test/visitor.tsx';
import { recordDownloads } from '../../../test/downloads.ts';

const SIGNED_OUT = { login: { status: 'NOT_STARTED', notice: null }, token: null } as const;
const ROUTE = '/albumImage/job-1/f-1';
const FILE = aFile({ id: 'f-1', name: 'fjord.jpg', job: 'job-1' });

afterEach(() => {
  vi.restoreAllMocks();
});

function routes(overrides: FakeRoutes = {}): FakeRoutes {
  return {
    'GET /st/4/jobs/job-1/info': { body: aSharedAlbum() },
    'GET /st/4/jobs/job-1/files_by_id/f-1/comments': {
      body: { file: FILE, comments: [], comment_count: 0, reactions: [], loved: false },
    },
    ...overrides,
  };
}

describe('/albumImage/{albumId}/{fileId}: one album file shown as a share (spec 000 §2)', () => {
  test('the file full size, its album, Download and Add to my photos', async () => {
    const clicked = recordDownloads();
    const { user } = renderApp({ ...SIGNED_OUT, route: ROUTE, routes: routes() });
    expect(await screen.findByRole('heading', { name: 'fjord.jpg', level: 1 })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'fjord.jpg' }).getAttribute('src')).toContain('area=1280');
    const page = screen.getByRole('main');
    expect(within(page).getByRole('link', { name: 'From the album Cabin trip' }).getAttribute('href')).toBe(
      '/a/job-1',
    );
    // Login-gated, as the album's own copy of one file (spec 000 §2 /a/{albumId}/{fileId}/copyAlbum).
    expect(within(page).getByRole('link', { name: 'Add to my photos' }).getAttribute('href')).toBe(
      '/a/job-1/f-1/copyAlbum',
    );
    await user.click(within(page).getByRole('button', { name: 'Download' }));
    await waitFor(() => {
      expect(clicked).toHaveLength(1);
    });
    expect(clicked[0]?.href).toContain('/files_by_id/f-1?exp=1&sig=o&download=1');
  });

  test("an album with a password shows the album's password page", async () => {
    renderApp({
      ...SIGNED_OUT,
      route: ROUTE,
      routes: routes({
        'GET /st/4/jobs/job-1/info': {
          status: 403,
          body: { error: { code: 'password_required', message: 'public job auth failed' } },
        },
      }),
    });
    expect(await screen.findByRole('heading', { name: 'This album is password protected' })).toBeTruthy();
  });

  test("an album that is gone shows the album's not-found page", async () => {
    renderApp({
      ...SIGNED_OUT,
      route: ROUTE,
      routes: routes({ 'GET /st/4/jobs/job-1/info': { status: 404 } }),
    });
    expect(await screen.findByRole('heading', { name: 'Album not found' })).toBeTruthy();
  });

  test('a file no longer in the album says so and leads to the album', async () => {
    renderApp({
      ...SIGNED_OUT,
      route: ROUTE,
      routes: routes({ 'GET /st/4/jobs/job-1/files_by_id/f-1/comments': { status: 404 } }),
    });
    expect(await screen.findByRole('heading', { name: 'This file is no longer in the album.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the album' }).getAttribute('href')).toBe('/a/job-1');
  });
});
