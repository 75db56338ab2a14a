import { albumAuthValue } from '@trove/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { aFile } from '../../../test/factories.ts';
import type { FakeAnswer, FakeRoutes, SeenRequest } from '../../../test/fake-fetch.ts';
import { renderApp } from '../../../test/render.tsx';
import { aSharedAlbum } from '../../../test/visitor.tsx';

const SIGNED_OUT = { login: { status: 'NOT_STARTED', notice: null }, token: null } as const;
const PASSWORD_REQUIRED = {
  status: 403,
  body: { error: { code: 'password_required', message: 'public job auth failed' } },
};
const EXPIRES = Math.floor(Date.now() / 1000) + 3600;

/** The server of a password-protected album whose password is 'secret'. */
async function protectedAlbum(auth?: (request: SeenRequest) => FakeAnswer) {
  const expected = await albumAuthValue('secret', 'job-1');
  const granted = (request: SeenRequest) => request.headers.get('x-foreign-auth') === 'g-ok';
  const routes: FakeRoutes = {
    'GET /st/4/jobs/job-1/info': (request) =>
      granted(request) ? { body: aSharedAlbum({ has_password: true }) } : PASSWORD_REQUIRED,
    'GET /st/4/jobs/job-1/files': (request) =>
      granted(request)
        ? { body: { files: [aFile({ id: 'hidden', name: 'hidden.jpg' })], next_cursor: null } }
        : PASSWORD_REQUIRED,
    'GET /st/4/jobs/job-1/changes': { body: { changes: [], last_serial: 4 } },
    'POST /st/4/jobs/job-1/auth':
      auth ??
      ((request) =>
        request.headers.get('x-album-auth') === expected
          ? { body: { grant: 'g-ok', expires: EXPIRES } }
          : PASSWORD_REQUIRED),
  };
  return routes;
}

describe('the album password page (spec 000 §2, §5)', () => {
  test("a wrong password says 'Incorrect password'; the right one opens the album with its grant", async () => {
    const { user, requests } = renderApp({
      ...SIGNED_OUT,
      route: '/a/job-1',
      routes: await protectedAlbum(),
    });
    expect(await screen.findByRole('heading', { name: 'This album is password protected' })).toBeTruthy();
    const field = screen.getByLabelText('Album password');
    await user.type(field, 'guess');
    await user.click(screen.getByRole('button', { name: 'Open album' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect password');

    await user.clear(field);
    await user.type(field, 'secret');
    await user.click(screen.getByRole('button', { name: 'Open album' }));
    expect(await screen.findByRole('heading', { name: 'Cabin trip' })).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'hidden.jpg' })).toBeTruthy();

    // The password itself never travels: only the derived value, in a header.
    const auths = requests.filter((r) => r.url.pathname.endsWith('/auth'));
    expect(auths.map((r) => r.headers.get('x-album-auth'))).toEqual([
      await albumAuthValue('guess', 'job-1'),
      await albumAuthValue('secret', 'job-1'),
    ]);
    expect(auths.every((r) => !r.url.search.includes('secret') && r.body === undefined)).toBe(true);
    expect(sessionStorage.getItem('trove.album_grant.job-1')).toContain('g-ok');
    const files = requests.find((r) => r.url.pathname.endsWith('/files'));
    expect(files?.headers.get('x-foreign-auth')).toBe('g-ok');
  });

  test('too many tries ask the visitor to wait', async () => {
    const { user } = renderApp({
      ...SIGNED_OUT,
      route: '/a/job-1',
      routes: await protectedAlbum(() => ({
        status: 429,
        body: { error: { code: 'rate_limited', message: 'slow down' } },
      })),
    });
    await user.type(await screen.findByLabelText('Album password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Open album' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many tries. Wait a minute, then try again.',
    );
  });

  test('a stored grant opens the album at once', async () => {
    sessionStorage.setItem('trove.album_grant.job-1', JSON.stringify({ grant: 'g-ok', expires: EXPIRES }));
    renderApp({ ...SIGNED_OUT, route: '/a/job-1', routes: await protectedAlbum() });
    expect(await screen.findByRole('heading', { name: 'Cabin trip' })).toBeTruthy();
  });

  test('a stored grant the album no longer takes (password changed) is dropped and the password asked', async () => {
    sessionStorage.setItem('trove.album_grant.job-1', JSON.stringify({ grant: 'g-old', expires: EXPIRES }));
    renderApp({ ...SIGNED_OUT, route: '/a/job-1', routes: await protectedAlbum() });
    expect(await screen.findByRole('heading', { name: 'This album is password protected' })).toBeTruthy();
    expect(sessionStorage.getItem('trove.album_grant.job-1')).toBeNull();
    expect(within(screen.getByRole('main')).getByRole('button', { name: 'Open album' })).toBeTruthy();
  });
});
