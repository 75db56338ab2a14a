import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { renderApp } from '../../test/render.tsx';
import { anArchive, captureDownloads, ROUTE, stubWidth, takeoutServer } from './test-takeout.ts';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The rows of the albums section: each album's name and what is said of it. */
async function albumRows() {
  const list = await screen.findByRole('list', { name: 'Albums' });
  return within(list)
    .getAllByRole('listitem')
    .map((row) => row.textContent);
}

describe('the takeout page (spec 000 §2 Takeout)', () => {
  test('shows the whole library, photos and albums sections with the stats: photos, videos and documents, base 1024', async () => {
    renderApp({ route: ROUTE, routes: takeoutServer() });
    expect(await screen.findByRole('heading', { name: 'Takeout', level: 1 })).toBeTruthy();
    // 3 pictures + 2 videos + 4 documents; screenshots are pictures already (spec 000 §3 timeline stats).
    expect(await screen.findByText('9 files (photos, videos and documents), 1.5 GB in all')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Your whole library',
      'Photos, videos and documents',
      'Albums',
    ]);
    expect(screen.getByText('9 files in your timeline')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download your library' })).toBeTruthy();
    // The privacy page does not exist yet (docs/SPEC-DEVIATIONS.md); the storage page does.
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/settings');
    expect(screen.getByRole('link', { name: 'Storage and plans' }).getAttribute('href')).toBe(
      '/settings/storage',
    );
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs.filter((href) => href?.startsWith('/settings/'))).toEqual(['/settings/storage']);
  });

  test('lists only albums with at least one file, each with its count, size and own download', async () => {
    renderApp({ route: ROUTE, routes: takeoutServer() });
    expect(await albumRows()).toEqual([
      'Summer2 files, 3 MBDownloadDownload Summer',
      'Unnamed album1 file, 1 KBDownloadDownload Unnamed album',
    ]);
    expect(screen.queryByText('Nothing yet')).toBeNull();
  });

  test('without albums with files, the section says so', async () => {
    renderApp({ route: ROUTE, routes: takeoutServer({ albums: [] }) });
    expect(await screen.findByText('You have no albums with photos or videos.')).toBeTruthy();
  });

  test('an empty timeline offers no library download', async () => {
    renderApp({
      route: ROUTE,
      routes: { ...takeoutServer(), 'GET /st/4/account_info': { body: { ...accountWithoutMedia() } } },
    });
    expect(
      await screen.findByText('There are no photos, videos or documents in your timeline yet.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download your library' })).toBeNull();
  });

  test('the settings page leads here', async () => {
    const { user } = renderApp({ route: '/settings', routes: takeoutServer() });
    await user.click(await screen.findByRole('link', { name: /^Takeout/ }));
    expect(await screen.findByRole('heading', { name: 'Takeout', level: 1 })).toBeTruthy();
  });
});

describe('visited markers (spec 000 §7: key album id, value last-modified time)', () => {
  test('an album downloaded is marked, in storage and on screen, and still after a reload', async () => {
    captureDownloads();
    const routes = {
      ...takeoutServer(),
      'POST /st/4/jobs/album-summer/files_as_archive': anArchive('Summer'),
    };
    const { user, unmount } = renderApp({ route: ROUTE, routes });
    await user.click(await screen.findByRole('button', { name: 'Download Summer' }));
    expect(await screen.findByText('Downloaded')).toBeTruthy();
    expect(localStorage.getItem('album-summer')).toBe('1000');
    unmount();
    renderApp({ route: ROUTE, routes });
    expect(await albumRows()).toEqual([
      'Summer2 files, 3 MBDownloadedDownloadDownload Summer',
      'Unnamed album1 file, 1 KBDownloadDownload Unnamed album',
    ]);
  });

  test('an album changed since its download (another mtime) shows as changed, not downloaded', async () => {
    localStorage.setItem('album-summer', '900');
    renderApp({ route: ROUTE, routes: takeoutServer() });
    expect((await albumRows())[0]).toBe(
      'Summer2 files, 3 MBChanged since you downloaded itDownloadDownload Summer',
    );
    expect(screen.queryByText('Downloaded')).toBeNull();
  });

  test('storage that throws (private mode): the page and the download work without markers', async () => {
    const links = captureDownloads();
    const getItem = Storage.prototype.getItem.bind(localStorage);
    const setItem = Storage.prototype.setItem.bind(localStorage);
    // The session's own keys still work: only the album markers fail.
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation((key: string) => {
      if (key.startsWith('trove.')) return getItem(key);
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation((key: string, value: string) => {
      if (key.startsWith('trove.')) {
        setItem(key, value);
        return;
      }
      throw new DOMException('full', 'QuotaExceededError');
    });
    const routes = {
      ...takeoutServer(),
      'POST /st/4/jobs/album-summer/files_as_archive': anArchive('Summer'),
    };
    const { user } = renderApp({ route: ROUTE, routes });
    await user.click(await screen.findByRole('button', { name: 'Download Summer' }));
    await waitFor(() => {
      expect(links.map((link) => link.download)).toEqual(['Summer.zip']);
    });
    expect(screen.getByRole('button', { name: 'Download Summer' }).getAttribute('aria-busy')).toBeNull();
    expect(screen.queryByText('Downloaded')).toBeNull();
  });
});

describe('the help (spec 000 §2 Takeout: a help link in the user language)', () => {
  test('opens by keyboard as a dialog, closes with Escape and gives the focus back', async () => {
    const { user } = renderApp({ route: ROUTE, routes: takeoutServer() });
    const open = await screen.findByRole('button', { name: 'How takeout works' });
    open.focus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'About takeout' });
    expect(dialog.textContent).toContain('at most 500 files and 3.5 GB each');
    expect(dialog.textContent).toContain('resume it');
    expect(dialog.textContent).toContain('Albums download separately');
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(open);
  });

  test('is in the user language: Swedish', async () => {
    const { user } = renderApp({ route: ROUTE, routes: takeoutServer(), locale: 'sv_SE' });
    await user.click(await screen.findByRole('button', { name: 'Så fungerar det' }));
    const dialog = screen.getByRole('dialog', { name: 'Om att ladda ned allt' });
    expect(dialog.textContent).toContain('högst 500 filer och 3,5 GB');
    await user.click(within(dialog).getByRole('button', { name: 'Stäng' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('desktop only (spec 000 §2 Takeout)', () => {
  test('a phone gets the note with a way back instead of the sections, and nothing is fetched for them', async () => {
    stubWidth('phone');
    const { requests } = renderApp({ route: ROUTE, routes: takeoutServer() });
    expect(await screen.findByRole('heading', { name: 'Takeout works on a computer' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to settings' }).getAttribute('href')).toBe('/settings');
    expect(screen.queryByRole('heading', { name: 'Albums' })).toBeNull();
    expect(requests.some((request) => request.url.pathname === '/st/4/jobs')).toBe(false);
  });

  test('a desktop width shows the sections', async () => {
    stubWidth('desktop');
    renderApp({ route: ROUTE, routes: takeoutServer() });
    expect(await screen.findByRole('heading', { name: 'Albums' })).toBeTruthy();
    expect(screen.queryByText('Takeout works on a computer')).toBeNull();
  });
});

/** The account of an empty timeline. */
function accountWithoutMedia() {
  const routes = takeoutServer();
  const answer = routes['GET /st/4/account_info'] as { body: { file_type_counters: object } };
  return {
    ...answer.body,
    file_type_counters: { picture_count: 0, screenshot_count: 0, video_count: 0, document_count: 0 },
  };
}
