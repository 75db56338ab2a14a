import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { aFile, anAlbum } from '../../test/factories.ts';
import { renderApp } from '../../test/render.tsx';

test("shows 'No albums yet' when GET /st/4/jobs?stories=1 lists none", async () => {
  const { requests } = renderApp({ route: '/albums', routes: { 'GET /st/4/jobs': { body: { jobs: [] } } } });
  expect(await screen.findByRole('heading', { name: 'No albums yet' })).toBeTruthy();
  expect(requests.find((r) => r.url.pathname === '/st/4/jobs')?.url.searchParams.get('stories')).toBe('1');
  expect(screen.getByRole('button', { name: 'Create album' })).toBeTruthy();
});

test('Create album names the album, saves it with POST /st/4/jobs and opens it', async () => {
  const album = anAlbum({ id: 'new-album', title: 'Summer 2026' });
  const { requests, user } = renderApp({
    route: '/albums',
    routes: {
      'GET /st/4/jobs': { body: { jobs: [] } },
      'POST /st/4/jobs': { body: album },
      'GET /st/4/jobs/new-album/files': { body: { files: [], next_cursor: null } },
    },
  });
  await user.click(await screen.findByRole('button', { name: 'Create album' }));
  const dialog = screen.getByRole('dialog', { name: 'New album' });
  const name = within(dialog).getByLabelText('Album name');
  expect(name.getAttribute('maxlength')).toBe('255');
  await user.type(name, 'Summer 2026');
  await user.click(within(dialog).getByRole('button', { name: 'Create album' }));
  expect(await screen.findByRole('heading', { name: 'Summer 2026' })).toBeTruthy();
  expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ name: 'Summer 2026' });
  expect(screen.getByRole('heading', { name: 'This album is empty' })).toBeTruthy();
  expect(screen.getByText('0 items')).toBeTruthy();
});

test('an album shows its files; Add photos asks whether they go to the timeline too', async () => {
  const { user } = renderApp({
    route: '/albums/album-1',
    routes: {
      'GET /st/4/jobs/album-1/info': { body: anAlbum({ id: 'album-1', title: 'Trip' }) },
      'GET /st/4/jobs/album-1/files': {
        body: { files: [aFile({ id: 'f-1', name: 'beach.jpg', job: 'album-1' })], next_cursor: null },
      },
    },
  });
  expect(await screen.findByRole('heading', { name: 'Trip' })).toBeTruthy();
  expect(within(screen.getByRole('list', { name: 'Trip' })).getAllByRole('listitem')).toHaveLength(1);
  expect(screen.getByText('1 item')).toBeTruthy();
  await user.upload(screen.getByLabelText('Add photos'), [
    new File(['x'], 'a.jpg', { type: 'image/jpeg' }),
    new File(['y'], 'b.jpg', { type: 'image/jpeg' }),
  ]);
  const dialog = screen.getByRole('dialog', { name: 'Add these 2 files to your timeline too?' });
  expect(within(dialog).getByRole('button', { name: 'Album only' })).toBeTruthy();
  await user.click(within(dialog).getByRole('button', { name: 'Album and timeline' }));
  expect(screen.queryByRole('dialog')).toBeNull();
});

test("an album that is not there (or not the caller's) says so", async () => {
  renderApp({ route: '/albums/gone' });
  expect(await screen.findByRole('heading', { name: 'Album not found' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'All albums' }).getAttribute('href')).toBe('/albums');
});

test('the timeline offers Add photos as a file picker for images and videos', async () => {
  renderApp({ route: '/photos' });
  const picker = await screen.findByLabelText('Add photos');
  expect(picker.getAttribute('type')).toBe('file');
  expect(picker.hasAttribute('multiple')).toBe(true);
  expect(picker.getAttribute('accept')).toContain('.heic');
  expect(picker.getAttribute('accept')).toContain('video/mp4');
});
