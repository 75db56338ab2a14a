import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { anAlbum } from '../../../test/factories.ts';
import { renderApp } from '../../../test/render.tsx';

const ALBUMS = [
  anAlbum({
    id: 'trip',
    title: 'Trip to Bergen',
    mtime: 500,
    ctime: 100,
    isShared: true,
    privacy_mode: 'shared',
    participant_count: 3,
    media_count: 12,
    cover_thumb_url_small: '/th/3/cover-1?area=256&sig=s',
    cover_thumb_url_large: '/th/3/cover-1?area=1280&sig=l',
  }),
  anAlbum({ id: 'cats', title: 'Cats', mtime: 300, ctime: 300, media_count: 1 }),
  anAlbum({ id: 'blank', title: '__new_album__', mtime: 900, ctime: 200, media_count: 0 }),
];

function renderList(route = '/albums') {
  return renderApp({ route, routes: { 'GET /st/4/jobs': { body: { jobs: ALBUMS } } } });
}

/** The albums' links in the order shown. */
async function shownLinks() {
  const list = await screen.findByRole('list', { name: 'Albums' });
  return within(list)
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));
}

describe('albums list (spec 000 §2 Albums list)', () => {
  test('asks for the albums with details and shows them by recent activity', async () => {
    const { requests } = renderList();
    expect(await shownLinks()).toEqual(['/albums/blank', '/albums/trip', '/albums/cats']);
    const call = requests.find((r) => r.url.pathname === '/st/4/jobs');
    expect(call?.url.searchParams.get('stories')).toBe('1');
    expect(call?.url.searchParams.get('include_details')).toBe('1');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sort by' }).value).toBe(
      'RECENT_ACTIVITY',
    );
  });

  test('a tile shows the cover, title, file count, and for a shared album its participants', async () => {
    renderList();
    const trip = await screen.findByRole('link', { name: /Trip to Bergen/ });
    expect(trip.textContent).toContain('12 items');
    expect(trip.textContent).toContain('Shared');
    expect(trip.textContent).toContain('3 participants');
    // Desktop tiles are 296 wide: the large thumbnail, on the thumb host.
    expect(trip.querySelector('img')?.getAttribute('src')).toBe(
      'http://localhost:3000/th/3/cover-1?area=1280&sig=l',
    );
    const cats = screen.getByRole('link', { name: /Cats/ });
    expect(cats.textContent).toContain('1 item');
    expect(cats.textContent).not.toContain('participant');
    expect(cats.querySelector('img')).toBeNull();
  });

  test("an unnamed album shows 'Unnamed album'", async () => {
    renderList();
    expect((await screen.findByRole('link', { name: /Unnamed album/ })).getAttribute('href')).toBe(
      '/albums/blank',
    );
  });

  test('the filters show shared or private albums only', async () => {
    const { user } = renderList();
    await shownLinks();
    await user.click(screen.getByRole('button', { name: 'Shared' }));
    expect(await shownLinks()).toEqual(['/albums/trip']);
    expect(screen.getByRole('button', { name: 'Shared' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Private' }));
    expect(await shownLinks()).toEqual(['/albums/blank', '/albums/cats']);
    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(await shownLinks()).toHaveLength(3);
  });

  test('the sorts reorder the list', async () => {
    const { user } = renderList();
    await shownLinks();
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    await user.selectOptions(sort, 'Name');
    expect(await shownLinks()).toEqual(['/albums/cats', '/albums/trip', '/albums/blank']);
    await user.selectOptions(sort, 'Oldest first');
    expect(await shownLinks()).toEqual(['/albums/trip', '/albums/blank', '/albums/cats']);
    await user.selectOptions(sort, 'Newest first');
    expect(await shownLinks()).toEqual(['/albums/cats', '/albums/blank', '/albums/trip']);
  });

  test('the search box filters by title, and says when nothing matches', async () => {
    const { user } = renderList();
    await shownLinks();
    const search = screen.getByRole('searchbox', { name: 'Search albums' });
    await user.type(search, 'bergen');
    expect(await shownLinks()).toEqual(['/albums/trip']);
    await user.clear(search);
    await user.type(search, 'zebra');
    expect(screen.getByText('No albums match.').getAttribute('role')).toBe('status');
    expect(screen.queryByRole('list', { name: 'Albums' })).toBeNull();
  });

  test('the view comes from the query, so it survives going into an album and back', async () => {
    renderList('/albums?filter=private&sort=NAME');
    expect(await shownLinks()).toEqual(['/albums/cats', '/albums/blank']);
    expect(screen.getByRole('button', { name: 'Private' }).getAttribute('aria-pressed')).toBe('true');
  });

  test('the create button links to the two-step create flow', async () => {
    renderList();
    const link = await screen.findByRole('link', { name: 'Create album' });
    expect(link.getAttribute('href')).toBe('/albums/new/edit/a');
  });
});
