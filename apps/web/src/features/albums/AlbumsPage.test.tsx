import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { anAlbum } from '../../test/factories.ts';
import { renderApp } from '../../test/render.tsx';

test("shows 'No albums yet' when GET /st/4/jobs?stories=1 lists none", async () => {
  const { requests } = renderApp({ route: '/albums', routes: { 'GET /st/4/jobs': { body: { jobs: [] } } } });
  expect(await screen.findByRole('heading', { name: 'No albums yet' })).toBeTruthy();
  expect(requests.find((r) => r.url.pathname === '/st/4/jobs')?.url.searchParams.get('stories')).toBe('1');
  expect(screen.queryByRole('button', { name: /create/i })).toBeNull();
});

test('lists the albums by title', async () => {
  renderApp({
    route: '/albums',
    routes: {
      'GET /st/4/jobs': {
        body: { jobs: [anAlbum({ id: 'a', title: 'Summer' }), anAlbum({ id: 'b', title: '' })] },
      },
    },
  });
  const list = await screen.findByRole('list');
  expect(
    within(list)
      .getAllByRole('heading')
      .map((h) => h.textContent),
  ).toEqual(['Summer', 'Untitled album']);
});

test('the timeline offers Add photos as a file picker for images and videos', async () => {
  renderApp({ route: '/photos' });
  const picker = await screen.findByLabelText('Add photos');
  expect(picker.getAttribute('type')).toBe('file');
  expect(picker.hasAttribute('multiple')).toBe(true);
  expect(picker.getAttribute('accept')).toContain('.heic');
  expect(picker.getAttribute('accept')).toContain('video/mp4');
});
