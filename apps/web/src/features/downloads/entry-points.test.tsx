import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { aFile } from '../../test/factories.ts';
import type { FakeRoutes } from '../../test/fake-fetch.ts';
import { renderApp } from '../../test/render.tsx';
import { albumRoutes } from '../../test/album.ts';
import { aSharedAlbum } from '../../test/visitor.tsx';
import { aTrashAlbum, aTrashCan, aTrashFile } from '../../test/trash.ts';
import { calls, preparedArchive, recordDownloads } from '../../test/downloads.ts';

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

const ALBUM_ARCHIVE = '/st/4/jobs/album-1/files_as_archive';
const TRASH_ARCHIVE = '/st/4/files_from_trash_as_archive';

describe('album view: the whole album (spec 000 §4 whole job archive, §5)', () => {
  test('downloads the album as one archive named after it, the server taking every file', async () => {
    const clicked = recordDownloads();
    const { user, requests } = renderApp({
      route: '/albums/album-1',
      routes: {
        ...albumRoutes({ size: 3000 }),
        [`POST ${ALBUM_ARCHIVE}`]: (r) => preparedArchive(r, 'jobs/album-1/files_as_archive'),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Download album' }));
    await waitFor(() => {
      expect(clicked.map((link) => link.download)).toEqual(['Trip.zip']);
    });
    expect(calls(requests, 'POST', ALBUM_ARCHIVE)[0]?.body).toEqual({
      mode: 'download',
      zip_filename: 'Trip',
    });
  });

  test('an album over 500 items is blocked with its alert, before any call', async () => {
    const { user, requests } = renderApp({
      route: '/albums/album-1',
      routes: albumRoutes({ media_count: 501 }),
    });
    const button = await screen.findByRole('button', { name: 'Download album' });
    await user.click(button);
    const alert = await screen.findByRole('dialog', { name: 'Album too large to download' });
    expect(alert.textContent).toContain('more than 500 files');
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls(requests, 'POST', ALBUM_ARCHIVE)).toEqual([]);
  });

  test('an album the server finds over 3.5 GB gets the album size alert', async () => {
    const { user } = renderApp({
      route: '/albums/album-1',
      routes: {
        ...albumRoutes(),
        [`POST ${ALBUM_ARCHIVE}`]: {
          status: 422,
          body: { error: { code: 'album_download_too_large', message: 'too large' } },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Download album' }));
    const alert = await screen.findByRole('dialog', { name: 'Album too large to download' });
    expect(alert.textContent).toContain('more than 3.5 GB');
  });

  test('a selection in the album downloads as an archive named after the album', async () => {
    const clicked = recordDownloads();
    const { user, requests } = renderApp({
      route: '/albums/album-1',
      routes: {
        ...albumRoutes(),
        [`POST ${ALBUM_ARCHIVE}`]: (r) => preparedArchive(r, 'jobs/album-1/files_as_archive'),
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select beach.jpg' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select dog.jpg' }));
    await user.click(
      within(await screen.findByRole('toolbar', { name: '2 selected' })).getByRole('button', {
        name: 'Download',
      }),
    );
    await waitFor(() => {
      expect(clicked).toHaveLength(1);
    });
    expect(calls(requests, 'POST', ALBUM_ARCHIVE)[0]?.body).toEqual({
      file_ids: expect.arrayContaining(['f-1', 'f-3']) as unknown,
      mode: 'download',
      zip_filename: 'Trip',
    });
  });

  test('a visitor downloads a shared album with the tab’s album grant, without a token (spec 000 §6)', async () => {
    const clicked = recordDownloads();
    sessionStorage.setItem(
      'trove.album_grant.job-1',
      JSON.stringify({ grant: 'g-ok', expires: Math.floor(Date.now() / 1000) + 3600 }),
    );
    const routes: FakeRoutes = {
      'GET /st/4/jobs/job-1/info': { body: aSharedAlbum({ media_count: 1, size: 1000 }) },
      'GET /st/4/jobs/job-1/files': {
        body: { files: [aFile({ id: 'beach', job: 'job-1' })], next_cursor: null },
      },
      'GET /st/4/jobs/job-1/changes': { body: { changes: [], last_serial: 4 } },
      'POST /st/4/jobs/job-1/files_as_archive': (r) => preparedArchive(r, 'jobs/job-1/files_as_archive'),
    };
    const { user, requests } = renderApp({
      route: '/a/job-1',
      routes,
      login: { status: 'NOT_STARTED', notice: null },
      token: null,
    });
    await user.click(await screen.findByRole('button', { name: 'Download album' }));
    await waitFor(() => {
      expect(clicked.map((link) => link.download)).toEqual(['Cabin trip.zip']);
    });
    const [prepare] = calls(requests, 'POST', '/st/4/jobs/job-1/files_as_archive');
    expect(prepare?.headers.get('x-foreign-auth')).toBe('g-ok');
    expect(prepare?.headers.has('authorization')).toBe(false);
  });
});

describe('trash: download selected and download all (spec 000 §2, §4, §7)', () => {
  const beach = aTrashFile({ id: 'beach' });
  const dunes = aTrashFile({ id: 'dunes', job: 'job-album' });
  const lake = aTrashFile({ id: 'lake' });

  test('the selection downloads as an archive of the trash', async () => {
    const clicked = recordDownloads();
    const { user, requests } = renderApp({
      route: '/deleted_items/photos',
      routes: {
        'GET /st/4/trash_can': { body: aTrashCan([beach, dunes, lake]) },
        [`POST ${TRASH_ARCHIVE}`]: (r) => preparedArchive(r, 'files_from_trash_as_archive'),
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select beach.jpg' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select dunes.jpg' }));
    await user.click(
      within(await screen.findByRole('toolbar', { name: '2 selected' })).getByRole('button', {
        name: 'Download',
      }),
    );
    await waitFor(() => {
      expect(clicked.map((link) => link.download)).toEqual(['Deleted items.zip']);
    });
    const body = calls(requests, 'POST', TRASH_ARCHIVE)[0]?.body as { file_ids: string[] };
    expect(body).toEqual({
      file_ids: expect.arrayContaining(['beach', 'dunes']) as unknown,
      zip_filename: 'Deleted items',
    });
    expect(body.file_ids).toHaveLength(2);
  });

  test('download all lists the whole trash in pages under its dialog, which then closes', async () => {
    const clicked = recordDownloads();
    const page = Promise.withResolvers<undefined>();
    let listed = 0;
    const { user, requests } = renderApp({
      route: '/deleted_items/photos',
      routes: {
        'GET /st/4/trash_can': (request) => {
          // The screen's own first page, then the walk's pages of 500, held back once.
          listed += 1;
          const walk = request.url.searchParams.get('limit') === '500';
          return { body: aTrashCan([beach, dunes, lake]), ...(walk && { after: page.promise }) };
        },
        [`POST ${TRASH_ARCHIVE}`]: (r) => preparedArchive(r, 'files_from_trash_as_archive'),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Download all' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download all' });
    expect(within(dialog).getByRole('status').textContent).toBe('Getting the list of deleted items…');
    page.resolve(undefined);
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Download all' })).toBeNull();
    });
    await waitFor(() => {
      expect(clicked).toHaveLength(1);
    });
    expect(listed).toBeGreaterThan(1);
    expect(
      (calls(requests, 'POST', TRASH_ARCHIVE)[0]?.body as { file_ids: string[] }).file_ids.sort(),
    ).toEqual(['beach', 'dunes', 'lake']);
  });

  test('download all can be cancelled while the trash is listed: nothing is downloaded', async () => {
    const clicked = recordDownloads();
    const { user, requests } = renderApp({
      route: '/deleted_items/photos',
      routes: {
        'GET /st/4/trash_can': (request) =>
          request.url.searchParams.get('limit') === '500'
            ? { body: aTrashCan([beach]), after: new Promise(() => undefined) }
            : { body: aTrashCan([beach]) },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Download all' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download all' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(calls(requests, 'POST', TRASH_ARCHIVE)).toEqual([]);
    expect(clicked).toEqual([]);
  });
});

describe('trash albums: export (spec 000 §2 per-album menu restore, export, delete)', () => {
  const EXPORT = '/st/4/jobs/cabin/files_as_archive';

  test('exports a deleted album as one archive named after it, in mode export', async () => {
    const clicked = recordDownloads();
    const cabin = aTrashAlbum({ id: 'cabin', name: 'Summer cabin', media_count: 12 });
    const { user, requests } = renderApp({
      route: '/deleted_items/albums',
      routes: {
        'GET /st/4/trash_can_albums': { body: { items: [cabin] } },
        [`POST ${EXPORT}`]: (r) => preparedArchive(r, 'jobs/cabin/files_as_archive'),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Actions for Summer cabin' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Export' }));
    await waitFor(() => {
      expect(clicked.map((link) => link.download)).toEqual(['Summer cabin.zip']);
    });
    expect(calls(requests, 'POST', EXPORT)[0]?.body).toEqual({
      mode: 'export',
      zip_filename: 'Summer cabin',
    });
  });

  test('a deleted album over 500 files is blocked with the album alert, before any call', async () => {
    const big = aTrashAlbum({ id: 'cabin', name: 'Big', media_count: 501 });
    const { user, requests } = renderApp({
      route: '/deleted_items/albums',
      routes: { 'GET /st/4/trash_can_albums': { body: { items: [big] } } },
    });
    await user.click(await screen.findByRole('button', { name: 'Actions for Big' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Export' }));
    expect(await screen.findByRole('dialog', { name: 'Album too large to download' })).toBeTruthy();
    expect(calls(requests, 'POST', EXPORT)).toEqual([]);
  });
});
