import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { aFile, anAccount, anAlbum } from '../../../test/factories.ts';
import type { FakeRoutes, SeenRequest } from '../../../test/fake-fetch.ts';
import { renderApp } from '../../../test/render.tsx';
import { encodeAlbumIdB64 } from '../route-params.ts';
import { useLocation } from 'react-router';
import { AppRoutes } from '../../../app/AppRoutes.tsx';

const NEW = anAlbum({ id: 'new-1', title: 'Trip', isShared: true, privacy_mode: 'shared' });

/** The calls of a create flow that ends in an empty step 2. */
const createRoutes = (overrides: FakeRoutes = {}): FakeRoutes => ({
  'POST /st/4/jobs': { body: NEW },
  'PUT /st/4/options/album_view_mode.new-1': { body: { name: 'album_view_mode.new-1', value: 'grid' } },
  'GET /st/4/jobs/new-1/info': { body: NEW },
  'GET /st/4/jobs/new-1/files': { body: { files: [], next_cursor: null } },
  'DELETE /st/4/jobs/new-1': { body: { ok: true } },
  ...overrides,
});

const sent = (requests: SeenRequest[], method: string, path: string) =>
  requests.filter((r) => r.method === method && r.url.pathname === path);

describe('step 1: name the album (spec 000 §4 Album create, §5)', () => {
  test('a new album starts shared with comments and uploads on, and needs a name', async () => {
    const { user } = renderApp({ route: '/albums/new/edit/a' });
    const name = await screen.findByLabelText('Album name');
    expect(name.getAttribute('maxlength')).toBe('255');
    expect(name.getAttribute('placeholder')).toBe('My new shared album');
    expect(screen.getByRole('switch', { name: 'Shared album' })).toHaveProperty('checked', true);
    expect(screen.getByRole('switch', { name: 'Allow comments' })).toHaveProperty('checked', true);
    expect(screen.getByRole('switch', { name: 'Let members add photos' })).toHaveProperty('checked', true);
    const create = screen.getByRole('button', { name: 'Create album' });
    expect(create).toHaveProperty('disabled', true);
    await user.type(name, '   ');
    expect(screen.getByRole('alert').textContent).toBe('Album name is required for shared albums');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    await user.clear(name);
    await user.type(name, 'Trip');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(create).toHaveProperty('disabled', false);
  });

  test('Create saves the album with the spec fields, stores the grid view mode and opens step 2', async () => {
    const { requests, user } = renderApp({ route: '/albums/new/edit/a?goToAfter=t', routes: createRoutes() });
    await user.type(await screen.findByLabelText('Album name'), 'Trip');
    await user.click(screen.getByRole('switch', { name: 'Allow comments' }));
    await user.click(screen.getByRole('button', { name: 'Create album' }));
    expect(await screen.findByRole('heading', { name: 'Add photos to Trip' })).toBeTruthy();
    expect(sent(requests, 'POST', '/st/4/jobs')[0]?.body).toEqual({
      name: 'Trip',
      public: true,
      allow_comments: false,
      allow_uploads: true,
    });
    expect(sent(requests, 'PUT', '/st/4/options/album_view_mode.new-1')[0]?.body).toEqual({ value: 'grid' });
    expect(screen.getByText('No photos in this album yet.')).toBeTruthy();
  });

  test('step 2 of a new album is the create-album-after-more-photos route (spec 000 §2)', async () => {
    const at = { path: '' };
    function Where() {
      const location = useLocation();
      at.path = location.pathname + location.search;
      return null;
    }
    const { user } = renderApp({
      route: '/albums/new/edit/a?goToAfter=t',
      routes: createRoutes(),
      element: (
        <>
          <AppRoutes />
          <Where />
        </>
      ),
    });
    await user.type(await screen.findByLabelText('Album name'), 'Trip');
    await user.click(screen.getByRole('button', { name: 'Create album' }));
    expect(await screen.findByRole('heading', { name: 'Add photos to Trip' })).toBeTruthy();
    expect(at.path).toBe(`/createAlbumAfterMorePhotos/${encodeAlbumIdB64('new-1')}?goToAfter=t`);
    expect(
      screen.getByRole('navigation', { name: 'Steps' }).querySelector('[aria-current="step"]')?.textContent,
    ).toBe('2. Add photos');
  });

  test('Cancel of an album created here and never given photos deletes it and returns to goToAfter', async () => {
    const { requests, user } = renderApp({ route: '/albums/new/edit/a?goToAfter=t', routes: createRoutes() });
    await user.type(await screen.findByLabelText('Album name'), 'Trip');
    await user.keyboard('{Enter}');
    const bar = await screen.findByRole('toolbar', { name: 'Add photos to Trip' });
    await user.click(within(bar).getByRole('button', { name: 'Cancel' }));
    // goToAfter=t: the timeline (an empty one here).
    expect(await screen.findByRole('heading', { name: 'Your photos will show up here' })).toBeTruthy();
    expect(sent(requests, 'DELETE', '/st/4/jobs/new-1')).toHaveLength(1);
  });

  test('a shared album first asks for the user name when the account has none', async () => {
    const { requests, user } = renderApp({
      route: '/albums/new/edit/a',
      routes: createRoutes({
        'GET /st/4/account_info': { body: anAccount({ name: '' }) },
        'POST /st/4/name': { body: anAccount({ name: 'Ada' }) },
      }),
    });
    await user.type(await screen.findByLabelText('Album name'), 'Trip');
    await user.click(screen.getByRole('button', { name: 'Create album' }));
    const dialog = await screen.findByRole('dialog', { name: 'What is your name?' });
    const done = within(dialog).getByRole('button', { name: 'Done' });
    expect(done).toHaveProperty('disabled', true);
    const field = within(dialog).getByLabelText('Your name');
    expect(field.getAttribute('maxlength')).toBe('255');
    expect(sent(requests, 'POST', '/st/4/jobs')).toHaveLength(0);
    await user.type(field, ' Ada ');
    await user.click(done);
    expect(await screen.findByRole('heading', { name: 'Add photos to Trip' })).toBeTruthy();
    expect(sent(requests, 'POST', '/st/4/name')[0]?.body).toEqual({ name: 'Ada' });
    expect(sent(requests, 'POST', '/st/4/jobs')).toHaveLength(1);
  });

  test('by keyboard: a private album may be created unnamed, and the empty-album link opens it', async () => {
    const empty = anAlbum({ id: 'new-1', title: '' });
    const { requests, user } = renderApp({
      route: '/albums/new/edit/a',
      routes: createRoutes({
        'POST /st/4/jobs': { body: empty },
        'GET /st/4/jobs/new-1/info': { body: empty },
      }),
    });
    const name = await screen.findByLabelText('Album name');
    await waitFor(() => {
      expect(document.activeElement).toBe(name);
    });
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('switch', { name: 'Shared album' }));
    await user.keyboard(' ');
    expect(name.getAttribute('placeholder')).toBe('Unnamed album');
    expect(screen.queryByRole('switch', { name: 'Allow comments' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create an empty album' }));
    // The album page (not step 2).
    // The owner's album page names the album in place; an unnamed one shows the placeholder.
    const heading = await screen.findByRole('heading', { name: '' });
    expect(within(heading).getByRole('textbox', { name: 'Album name' }).getAttribute('placeholder')).toBe(
      'Unnamed album',
    );
    expect(sent(requests, 'POST', '/st/4/jobs')[0]?.body).toEqual({
      name: '',
      public: false,
      allow_comments: true,
      allow_uploads: true,
    });
  });
});

describe('step 1 of an album that exists (spec 000 §5)', () => {
  const routes = (album = anAlbum({ id: 'alb', title: 'Trip', isShared: true })): FakeRoutes => ({
    'GET /st/4/jobs/alb/info': { body: album },
    'GET /st/4/jobs/alb/files': { body: { files: [aFile({ id: 'x', job: 'alb' })], next_cursor: null } },
    'POST /st/4/jobs/alb/name': (request) => ({
      body: { ...album, title: (request.body as { name: string }).name },
    }),
  });

  test('the field is cleared on first focus; leaving it untouched keeps the title', async () => {
    const { requests, user } = renderApp({ route: '/albums/alb/edit/a', routes: routes() });
    const name = await screen.findByLabelText<HTMLInputElement>('Album name');
    expect(name.value).toBe('Trip');
    await user.click(name);
    expect(name.value).toBe('');
    await user.tab();
    expect(name.value).toBe('Trip');
    expect(sent(requests, 'POST', '/st/4/jobs/alb/name')).toHaveLength(0);
  });

  test('the title is saved on blur with POST /jobs/{id}/name; an empty shared title is not', async () => {
    const { requests, user } = renderApp({ route: '/albums/alb/edit/a', routes: routes() });
    const name = await screen.findByLabelText<HTMLInputElement>('Album name');
    await user.click(name);
    await user.type(name, ' ');
    await user.tab();
    expect(screen.getByRole('alert').textContent).toBe('Album name is required for shared albums');
    expect(sent(requests, 'POST', '/st/4/jobs/alb/name')).toHaveLength(0);
    await user.click(name);
    await user.type(name, 'Summer');
    await user.tab();
    await waitFor(() => {
      expect(sent(requests, 'POST', '/st/4/jobs/alb/name').map((r) => r.body)).toEqual([{ name: 'Summer' }]);
    });
  });

  test('an albumIDB64 route reads the id from base64', async () => {
    renderApp({ route: `/editAlbum/${encodeAlbumIdB64('alb')}?goToAfter=t`, routes: routes() });
    expect(await screen.findByRole('heading', { name: 'Edit album' })).toBeTruthy();
    expect((await screen.findByLabelText<HTMLInputElement>('Album name')).value).toBe('Trip');
  });
});
