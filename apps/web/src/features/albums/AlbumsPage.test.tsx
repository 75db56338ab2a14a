import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { anAlbum } from '../../test/factories.ts';
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
      'GET /st/4/jobs/new-album/timeline/months': { body: { months: [] } },
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
  expect(await screen.findByRole('heading', { name: 'This album is empty' })).toBeTruthy();
});

test('the timeline offers Add photos as a file picker for images and videos', async () => {
  renderApp({ route: '/photos' });
  const picker = await screen.findByLabelText('Add photos');
  expect(picker.getAttribute('type')).toBe('file');
  expect(picker.hasAttribute('multiple')).toBe(true);
  expect(picker.getAttribute('accept')).toContain('.heic');
  expect(picker.getAttribute('accept')).toContain('video/mp4');
});
