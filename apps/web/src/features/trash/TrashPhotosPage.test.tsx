import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { anAccount } from '../../test/factories.ts';
import type { FakeRoutes, SeenRequest } from '../../test/fake-fetch.ts';
import { renderApp } from '../../test/render.tsx';
import { aTrashCan, aTrashFile, dtimeWithDaysLeft } from '../../test/trash.ts';

const ROUTE = '/deleted_items/photos';
const beach = aTrashFile({ id: 'beach' });
const dunes = aTrashFile({ id: 'dunes', job: 'job-album', dtime: dtimeWithDaysLeft(3) });
const lake = aTrashFile({ id: 'lake', dtime: dtimeWithDaysLeft(0) });

/**
 * The trash holds `files` until calls take some away: empty_trash_can, and multi_rollback of
 * both jobs, which restores every file but those in `errors` (id → reason).
 */
function trashRoutes(
  files = [beach, dunes, lake],
  errors: Record<string, string> = {},
  hold?: Promise<unknown>,
): FakeRoutes {
  let left = [...files];
  const take = (ids: readonly string[]) => {
    left = left.filter((file) => !ids.includes(file.id));
  };
  const rollback = (request: SeenRequest) => {
    const ids = (request.body as { file_uuids: string[] }).file_uuids;
    take(ids.filter((id) => errors[id] === undefined));
    return {
      body: {
        results: ids.map((id) =>
          errors[id] === undefined
            ? { file_uuid: id, status: 'ok' }
            : { file_uuid: id, status: 'error', error_reason: errors[id] },
        ),
        quota: { used_space: 0, max_space: 1 },
      },
      ...(hold && { after: hold }),
    };
  };
  return {
    'GET /st/4/trash_can': () => ({ body: aTrashCan(left) }),
    'POST /st/4/empty_trash_can': (request) => {
      const ids = (request.body as { fileid?: string[] }).fileid ?? left.map((file) => file.id);
      take(ids);
      return { body: { deleted: ids.length, freed_bytes: 1000 * ids.length } };
    },
    'POST /st/4/jobs/job-timeline/multi_rollback': rollback,
    'POST /st/4/jobs/job-album/multi_rollback': rollback,
  };
}

const calls = (requests: SeenRequest[], method: string, path: string) =>
  requests.filter((r) => r.method === method && r.url.pathname === path);

