import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { renderApp } from '../../test/render.tsx';

describe('login (spec 001 §4)', () => {
  test('shows the brand with Sign in and Create account', async () => {
    renderApp({ route: '/login', login: { status: 'NOT_STARTED', notice: null } });
    // The login page is its own chunk (See: [Note: Lazy screens]).
    expect(await screen.findByRole('heading', { name: 'Trove', level: 1 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create account' })).toBeTruthy();
    expect(screen.queryByText(/you were logged out/)).toBeNull();
  });

  test('/ goes to the login page when nobody is signed in', async () => {
    renderApp({ route: '/', login: { status: 'NOT_STARTED', notice: null } });
    expect(await screen.findByRole('button', { name: 'Create account' })).toBeTruthy();
  });

  test('/ goes to the timeline when signed in', async () => {
    renderApp({ route: '/' });
    expect(await screen.findByRole('heading', { name: 'Your photos will show up here' })).toBeTruthy();
  });

  test('a 401 on any call logs out, removes the token and prompts to sign in again', async () => {
    renderApp({
      route: '/settings/devices',
      routes: {
        'GET /st/4/devices': { status: 401, body: { error: { code: 'unauthorized', message: 'no' } } },
      },
    });
    expect(await screen.findByText('Oops, you were logged out. To continue, please sign in')).toBeTruthy();
    expect(localStorage.getItem('trove.auth_token')).toBeNull();
  });

  test('a stored token fetches account info and then shows the requested screen', async () => {
    renderApp({
      route: '/albums',
      login: { status: 'FETCHING', notice: null },
      routes: { 'GET /st/4/jobs': { body: { jobs: [] } } },
    });
    expect(await screen.findByRole('heading', { name: 'No albums yet' })).toBeTruthy();
  });

  test('a server failure while fetching account info removes the session and shows the generic error', async () => {
    renderApp({
      route: '/photos',
      login: { status: 'FETCHING', notice: null },
      routes: { 'GET /st/4/account_info': { status: 500 } },
    });
    expect(await screen.findByText('Oops! Something went wrong.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(localStorage.getItem('trove.auth_token')).toBeNull();
  });

  test('Create account runs the preflight with a PKCE challenge and goes to the identity provider', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { assign, origin: 'http://localhost:3000', hostname: 'localhost' });
    const { user, requests } = renderApp({
      route: '/login?redir=%2Falbums',
      login: { status: 'NOT_STARTED', notice: null },
      routes: {
        'GET /idp/preflight': {
          body: {
            authorization_url: 'http://localhost:3000/signin',
            authorization_params: { state: 'st-1', locale: 'en_US' },
          },
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => {
      expect(assign).toHaveBeenCalledWith('http://localhost:3000/signin?state=st-1&locale=en_US');
    });
    const query = requests.find((r) => r.url.pathname === '/idp/preflight')?.url.searchParams;
    expect(query?.get('screen')).toBe('signup');
    expect(query?.get('redir')).toBe('/albums');
    expect(query?.get('utm_source')).toBe('web');
    expect(query?.get('oauth_redirect_uri')).toBe('http://localhost:3000/oauth/callback');
    expect(query?.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(query?.get('device_name')).toBe('Trove Web');
    expect(JSON.parse(sessionStorage.getItem('trove.pending_login') ?? '{}')).toMatchObject({
      state: 'st-1',
    });
    vi.unstubAllGlobals();
  });

  test('an address the server does not take sign-ins at says so, and which address it is', async () => {
    vi.stubGlobal('location', {
      assign: vi.fn(),
      origin: 'http://192.168.1.20:8080',
      hostname: '192.168.1.20',
    });
    const { user } = renderApp({
      route: '/login',
      login: { status: 'NOT_STARTED', notice: null },
      routes: {
        'GET /idp/preflight': {
          status: 400,
          body: { error: { code: 'invalid_redirect', message: 'not one of this server’s addresses' } },
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /does not accept sign-ins at http:\/\/192\.168\.1\.20:8080.*TRUSTED_ORIGINS/,
    );
    vi.unstubAllGlobals();
  });
});
