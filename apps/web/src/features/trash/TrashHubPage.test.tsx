import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { anAccount } from '../../test/factories.ts';
import { renderApp } from '../../test/render.tsx';
import { aTrashAlbum, aTrashCan, aTrashFile } from '../../test/trash.ts';

/** The hub's own entries (the top bar has an Albums link too). */
const entries = async () => within(await screen.findByRole('navigation', { name: 'Deleted items' }));

const routes = {
  'GET /st/4/trash_can': { body: aTrashCan([aTrashFile()], 7) },
  'GET /st/4/trash_can_albums': { body: { items: [aTrashAlbum()] } },
};

test('the hub has two entries with what each holds (spec 000 §2)', async () => {
  const { user } = renderApp({ route: '/deleted_items', routes });
  expect(await screen.findByRole('heading', { name: 'Deleted items' })).toBeTruthy();
  const hub = await entries();
  expect(await hub.findByText('7 items')).toBeTruthy();
  expect(await hub.findByText('1 album')).toBeTruthy();
  const photos = hub.getByRole('link', { name: /Photos and videos/ });
  // No fromNav: no back button on the hub.
  expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  await user.click(photos);
  expect(await screen.findByRole('heading', { name: 'Deleted photos and videos' })).toBeTruthy();
  // The photos screen links back to the hub.
  await user.click(screen.getByRole('link', { name: 'Deleted items' }));
  expect(await screen.findByRole('link', { name: /Photos and videos/ })).toBeTruthy();
});

test('the hub shows the storage used, which deleted items still count toward', async () => {
  renderApp({
    route: '/deleted_items',
    routes: { ...routes, 'GET /st/4/account_info': { body: anAccount({ used_space: 3 * 1024 ** 3 }) } },
  });
  const meter = await screen.findByRole('meter', { name: 'Storage' });
  expect(meter.getAttribute('aria-valuetext')).toBe('3 GB of 15 GB used');
  expect(screen.getByText(/count toward your storage until they are deleted for good/)).toBeTruthy();
});

test('the in-app variant keeps its prefix and fromNav=1, whose back button goes back', async () => {
  const { user } = renderApp({ route: '/_from_inside_app/deleted_items?fromNav=1', routes });
  const albums = (await entries()).getByRole('link', { name: /Albums/ });
  expect(albums.getAttribute('href')).toBe('/_from_inside_app/deleted_items/albums?fromNav=1');
  await user.click(albums);
  expect(await screen.findByRole('heading', { name: 'Deleted albums' })).toBeTruthy();
  await user.click(screen.getByRole('button', { name: 'Back' }));
  expect(await screen.findByRole('link', { name: /Photos and videos/ })).toBeTruthy();
});

test('fromNav=1 opened first: Back goes to the timeline', async () => {
  const { user } = renderApp({ route: '/_from_inside_app/deleted_items/photos?fromNav=1', routes });
  await user.click(await screen.findByRole('button', { name: 'Back' }));
  expect(await screen.findByLabelText('Add photos')).toBeTruthy();
});

test('the side menu and settings lead to the trash', async () => {
  const { user } = renderApp({ route: '/settings', routes });
  const entry = await screen.findByRole('link', { name: /Deleted items/ });
  expect(entry.getAttribute('href')).toBe('/_from_inside_app/deleted_items?fromNav=1');
  await user.click(screen.getByRole('button', { name: 'Open menu' }));
  const menuLink = await screen.findByRole('link', { name: 'Deleted items' });
  expect(menuLink.getAttribute('href')).toBe('/deleted_items');
});
