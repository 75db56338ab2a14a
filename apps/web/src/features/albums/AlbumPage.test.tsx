import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { sentEvents } from '../../test/analytics.ts';
import { renderApp } from '../../test/render.tsx';
import { anAccount } from '../../test/factories.ts';
import { preparedArchive, recordDownloads } from '../../test/downloads.ts';
import { aTrashAlbum } from '../../test/trash.ts';
import { currentDropClaim } from '../uploads/index.ts';
import { ALBUM_FILES, PARTICIPANT_CAN, albumMonth, albumRoutes } from '../../test/album.ts';

const open = (routes = albumRoutes()) => renderApp({ route: '/albums/album-1', routes });

describe('album view header (spec 000 §2, §3)', () => {
  test('shows the cover, title, participants and the counts of include_details', async () => {
    const { requests } = open();
    expect(await screen.findByRole('textbox', { name: 'Album name' })).toHaveProperty('value', 'Trip');
    expect(screen.getByText('3 items')).toBeTruthy();
    expect(screen.getByText('2 contributors')).toBeTruthy();
    expect(screen.getByText('4 comments')).toBeTruthy();
    expect(screen.getByText('1 love')).toBeTruthy();
    const people = await screen.findByRole('list', { name: '2 participants' });
    // No profile pictures: the first letter of each name (spec 000 §3).
    expect(
      within(people)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['AAda Lovelace', 'GGrace Hopper']);
    expect(document.querySelector('.album-view__cover img')?.getAttribute('src')).toBe(
      'http://localhost:3000/th/3/f-1?area=1280',
    );
    const info = requests.find((r) => r.url.pathname === '/st/4/jobs/album-1/info');
    expect(info?.url.searchParams.get('include_details')).toBe('1');
  });

  test("an empty title shows 'Unnamed album' to who may not rename it", async () => {
    open(albumRoutes({ title: '', role: 'participant', currentUserCan: PARTICIPANT_CAN }));
    expect(await screen.findByRole('heading', { name: 'Unnamed album' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Album name' })).toBeNull();
  });

  test('an album titled __new_album__ shows as unnamed: title, tab name and download (issue #23)', async () => {
    const clicked = recordDownloads();
    const { user, requests } = open({
      ...albumRoutes({ title: '__new_album__' }),
      'POST /st/4/jobs/album-1/files_as_archive': (r) => preparedArchive(r, 'jobs/album-1/files_as_archive'),
    });
    const input = await screen.findByRole('textbox', { name: 'Album name' });
    expect(input).toHaveProperty('value', '');
    expect(input.getAttribute('placeholder')).toBe('Unnamed album');
    await waitFor(() => {
      expect(document.title).toMatch(/^Unnamed album/);
    });
    // Leaving the empty field saves nothing: it was unnamed already.
    await user.click(input);
    await user.tab();
    expect(requests.some((r) => r.url.pathname.endsWith('/name'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Download album' }));
    await waitFor(() => {
      expect(clicked.map((link) => link.download)).toEqual(['Untitled album.zip']);
    });
  });

  test('the owner renames in place: saved on blur with POST /jobs/{id}/name, at most 255', async () => {
    const routes = albumRoutes();
    const { user, requests } = open({
      ...routes,
      'POST /st/4/jobs/album-1/name': (request) => ({
        body: {
          ...(routes['GET /st/4/jobs/album-1/info'] as { body: object }).body,
          title: (request.body as { name: string }).name,
        },
      }),
    });
    const input = await screen.findByRole('textbox', { name: 'Album name' });
    expect(input.getAttribute('maxlength')).toBe('255');
    await user.clear(input);
    await user.type(input, 'Trip to Rome');
    expect(requests.some((r) => r.url.pathname.endsWith('/name'))).toBe(false);
    await user.tab();
    await waitFor(() => {
      expect(requests.find((r) => r.url.pathname.endsWith('/name'))?.body).toEqual({ name: 'Trip to Rome' });
    });
    expect(input).toHaveProperty('value', 'Trip to Rome');
  });
});

describe('files (spec 000 §2, §3 view mode, §9 file sort)', () => {
  test('grid mode shows square tiles opening the album carousel, fetched with the album sort', async () => {
    const { requests } = open();
    const tile = await screen.findByRole('img', { name: 'lake.jpg' });
    expect(tile.closest('a')?.getAttribute('href')).toBe('/carousel/album-1/f-2');
    const files = requests.find((r) => r.url.pathname === '/st/4/jobs/album-1/files');
    expect(files?.url.searchParams.get('sort')).toBe('ADDED');
    expect(screen.getByRole('region', { name: 'Date added' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Grid' }).getAttribute('aria-pressed')).toBe('true');
  });

  test('no stored view mode means flow; choosing grid stores it with PUT /options', async () => {
    const { user, requests } = open({
      ...albumRoutes(),
      'GET /st/4/options/album_view_mode.album-1': {
        status: 404,
        body: { error: { code: 'not_found', message: 'x' } },
      },
      'PUT /st/4/options/album_view_mode.album-1': {
        body: { name: 'album_view_mode.album-1', value: 'grid' },
      },
    });
    expect(await screen.findByRole('img', { name: 'beach.jpg' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Flow' }).getAttribute('aria-pressed')).toBe('true');
    expect(document.querySelector('.flow-grid')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Grid' }));
    expect(screen.getByRole('button', { name: 'Grid' }).getAttribute('aria-pressed')).toBe('true');
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ value: 'grid' });
  });

  test('the owner changes the sort with PUT /jobs/{id}/attribute/sort_order', async () => {
    const routes = albumRoutes();
    const { user, requests } = open({
      ...routes,
      'PUT /st/4/jobs/album-1/attribute/sort_order': {
        body: {
          ...(routes['GET /st/4/jobs/album-1/info'] as { body: object }).body,
          sort_order: 'NEWEST_TAKEN',
        },
      },
    });
    await user.selectOptions(await screen.findByLabelText('Sort'), 'Newest first');
    await waitFor(() => {
      expect(requests.find((r) => r.url.pathname.endsWith('/sort_order'))?.body).toEqual({
        value: 'NEWEST_TAKEN',
      });
    });
    // Now by months of taken time, newest first, each with start/end and the sort.
    expect(await screen.findByRole('region', { name: 'March 2024' })).toBeTruthy();
    const monthly = requests.filter((r) => r.url.searchParams.get('sort') === 'NEWEST_TAKEN');
    expect(monthly[0]?.url.searchParams.get('start')).toBe(String(albumMonth(2024, 3, 1).start));
  });

  test("others follow the album's sort_order and have no sort control", async () => {
    const { requests } = open(
      albumRoutes({ role: 'participant', currentUserCan: PARTICIPANT_CAN, sort_order: 'OLDEST_TAKEN' }),
    );
    expect(await screen.findByRole('img', { name: 'beach.jpg' })).toBeTruthy();
    expect(screen.queryByLabelText('Sort')).toBeNull();
    expect(requests.find((r) => r.url.pathname.endsWith('/files'))?.url.searchParams.get('sort')).toBe(
      'OLDEST_TAKEN',
    );
  });

  test('an album with no photos says so', async () => {
    open(albumRoutes({}, []));
    expect(await screen.findByRole('heading', { name: 'This album is empty' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Play slideshow' })).toHaveProperty('disabled', true);
  });
});

/** Opens a tile's menu with the context-menu key (clientX/Y 0, as a keyboard does). */
async function openFileMenu(name: string) {
  const image = await screen.findByRole('img', { name });
  const link = image.closest('a');
  if (!link) throw new Error('no tile link');
  link.focus();
  fireEvent.contextMenu(link, { clientX: 0, clientY: 0 });
  return screen.findByRole('menu', { name: `Actions for ${name}` });
}

describe('file menu (spec 000 §6, §8)', () => {
  test('set as cover is disabled on the cover; elsewhere it sets it and says so', async () => {
    const routes = albumRoutes();
    const { user, requests } = open({
      ...routes,
      'POST /st/4/jobs/album-1/cover': {
        body: { ...(routes['GET /st/4/jobs/album-1/info'] as { body: object }).body, cover_id: 'f-2' },
      },
    });
    let menu = await openFileMenu('beach.jpg');
    expect(
      within(menu).getByRole('menuitem', { name: 'Set as cover photo' }).getAttribute('aria-disabled'),
    ).toBe('true');
    await user.keyboard('{Escape}');
    menu = await openFileMenu('lake.jpg');
    const items = within(menu).getAllByRole('menuitem');
    expect(document.activeElement).toBe(items[0]);
    // The album's own item follows the registry's (issue #23): the last here.
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('Set as cover photo');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Cover photo changed')).toBeTruthy();
    expect(requests.find((r) => r.url.pathname.endsWith('/cover'))?.body).toEqual({ id: 'f-2' });
  });

  test("a failed cover change says 'Failed to change cover photo.'", async () => {
    const { user } = open({ ...albumRoutes(), 'POST /st/4/jobs/album-1/cover': { status: 500 } });
    const menu = await openFileMenu('lake.jpg');
    await user.click(within(menu).getByRole('menuitem', { name: 'Set as cover photo' }));
    expect(await screen.findByText('Failed to change cover photo.')).toBeTruthy();
  });

  test('a participant removes only their own files and sets no cover (issue #23)', async () => {
    const { user } = open(albumRoutes({ role: 'participant', currentUserCan: PARTICIPANT_CAN }));
    let menu = await openFileMenu('beach.jpg');
    expect(within(menu).getByRole('menuitem', { name: 'Remove from album' })).toBeTruthy();
    expect(within(menu).queryByRole('menuitem', { name: 'Delete' })).toBeNull();
    expect(within(menu).queryByRole('menuitem', { name: 'Set as cover photo' })).toBeNull();
    expect(within(menu).getByRole('menuitem', { name: 'Add to my timeline' })).toBeTruthy();
    await user.keyboard('{Escape}');
    menu = await openFileMenu('dog.jpg');
    expect(within(menu).queryByRole('menuitem', { name: 'Remove from album' })).toBeNull();
  });

  test('Add to my timeline copies the file with POST /jobs/{id}/keep-files', async () => {
    const { user, requests } = open({
      ...albumRoutes(),
      'POST /st/4/jobs/album-1/keep-files': {
        body: { results: [{ file_uuid: 'f-2', status: 'ok', new_uuid: 't-2' }] },
      },
    });
    const menu = await openFileMenu('lake.jpg');
    await user.click(within(menu).getByRole('menuitem', { name: 'Add to my timeline' }));
    expect(await screen.findByText('Added to your timeline')).toBeTruthy();
    expect(requests.find((r) => r.url.pathname.endsWith('/keep-files'))?.body).toBe('f-2');
  });
});

describe('selection bar of an album (issue #23)', () => {
  /** The actions of the selection bar, by name. */
  const barActions = async (count: number) =>
    within(await screen.findByRole('toolbar', { name: `${String(count)} selected` }))
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label'));

  test("a participant is not offered Remove on others' photos, nor on a mixed selection", async () => {
    const { user } = open(albumRoutes({ role: 'participant', currentUserCan: PARTICIPANT_CAN }));
    await user.click(await screen.findByRole('checkbox', { name: 'Select dog.jpg' }));
    expect(await barActions(1)).toEqual([
      'Clear selection',
      'Download',
      'Add to album',
      'Add to my timeline',
      'Share',
    ]);
    await user.click(screen.getByRole('checkbox', { name: 'Select beach.jpg' }));
    expect(await barActions(2)).not.toContain('Remove from album');
    await user.click(screen.getByRole('checkbox', { name: 'Select dog.jpg' }));
    expect(await barActions(1)).toContain('Remove from album');
    expect(await barActions(1)).not.toContain('Delete');
  });

  test('a participant removes their own photo from the album', async () => {
    const { user, requests } = open({
      ...albumRoutes({ role: 'participant', currentUserCan: PARTICIPANT_CAN }),
      'DELETE /st/4/jobs/album-1/files_by_id/f-1': { body: { ok: true } },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select beach.jpg' }));
    const bar = await screen.findByRole('toolbar', { name: '1 selected' });
    await user.click(within(bar).getByRole('button', { name: 'Remove from album' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete file?' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => {
      expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname)).toEqual([
        '/st/4/jobs/album-1/files_by_id/f-1',
      ]);
    });
  });

  test('Add to my timeline sends the selection to keep-files as text, one id a line', async () => {
    const { user, requests } = open({
      ...albumRoutes({ role: 'participant', currentUserCan: PARTICIPANT_CAN }),
      'POST /st/4/jobs/album-1/keep-files': {
        body: { results: [{ file_uuid: 'f-1', status: 'ok', new_uuid: 't-1' }] },
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select beach.jpg' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select dog.jpg' }));
    const bar = await screen.findByRole('toolbar', { name: '2 selected' });
    await user.click(within(bar).getByRole('button', { name: 'Add to my timeline' }));
    expect(await screen.findByText('Added to your timeline')).toBeTruthy();
    const sent = requests.find((r) => r.url.pathname.endsWith('/keep-files'));
    expect(sent?.body).toBe('f-1\nf-3');
    expect(sent?.headers.get('content-type')).toContain('text/plain');
  });
});

/** Opens the album's menu by keyboard. */
async function openAlbumMenu(user: ReturnType<typeof open>['user']) {
  const button = await screen.findByRole('button', { name: 'Album options' });
  button.focus();
  await user.keyboard('{Enter}');
  return screen.findByRole('menu', { name: 'Album options' });
}

describe('album actions (spec 000 §4, §6, §8)', () => {
  test('the owner deletes the album after the DELETE_ALBUM confirm and lands on /albums', async () => {
    const { user, requests } = open({
      ...albumRoutes(),
      'DELETE /st/4/jobs/album-1': { body: { ok: true } },
      'GET /st/4/jobs': { body: { jobs: [] } },
    });
    const menu = await openAlbumMenu(user);
    expect(document.activeElement).toBe(within(menu).getByRole('menuitemcheckbox', { name: 'Shared album' }));
    await user.keyboard('{End}');
    expect(document.activeElement?.textContent).toBe('Delete album');
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Delete album?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { name: 'No albums yet' })).toBeTruthy();
    expect(requests.some((r) => r.method === 'DELETE' && r.url.pathname === '/st/4/jobs/album-1')).toBe(true);
  });

  test("a failed delete says 'Failed to delete the album.' and stays", async () => {
    const { user } = open({ ...albumRoutes(), 'DELETE /st/4/jobs/album-1': { status: 500 } });
    await openAlbumMenu(user);
    await user.click(await screen.findByRole('menuitem', { name: 'Delete album' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete the album.')).toBeTruthy();
  });

  test("a participant leaves with the UNSUBSCRIBE_ALBUM confirm; a failure says 'Failed to leave the album.'", async () => {
    const { user, requests } = open({
      ...albumRoutes({ role: 'participant', currentUserCan: PARTICIPANT_CAN }),
      'POST /st/4/jobs/album-1/unsubscribe': { status: 500 },
    });
    const menu = await openAlbumMenu(user);
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Leave album']);
    await user.keyboard('{Enter}');
    await user.click(
      within(screen.getByRole('dialog', { name: 'Leave album?' })).getByRole('button', { name: 'Leave' }),
    );
    expect(await screen.findByText('Failed to leave the album.')).toBeTruthy();
    expect(requests.some((r) => r.url.pathname.endsWith('/unsubscribe'))).toBe(true);
  });

  test("making a shared album private posts privacy_mode and says 'Album is now private'", async () => {
    const routes = albumRoutes({ isShared: true, privacy_mode: 'shared' });
    const { user, requests } = open({
      ...routes,
      'POST /st/4/jobs/album-1/privacy_mode': {
        body: {
          ...(routes['GET /st/4/jobs/album-1/info'] as { body: object }).body,
          isShared: false,
          privacy_mode: 'private',
        },
      },
    });
    const menu = await openAlbumMenu(user);
    const shared = within(menu).getByRole('menuitemcheckbox', { name: 'Shared album' });
    expect(shared.getAttribute('aria-checked')).toBe('true');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Album is now private')).toBeTruthy();
    expect(requests.find((r) => r.url.pathname.endsWith('/privacy_mode'))?.body).toEqual({ mode: 'private' });
  });

  test('sharing without a user name asks for one first, then shares (spec 001 §4, §5)', async () => {
    let named = false;
    const routes = albumRoutes();
    const { user, requests } = open({
      ...routes,
      'POST /st/4/name': () => {
        named = true;
        return { body: anAccount({ name: 'Kari' }) };
      },
      'POST /st/4/jobs/album-1/privacy_mode': () =>
        named
          ? {
              body: {
                ...(routes['GET /st/4/jobs/album-1/info'] as { body: object }).body,
                isShared: true,
                privacy_mode: 'shared',
              },
            }
          : {
              status: 409,
              body: { error: { code: 'user_name_required', message: 'Shared albums require a user name' } },
            },
    });
    const menu = await openAlbumMenu(user);
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'Shared album' }));
    const dialog = await screen.findByRole('dialog', { name: 'What is your name?' });
    await user.type(within(dialog).getByRole('textbox'), 'Kari');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => {
      expect(requests.filter((r) => r.url.pathname.endsWith('/privacy_mode'))).toHaveLength(2);
    });
    expect(requests.find((r) => r.url.pathname === '/st/4/name')?.body).toEqual({ name: 'Kari' });
    expect(screen.queryByRole('dialog', { name: 'What is your name?' })).toBeNull();
  });

  test('allow uploads is switched off with POST /jobs/{id}/permissions', async () => {
    const { user, requests } = open({
      ...albumRoutes(),
      'POST /st/4/jobs/album-1/permissions': { status: 500 },
    });
    await openAlbumMenu(user);
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Allow others to add photos' }));
    await waitFor(() => {
      expect(requests.find((r) => r.url.pathname.endsWith('/permissions'))?.body).toEqual({
        allow_uploads: 0,
      });
    });
    expect(await screen.findByText('Oops! Something went wrong.')).toBeTruthy();
  });

  test('Add photos links to the add-photos screen only for who may add', async () => {
    open();
    const add = await screen.findByRole('link', { name: 'Add photos' });
    expect(add.getAttribute('href')).toBe('/albums/album-1/edit/addPhotos');
  });

  test('drops go into an album its viewer may add to, and to the timeline otherwise', async () => {
    const mine = open();
    expect(await screen.findByRole('link', { name: 'Add photos' })).toBeTruthy();
    expect(currentDropClaim()?.title).toBe('Drop photos and videos to add them to this album');
    mine.unmount();
    expect(currentDropClaim()).toBeUndefined();
    const can = { ...PARTICIPANT_CAN, addPhotos: false };
    open(albumRoutes({ role: 'visitor', currentUserCan: can }));
    expect(await screen.findByRole('img', { name: 'beach.jpg' })).toBeTruthy();
    expect(currentDropClaim()).toBeUndefined();
  });

  test('a non-subscribed user subscribes with POST /jobs/{id}/subscribe', async () => {
    const can = { ...PARTICIPANT_CAN, leaveAlbum: false, subscribeToAlbum: true, addPhotos: false };
    const routes = albumRoutes({ role: 'visitor', currentUserCan: can });
    const { user, requests } = open({
      ...routes,
      'POST /st/4/jobs/album-1/subscribe': {
        body: (routes['GET /st/4/jobs/album-1/info'] as { body: object }).body,
      },
      // Under analytics consent the join is the account action album_subscription (spec 001 §3).
      'GET /st/4/account_info': { body: anAccount({ permitted_services: ['analytics'] }) },
      'POST /st/4/user_statistics_events': { body: { accepted: 1 } },
    });
    expect(await screen.findByRole('img', { name: 'beach.jpg' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Add photos' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Join album' }));
    await waitFor(() => {
      expect(requests.some((r) => r.method === 'POST' && r.url.pathname.endsWith('/subscribe'))).toBe(true);
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

  test('a read-only user sees Add photos disabled with a subscription offer', async () => {
    const can = { ...PARTICIPANT_CAN, addPhotos: false, needsSubscription: ['addPhotos'] };
    open(albumRoutes({ role: 'readOnly', currentUserCan: can }));
    const add = await screen.findByRole('button', { name: 'Add photos' });
    expect(add.getAttribute('aria-disabled')).toBe('true');
    const tip = screen.getByRole('tooltip');
    expect(add.getAttribute('aria-describedby')).toBe(tip.id);
    expect(
      within(tip).getByRole('link', { name: 'Needs a subscription: see storage plans' }).getAttribute('href'),
    ).toBe('/settings/storage?subscribe=1');
  });
});

describe('load states (spec 000 §4)', () => {
  test('a missing album shows the not-found page with a way back', async () => {
    open({ 'GET /poll': 'network' });
    expect(await screen.findByRole('heading', { name: 'Album not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All albums' }).getAttribute('href')).toBe('/albums');
  });

  test("403 secured_job is a deleted album: 'This album was deleted'", async () => {
    open({
      'GET /st/4/jobs/album-1/info': {
        status: 403,
        body: { error: { code: 'secured_job', message: 'User does not have access to secured job' } },
      },
    });
    expect(await screen.findByRole('heading', { name: 'This album was deleted' })).toBeTruthy();
  });

  test('its owner restores a deleted album from its page, or goes to the trash (issue #23)', async () => {
    const routes = albumRoutes();
    let isDeleted = true;
    const { user, requests } = open({
      ...routes,
      'GET /st/4/jobs/album-1/info': () =>
        isDeleted
          ? {
              status: 403,
              body: { error: { code: 'secured_job', message: 'User does not have access to secured job' } },
            }
          : (routes['GET /st/4/jobs/album-1/info'] as { body: object }),
      'GET /st/4/trash_can_albums': { body: { items: [aTrashAlbum({ id: 'album-1', name: 'Trip' })] } },
      'POST /st/4/rollback_albums': () => {
        isDeleted = false;
        return { body: { success: [{ uuid: 'album-1' }] } };
      },
    });
    const restore = await screen.findByRole('button', { name: 'Restore album' });
    expect(screen.getByRole('link', { name: 'Go to Deleted items' }).getAttribute('href')).toBe(
      '/deleted_items/albums',
    );
    await user.click(restore);
    expect(requests.find((r) => r.url.pathname === '/st/4/rollback_albums')?.body).toEqual({
      job_uuids: ['album-1'],
    });
    expect(await screen.findByRole('textbox', { name: 'Album name' })).toHaveProperty('value', 'Trip');
  });

  test('a deleted album not in my trash (a participant) offers no restore', async () => {
    open({
      'GET /st/4/jobs/album-1/info': {
        status: 403,
        body: { error: { code: 'secured_job', message: 'User does not have access to secured job' } },
      },
      'GET /st/4/trash_can_albums': { body: { items: [] } },
    });
    expect(await screen.findByRole('heading', { name: 'This album was deleted' })).toBeTruthy();
    await waitFor(() => {
      expect(screen.queryByRole('button', { name: 'Restore album' })).toBeNull();
    });
    expect(screen.queryByRole('link', { name: 'Go to Deleted items' })).toBeNull();
  });
});

test('the album stays live: a change on the poll host fetches the album again', async () => {
  const routes = albumRoutes();
  const base = (routes['GET /st/4/jobs/album-1/info'] as { body: object }).body;
  let polls = 0;
  let infos = 0;
  open({
    ...routes,
    'GET /st/4/jobs/album-1/info': () => {
      infos += 1;
      return { body: { ...base, title: infos === 1 ? 'Trip' : 'Renamed elsewhere', last_update: 0 } };
    },
    'GET /poll': () => {
      polls += 1;
      return polls === 1 ? { body: 'seq=3\n' } : 'network';
    },
    'GET /st/4/jobs/album-1/files': { body: { files: ALBUM_FILES, next_cursor: null } },
  });
  await waitFor(() => {
    expect(screen.getByRole('textbox', { name: 'Album name' })).toHaveProperty('value', 'Renamed elsewhere');
  });
});
