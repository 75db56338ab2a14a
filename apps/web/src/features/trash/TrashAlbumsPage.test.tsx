import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { anAccount } from '../../test/factories.ts';
import type { FakeRoutes, SeenRequest } from '../../test/fake-fetch.ts';
import { renderApp } from '../../test/render.tsx';
import { aTrashAlbum, dtimeWithDaysLeft } from '../../test/trash.ts';

const ROUTE = '/deleted_items/albums';
const cabin = aTrashAlbum({ id: 'cabin', name: 'Summer cabin', media_count: 12 });
const party = aTrashAlbum({ id: 'party', name: '', media_count: 1, dtime: dtimeWithDaysLeft(2) });

/** The deleted albums, until restored or deleted; ids in `refuse` are left out of `success`. */
function albumRoutes(albums = [cabin, party], refuse: string[] = []): FakeRoutes {
  let left = [...albums];
  const answer = (request: SeenRequest) => {
    const ids = (request.body as { job_uuids: string[] }).job_uuids.filter((id) => !refuse.includes(id));
    left = left.filter((album) => !ids.includes(album.id));
    return ids.map((uuid) => ({ uuid }));
  };
  return {
    'GET /st/4/trash_can_albums': () => ({ body: { items: left } }),
    'POST /st/4/rollback_albums': (request) => ({ body: { success: answer(request) } }),
    'DELETE /st/4/delete_albums_from_trash_can': (request) => ({
      body: { success: answer(request), freed_bytes: 10 },
    }),
  };
}

const calls = (requests: SeenRequest[], method: string, path: string) =>
  requests.filter((r) => r.method === method && r.url.pathname === path);

describe('trash albums (spec 000 §2)', () => {
  test('a grid of deleted albums: name (or Unnamed album), file count, days left', async () => {
    renderApp({ route: ROUTE, routes: albumRoutes() });
    const list = await screen.findByRole('list', { name: 'Deleted albums' });
    const tiles = within(list).getAllByRole('listitem');
    expect(tiles.map((tile) => tile.textContent)).toEqual([
      expect.stringContaining('Summer cabin12 items · 88 days left'),
      expect.stringContaining('Unnamed album1 item · 2 days left'),
    ]);
    expect(screen.getByText('2 albums')).toBeTruthy();
  });

  test('restore from the album menu: a toast that leads to the album', async () => {
    const { user, requests } = renderApp({ route: ROUTE, routes: albumRoutes() });
    await user.click(await screen.findByRole('button', { name: 'Actions for Summer cabin' }));
    await screen.findByRole('menu');
    expect(document.activeElement?.textContent).toBe('Restore');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Album restored')).toBeTruthy();
    expect(calls(requests, 'POST', '/st/4/rollback_albums')[0]?.body).toEqual({ job_uuids: ['cabin'] });
    expect(screen.queryByText('Summer cabin')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'See album' }));
    await waitFor(() => {
      expect(requests.some((r) => r.url.pathname.startsWith('/st/4/jobs/cabin'))).toBe(true);
    });
  });

  test("an album left out of success: 'Album restore failed', and it is back in the grid", async () => {
    const { user } = renderApp({ route: ROUTE, routes: albumRoutes(undefined, ['cabin']) });
    await user.click(await screen.findByRole('button', { name: 'Actions for Summer cabin' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Restore' }));
    expect(await screen.findAllByText('Album restore failed')).toHaveLength(2);
    expect(screen.getByText('Summer cabin')).toBeTruthy();
  });

  test('delete permanently asks first (irreversible), then deletes for good', async () => {
    const { user, requests } = renderApp({ route: ROUTE, routes: albumRoutes() });
    await user.click(await screen.findByRole('button', { name: 'Actions for Summer cabin' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete permanently' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete album permanently?' });
    expect(dialog.textContent).toContain('This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));
    expect(await screen.findByText('Album deleted permanently')).toBeTruthy();
    const call = calls(requests, 'DELETE', '/st/4/delete_albums_from_trash_can')[0];
    expect(call?.body).toEqual({ job_uuids: ['cabin'] });
  });

  test('restore all and delete all take every album; then the empty state', async () => {
    const { user, requests } = renderApp({ route: ROUTE, routes: albumRoutes() });
    await user.click(await screen.findByRole('button', { name: 'Delete all' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete 2 albums permanently?' })).getByRole('button', {
        name: 'Delete permanently',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'No deleted albums' })).toBeTruthy();
    expect(calls(requests, 'DELETE', '/st/4/delete_albums_from_trash_can')[0]?.body).toEqual({
      job_uuids: ['cabin', 'party'],
    });
  });

  test('restore all sends every album at once', async () => {
    const { user, requests } = renderApp({ route: ROUTE, routes: albumRoutes() });
    await user.click(await screen.findByRole('button', { name: 'Restore all' }));
    expect(await screen.findByText('2 albums restored')).toBeTruthy();
    expect(calls(requests, 'POST', '/st/4/rollback_albums')[0]?.body).toEqual({
      job_uuids: ['cabin', 'party'],
    });
  });

  test('spec 000 §6: a read-only user cannot restore an album', async () => {
    const { user, requests } = renderApp({
      route: ROUTE,
      routes: {
        ...albumRoutes(),
        'GET /st/4/account_info': { body: anAccount({ is_read_only_user: true }) },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Actions for Summer cabin' }));
    const restore = await screen.findByRole('menuitem', { name: 'Restore' });
    expect(restore.getAttribute('aria-disabled')).toBe('true');
    await user.click(restore);
    expect(calls(requests, 'POST', '/st/4/rollback_albums')).toHaveLength(0);
  });
});
