import type { SharedLink, SharedLinkList } from '@trove/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderApp } from '../../test/render.tsx';

const SHARE_ID = 'S'.repeat(32);
const NOW = 1_760_000_000;

function aLink(overrides: Partial<SharedLink> = {}): SharedLink {
  return {
    kind: 'share',
    id: SHARE_ID,
    title: '',
    ctime: NOW,
    expires: NOW + 30 * 86_400,
    has_password: false,
    file_count: 2,
    thumbs: ['/th/3/f1?area=256&sig=a', '/th/3/f2?area=256&sig=b'],
    made_by: { userID: 'u1', name: 'Ann', is_me: true },
    from_album: null,
    can_stop: true,
    ...overrides,
  };
}
const ALBUM = aLink({
  kind: 'album',
  id: 'album-1',
  title: 'Summer',
  expires: null,
  has_password: true,
  file_count: 7,
  thumbs: ['/th/3/c?area=256&sig=c'],
});
const page = (links: SharedLink[], next: string | null = null): { body: SharedLinkList } => ({
  body: { links, next },
});
const rowOf = (name: string) => screen.getByRole('heading', { name }).closest('li') as HTMLElement;

describe('My shared links (issue #23)', () => {
  test('lists shares and shared albums with their link, dates, password state and maker', async () => {
    renderApp({
      route: '/settings/shared-links',
      routes: { 'GET /st/4/shares': page([aLink(), ALBUM]) },
    });
    const share = await screen.findByRole('heading', { name: 'Share of 2 files' });
    const shareRow = share.closest('li') as HTMLElement;
    expect(within(shareRow).getByRole<HTMLInputElement>('textbox', { name: 'Link' }).value).toBe(
      `${window.location.origin}/share/${SHARE_ID}?m=sc`,
    );
    expect(within(shareRow).getByText('None')).toBeTruthy();
    expect(within(shareRow).getByText('You')).toBeTruthy();
    expect(shareRow.querySelectorAll('img')).toHaveLength(2);
    // 30 days on, in the reader's own date format.
    const expiry = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(
      (NOW + 30 * 86_400) * 1000,
    );
    expect(within(shareRow).getByText(expiry)).toBeTruthy();

    const albumRow = rowOf('Summer');
    expect(within(albumRow).getByRole<HTMLInputElement>('textbox', { name: 'Link' }).value).toBe(
      `${window.location.origin}/a/album-1`,
    );
    expect(within(albumRow).getByText('Shared album · 7 files')).toBeTruthy();
    expect(within(albumRow).getByText('Never')).toBeTruthy();
    expect(within(albumRow).getByText('Set')).toBeTruthy();
  });

  test('says so when there is no link', async () => {
    renderApp({ route: '/settings/shared-links', routes: { 'GET /st/4/shares': page([]) } });
    expect(await screen.findByRole('heading', { name: 'No shared links' })).toBeTruthy();
  });

  test('copies a link and says Link copied', async () => {
    const { user } = renderApp({
      route: '/settings/shared-links',
      routes: { 'GET /st/4/shares': page([aLink()]) },
    });
    await screen.findByRole('heading', { name: 'Share of 2 files' });
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Link copied')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/share/${SHARE_ID}?m=sc`);
  });

  test('stops a share only after its confirm, then lists it no more', async () => {
    let links = [aLink(), ALBUM];
    const { user, requests } = renderApp({
      route: '/settings/shared-links',
      routes: {
        'GET /st/4/shares': () => page(links),
        [`DELETE /st/4/shares/${SHARE_ID}`]: () => {
          links = [ALBUM];
          return { status: 204 };
        },
      },
    });
    await screen.findByRole('heading', { name: 'Share of 2 files' });
    await user.click(within(rowOf('Share of 2 files')).getByRole('button', { name: 'Stop sharing' }));
    const dialog = screen.getByRole('dialog', { name: 'Stop sharing?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(within(rowOf('Share of 2 files')).getByRole('button', { name: 'Stop sharing' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Stop sharing?' })).getByRole('button', {
        name: 'Stop sharing',
      }),
    );
    await waitFor(() => {
      expect(screen.queryByRole('heading', { name: 'Share of 2 files' })).toBeNull();
    });
    expect(screen.getByText('Sharing stopped')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });

  test("names the member who shared from the user's album, and the album, and stops it", async () => {
    const MEMBERS = 'M'.repeat(32);
    let links = [
      aLink({
        id: MEMBERS,
        file_count: 1,
        has_password: true,
        made_by: { userID: 'u2', name: 'Bo', is_me: false },
        from_album: { id: 'album-1', title: 'Lake' },
      }),
    ];
    const { user, requests } = renderApp({
      route: '/settings/shared-links',
      routes: {
        'GET /st/4/shares': () => page(links),
        [`DELETE /st/4/shares/${MEMBERS}`]: () => {
          links = [];
          return { status: 204 };
        },
      },
    });
    const row = (await screen.findByRole('heading', { name: 'Share of 1 file' })).closest(
      'li',
    ) as HTMLElement;
    const facts = Object.fromEntries(
      Array.from(row.querySelectorAll('dt'), (dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(facts).toMatchObject({ 'Shared by': 'Bo', 'From album': 'Lake', Password: 'Set' });
    await user.click(within(row).getByRole('button', { name: 'Stop sharing' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Stop sharing?' })).getByRole('button', {
        name: 'Stop sharing',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'No shared links' })).toBeTruthy();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname)).toEqual([
      `/st/4/shares/${MEMBERS}`,
    ]);
  });

  test('makes a shared album private behind a confirm that says visitors lose access', async () => {
    let links = [ALBUM];
    const { user, requests } = renderApp({
      route: '/settings/shared-links',
      routes: {
        'GET /st/4/shares': () => page(links),
        'POST /st/4/jobs/album-1/privacy_mode': () => {
          links = [];
          return { status: 500 };
        },
      },
    });
    await screen.findByRole('heading', { name: 'Summer' });
    await user.click(screen.getByRole('button', { name: 'Stop sharing' }));
    const dialog = screen.getByRole('dialog', { name: 'Make the album private?' });
    expect(dialog.textContent).toContain('Visitors with the link lose access to “Summer”');
    await user.click(within(dialog).getByRole('button', { name: 'Make private' }));
    // A failure stays in the dialog; the album's link is not dropped from view by guesswork.
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    const sent = requests.find((r) => r.method === 'POST');
    expect(sent?.body).toEqual({ mode: 'private' });
  });

  test('pages on with Show more', async () => {
    const second = aLink({ id: 'T'.repeat(32), file_count: 1, thumbs: [] });
    const { user } = renderApp({
      route: '/settings/shared-links',
      routes: {
        'GET /st/4/shares': (request) =>
          request.url.searchParams.get('cursor') === '1760000000000.1'
            ? page([second])
            : page([aLink()], '1760000000000.1'),
      },
    });
    await screen.findByRole('heading', { name: 'Share of 2 files' });
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('heading', { name: 'Share of 1 file' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });
});