describe('trash photos (spec 000 §2, §4)', () => {
  test('groups by days remaining under the spec headings, with the item count', async () => {
    renderApp({ route: ROUTE, routes: trashRoutes() });
    expect(await screen.findByRole('heading', { name: 'Deleted photos and videos' })).toBeTruthy();
    expect(screen.getByText('3 items')).toBeTruthy();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      'Permanently deleted in 90 days',
      'Removed soon: 3 days left',
      'Deleted for good today',
    ]);
    const soon = screen.getByRole('region', { name: 'Removed soon: 3 days left' });
    expect(within(soon).getByRole('checkbox', { name: 'Select dunes.jpg' })).toBeTruthy();
  });

  test('an empty trash says so', async () => {
    renderApp({ route: ROUTE, routes: trashRoutes([]) });
    expect(await screen.findByRole('heading', { name: 'No deleted photos or videos' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Restore all' })).toBeNull();
  });

  test('restore of a selection: per job, hidden at once, a toast that leads to the timeline', async () => {
    const answer = Promise.withResolvers<undefined>();
    const { user, requests } = renderApp({
      route: ROUTE,
      routes: trashRoutes(undefined, {}, answer.promise),
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select beach.jpg' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select dunes.jpg' }));
    const bar = screen.getByRole('toolbar', { name: '2 selected' });
    await user.click(within(bar).getByRole('button', { name: 'Restore' }));
    // spec 000 §4: files being processed are hidden.
    expect(screen.queryByRole('checkbox', { name: 'Select beach.jpg' })).toBeNull();
    expect(screen.getByText('1 item')).toBeTruthy();
    answer.resolve(undefined);
    expect(await screen.findByText('2 files restored')).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Select beach.jpg' })).toBeNull();
    expect(calls(requests, 'POST', '/st/4/jobs/job-timeline/multi_rollback')[0]?.body).toEqual({
      file_uuids: ['beach'],
    });
    expect(calls(requests, 'POST', '/st/4/jobs/job-album/multi_rollback')[0]?.body).toEqual({
      file_uuids: ['dunes'],
    });
    expect(screen.queryByRole('toolbar')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Go to timeline' }));
    expect(await screen.findByLabelText('Add photos')).toBeTruthy();
  });

  test('a failed restore brings the file back with its reason; quota_exceeded opens the storage popup', async () => {
    const { user } = renderApp({
      route: ROUTE,
      routes: trashRoutes(undefined, { beach: 'quota_exceeded' }),
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select beach.jpg' }));
    await user.click(within(screen.getByRole('toolbar')).getByRole('button', { name: 'Restore' }));
    const popup = await screen.findByRole('dialog', { name: 'Not enough storage' });
    expect(popup.textContent).toContain('restore more files than your storage has room for');
    expect(screen.getByText('Error - file not restored')).toBeTruthy();
    await user.click(within(popup).getByRole('button', { name: 'Close' }));
    const tile = screen.getByRole('checkbox', { name: 'Select beach.jpg' });
    expect(tile.getAttribute('aria-describedby')).toBeTruthy();
    const reason = document.getElementById(tile.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe('Not restored: out of storage');
  });

  test('restore all over the quota: the incomplete dialog first, then the storage popup, one at a time', async () => {
    const { user } = renderApp({
      route: ROUTE,
      routes: trashRoutes(undefined, { beach: 'quota_exceeded', lake: 'quota_exceeded' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Restore all' }));
    const incomplete = await screen.findByRole('dialog', { name: 'Some files were not restored' });
    expect(incomplete.textContent).toContain('2 files were not restored.');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await user.click(within(incomplete).getByRole('button', { name: 'Close' }));
    const popup = await screen.findByRole('dialog', { name: 'Not enough storage' });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await user.click(within(popup).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('2 items')).toBeTruthy();
  });

  test('delete permanently asks first, then empties those files and refreshes the account', async () => {
    const { user, requests } = renderApp({ route: ROUTE, routes: trashRoutes() });
    await user.click(await screen.findByRole('checkbox', { name: 'Select lake.jpg' }));
    await user.click(within(screen.getByRole('toolbar')).getByRole('button', { name: 'Delete permanently' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete file permanently?' });
    expect(dialog.textContent).toContain('This cannot be undone.');
    const accountCalls = calls(requests, 'GET', '/st/4/account_info').length;
    await user.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));
    expect(await screen.findByText('1 file deleted permanently')).toBeTruthy();
    expect(calls(requests, 'POST', '/st/4/empty_trash_can')[0]?.body).toEqual({ fileid: ['lake'] });
    expect(screen.queryByRole('checkbox', { name: 'Select lake.jpg' })).toBeNull();
    // The used space the uploader watches is fetched again (spec 000 §4 out of storage).
    await waitFor(() => {
      expect(calls(requests, 'GET', '/st/4/account_info').length).toBeGreaterThan(accountCalls);
    });
  });

  test('a group circle selects the whole group', async () => {
    const { user } = renderApp({
      route: ROUTE,
      routes: trashRoutes([beach, aTrashFile({ id: 'pier' }), lake]),
    });
    await user.click(
      await screen.findByRole('checkbox', { name: 'Select all of Permanently deleted in 90 days' }),
    );
    expect(screen.getByRole('toolbar', { name: '2 selected' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Select pier.jpg' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(screen.getByRole('checkbox', { name: 'Select lake.jpg' }).getAttribute('aria-checked')).toBe(
      'false',
    );
  });

  test('restore all walks the whole trash and ends in the complete dialog', async () => {
    const { user, requests } = renderApp({
      route: ROUTE,
      routes: trashRoutes(),
    });
    await user.click(await screen.findByRole('button', { name: 'Restore all' }));
    expect(await screen.findByRole('dialog', { name: 'Files restored' })).toBeTruthy();
    expect(screen.getByText('All 3 files are back in your timeline.')).toBeTruthy();
    const walk = calls(requests, 'GET', '/st/4/trash_can').find(
      (r) => r.url.searchParams.get('limit') === '500',
    );
    expect(walk).toBeTruthy();
    expect(calls(requests, 'POST', '/st/4/jobs/job-timeline/multi_rollback')[0]?.body).toEqual({
      file_uuids: ['beach', 'lake'],
    });
  });

  test('delete all asks, then empties the whole trash', async () => {
    const { user, requests } = renderApp({ route: ROUTE, routes: trashRoutes() });
    await user.click(await screen.findByRole('button', { name: 'Delete all' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete all photos and videos permanently?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));
    expect(await screen.findByRole('dialog', { name: 'Deleted items emptied' })).toBeTruthy();
    expect(calls(requests, 'POST', '/st/4/empty_trash_can')[0]?.body).toEqual({});
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('heading', { name: 'No deleted photos or videos' })).toBeTruthy();
  });

  test('spec 000 §6: a read-only user cannot restore', async () => {
    const { user, requests } = renderApp({
      route: ROUTE,
      routes: {
        ...trashRoutes(),
        'GET /st/4/account_info': { body: anAccount({ is_read_only_user: true }) },
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select beach.jpg' }));
    const restore = within(screen.getByRole('toolbar')).getByRole('button', { name: 'Restore' });
    await waitFor(() => {
      expect(restore.getAttribute('aria-disabled')).toBe('true');
    });
    expect(document.getElementById(restore.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Subscribe to restore files',
    );
    await user.click(restore);
    expect(screen.getByRole('button', { name: 'Restore all' }).getAttribute('aria-disabled')).toBe('true');
    expect(requests.some((r) => r.url.pathname.endsWith('/multi_rollback'))).toBe(false);
  });

  test('pages on: the next page is fetched when the end is near (spec 000 §9)', async () => {
    const first = Array.from({ length: 200 }, (_, n) => aTrashFile({ id: `f${String(n)}` }));
    const { requests } = renderApp({
      route: ROUTE,
      routes: {
        'GET /st/4/trash_can': (request) =>
          request.url.searchParams.get('offset') === '0'
            ? { body: aTrashCan(first, 201) }
            : { body: aTrashCan([aTrashFile({ id: 'last' })], 201) },
      },
    });
    // jsdom lays nothing out: the end is always in view.
    expect(await screen.findByRole('checkbox', { name: 'Select last.jpg' })).toBeTruthy();
    expect(calls(requests, 'GET', '/st/4/trash_can').map((r) => r.url.searchParams.get('offset'))).toEqual([
      '0',
      '200',
    ]);
    expect(screen.getByText('201 items')).toBeTruthy();
  });
});
