import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { SeenRequest } from '../../test/fake-fetch.ts';
import { renderApp } from '../../test/render.tsx';
import { TakeoutPage } from './TakeoutPage.tsx';
import {
  anArchive,
  captureDownloads,
  GIB_BYTES,
  ROUTE,
  summer,
  takenOn,
  takeoutServer,
} from './test-takeout.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

const posts = (requests: SeenRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.url.pathname.endsWith('/files_as_archive'));
const limitError = (code: string) => ({ status: 422, body: { error: { code, message: 'too much' } } });

// 4.5 GiB taken in 2023 (over the 3.5 GB limit: two equal parts) and one photo of 2024.
const y2023 = [
  takenOn('a', 2023, 2, 1.5 * GIB_BYTES),
  takenOn('b', 2023, 5, 1.5 * GIB_BYTES),
  takenOn('c', 2023, 9, 1.5 * GIB_BYTES),
];
const y2024 = [takenOn('d', 2024, 1)];

describe('the download seam: albums (spec 000 §5, §7 files_as_archive)', () => {
  test('an album is one takeout zip named after it, downloaded by the browser itself', async () => {
    const links = captureDownloads();
    const { user, requests } = renderApp({
      route: ROUTE,
      routes: { ...takeoutServer(), 'POST /st/4/jobs/album-summer/files_as_archive': anArchive('Summer') },
    });
    await user.click(await screen.findByRole('button', { name: 'Download Summer' }));
    await waitFor(() => {
      expect(links).toEqual([
        {
          href: 'http://localhost:3000/st/4/jobs/x/files_as_archive?archive=Summer&sig=s',
          download: 'Summer.zip',
        },
      ]);
    });
    expect(posts(requests).map((r) => [r.url.pathname, r.body])).toEqual([
      ['/st/4/jobs/album-summer/files_as_archive', { mode: 'takeout', zip_filename: 'Summer' }],
    ]);
  });

  test('an unnamed album is named by the placeholder', async () => {
    captureDownloads();
    const { user, requests } = renderApp({
      route: ROUTE,
      routes: {
        ...takeoutServer(),
        'POST /st/4/jobs/album-unnamed/files_as_archive': anArchive('Unnamed album'),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Download Unnamed album' }));
    await waitFor(() => {
      expect(posts(requests).map((r) => r.body)).toEqual([
        { mode: 'takeout', zip_filename: 'Unnamed album' },
      ]);
    });
  });

  test('a 422 over the album limit shows its alert, and the album is not marked', async () => {
    const links = captureDownloads();
    const { user } = renderApp({
      route: ROUTE,
      routes: {
        ...takeoutServer(),
        'POST /st/4/jobs/album-summer/files_as_archive': limitError('album_download_too_many_files'),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Download Summer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Too many files in the album' });
    expect(dialog.textContent).toContain('at most 500 files');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(links).toEqual([]);
    expect(screen.queryByText('Downloaded')).toBeNull();
    expect(localStorage.getItem('album-summer')).toBeNull();
  });

  test('an album known to be over 3.5 GB is refused without asking the server', async () => {
    const big = { ...summer, size: 4 * GIB_BYTES };
    const { user, requests } = renderApp({ route: ROUTE, routes: takeoutServer({ albums: [big] }) });
    await user.click(await screen.findByRole('button', { name: 'Download Summer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Album too large' });
    expect(dialog.textContent).toContain('at most 3.5 GB');
    expect(posts(requests)).toEqual([]);
  });

  test('any other failure says so (spec 000 §8 download error)', async () => {
    captureDownloads();
    const { user } = renderApp({
      route: ROUTE,
      routes: { ...takeoutServer(), 'POST /st/4/jobs/album-summer/files_as_archive': { status: 500 } },
    });
    await user.click(await screen.findByRole('button', { name: 'Download Summer' }));
    expect(
      await screen.findByText('An error occurred when trying to download. Please try again later.'),
    ).toBeTruthy();
    expect(screen.queryByText('Downloaded')).toBeNull();
  });
});

describe('the download seam: the library in parts (spec 000 §9)', () => {
  test('the timeline and its documents are listed, split by year then in equal parts, one Download per part', async () => {
    const links = captureDownloads();
    const { user, requests } = renderApp({
      route: ROUTE,
      routes: {
        // Documents are not in the files list: they were left out (issue #23).
        ...takeoutServer({ files: [...y2024, ...y2023], documents: [takenOn('doc', 2024, 3)] }),
        'POST /st/4/jobs/job-timeline/files_as_archive': (request) =>
          anArchive((request.body as { zip_filename: string }).zip_filename),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Download your library' }));
    expect(await screen.findByText('Your library comes in 3 zip files. Download each of them.')).toBeTruthy();
    const listing = requests.filter((r) => r.url.pathname === '/st/4/jobs/job-timeline/files');
    expect(listing.map((r) => [r.url.searchParams.get('filter'), r.url.searchParams.get('cursor')])).toEqual([
      ['all', null],
      ['all', 'page-2'],
    ]);
    const parts = screen.getByRole('list', { name: 'Zip files of your library' });
    expect(
      within(parts)
        .getAllByRole('listitem')
        .map((row) => row.firstChild?.textContent),
    ).toEqual([
      'Trove_2023(1).zip1 file, 1.5 GB',
      'Trove_2023(2).zip2 files, 3 GB',
      'Trove_2024.zip2 files, 2 MB',
    ]);
    // Several parts: none starts by itself (the browser would block a burst of downloads).
    expect(posts(requests)).toEqual([]);
    await user.click(within(parts).getByRole('button', { name: 'Download Trove_2024' }));
    await user.click(within(parts).getByRole('button', { name: 'Download Trove_2023(1)' }));
    await waitFor(() => {
      expect(links.map((link) => link.download)).toEqual(['Trove_2024.zip', 'Trove_2023(1).zip']);
    });
    expect(posts(requests).map((r) => r.body)).toEqual([
      { mode: 'takeout', file_ids: ['d', 'doc'], zip_filename: 'Trove_2024' },
      { mode: 'takeout', file_ids: ['a'], zip_filename: 'Trove_2023(1)' },
    ]);
    // spec 000 §3 Download page `clicked`: the parts already started say so.
    expect(within(parts).getAllByText('Download started')).toHaveLength(2);
  });

  test('a part refused for its size shows the size alert; the part can be tried again', async () => {
    const { user } = renderApp({
      route: ROUTE,
      routes: {
        ...takeoutServer({ files: y2024 }),
        'POST /st/4/jobs/job-timeline/files_as_archive': limitError('download_too_large'),
      },
    });
    // One part: the main button downloads it at once (issue #23: it only listed it).
    await user.click(await screen.findByRole('button', { name: 'Download your library' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download too large' });
    expect(dialog.textContent).toContain('A download can be at most 3.5 GB.');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Download Trove' }).getAttribute('aria-busy')).toBeNull();
    expect(screen.queryByText('Download started')).toBeNull();
  });

  test('while a part is prepared its button says so and ignores more clicks', async () => {
    captureDownloads();
    let answer: (value?: unknown) => void = () => undefined;
    const held = new Promise((resolve) => {
      answer = resolve;
    });
    const { user, requests } = renderApp({
      route: ROUTE,
      routes: {
        ...takeoutServer({ files: y2024 }),
        'POST /st/4/jobs/job-timeline/files_as_archive': { ...anArchive('Trove'), after: held },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Download your library' }));
    const button = await screen.findByRole('button', { name: 'Download Trove' });
    await waitFor(() => {
      expect(button.getAttribute('aria-busy')).toBe('true');
    });
    expect(button.textContent).toContain('Preparing…');
    expect(await screen.findByText('Preparing download…')).toBeTruthy();
    await user.click(button);
    answer();
    expect(await screen.findByText('Download started')).toBeTruthy();
    expect(
      await screen.findByText('Everything fits in one zip file: its download has started.'),
    ).toBeTruthy();
    expect(posts(requests)).toHaveLength(1);
  });

  test('a listing that fails says so', async () => {
    const { user } = renderApp({
      route: ROUTE,
      routes: { ...takeoutServer(), 'GET /st/4/jobs/job-timeline/files': { status: 500 } },
    });
    await user.click(await screen.findByRole('button', { name: 'Download your library' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The list of your files could not be loaded.',
    );
  });

  test('a page given its own onDownload hands every download to it (See: [Note: Takeout download seam])', async () => {
    const onDownload = vi.fn(() => Promise.resolve(true));
    const { user, requests } = renderApp({
      routes: takeoutServer(),
      element: <TakeoutPage onDownload={onDownload} />,
    });
    await user.click(await screen.findByRole('button', { name: 'Download your library' }));
    await user.click(await screen.findByRole('button', { name: 'Download Summer' }));
    expect(onDownload.mock.calls).toEqual([
      [{ kind: 'library', jobId: 'job-timeline', name: 'Trove', count: 9, size: 1.5 * GIB_BYTES }],
      [{ kind: 'album', album: summer }],
    ]);
    expect(posts(requests)).toEqual([]);
    expect(await screen.findByText('Downloaded')).toBeTruthy();
  });
});
