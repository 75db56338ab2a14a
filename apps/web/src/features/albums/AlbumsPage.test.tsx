import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { renderApp } from '../../test/render.tsx';

test("shows 'No albums yet' when GET /st/4/jobs?stories=1 lists none", async () => {
  const { requests } = renderApp({ route: '/albums', routes: { 'GET /st/4/jobs': { body: { jobs: [] } } } });
  expect(await screen.findByRole('heading', { name: 'No albums yet' })).toBeTruthy();
  expect(requests.find((r) => r.url.pathname === '/st/4/jobs')?.url.searchParams.get('stories')).toBe('1');
  expect(screen.getByRole('link', { name: 'Create album' })).toBeTruthy();
});

test('Create album opens the two-step create flow (spec 000 §2 /albums/{id}/edit/{tab})', async () => {
  const { user } = renderApp({ route: '/albums', routes: { 'GET /st/4/jobs': { body: { jobs: [] } } } });
  await user.click(await screen.findByRole('link', { name: 'Create album' }));
  expect(await screen.findByLabelText('Album name')).toBeTruthy();
});

test('the timeline offers Add photos as a file picker for images and videos', async () => {
  renderApp({ route: '/photos' });
  const picker = await screen.findByLabelText('Add photos');
  expect(picker.getAttribute('type')).toBe('file');
  expect(picker.hasAttribute('multiple')).toBe(true);
  expect(picker.getAttribute('accept')).toContain('.heic');
  expect(picker.getAttribute('accept')).toContain('video/mp4');
});
