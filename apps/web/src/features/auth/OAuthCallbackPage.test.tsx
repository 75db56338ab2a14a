import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderApp } from '../../test/render.tsx';
import { savePendingLogin } from './pkce.ts';

const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const signedOut = { status: 'NOT_STARTED', notice: null } as const;

describe('OAuth callback (spec 001 §4 postflight)', () => {
  test('trades code and verifier for a token, stores it and goes to redir', async () => {
    savePendingLogin({ codeVerifier: VERIFIER, state: 'st-1' });
    const { requests } = renderApp({
      route: '/oauth/callback?code=c-1&state=st-1',
      login: signedOut,
      routes: {
        'POST /idp/token': { body: { auth_token: 'new-token', user_uuid: 'u', redir: '/settings' } },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeTruthy();
    expect(requests.find((r) => r.url.pathname === '/idp/token')?.body).toEqual({
      code: 'c-1',
      code_verifier: VERIFIER,
      state: 'st-1',
    });
    expect(localStorage.getItem('trove.auth_token')).toBe('new-token');
    expect(sessionStorage.getItem('trove.pending_login')).toBeNull();
  });

  test('refuses a state that this tab did not start, without calling the server', async () => {
    savePendingLogin({ codeVerifier: VERIFIER, state: 'st-1' });
    const { requests } = renderApp({ route: '/oauth/callback?code=c-1&state=forged', login: signedOut });
    expect(await screen.findByRole('heading', { name: 'Sign-in failed' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
    expect(requests.some((r) => r.url.pathname === '/idp/token')).toBe(false);
  });

  test('shows the failure when the server rejects the code', async () => {
    savePendingLogin({ codeVerifier: VERIFIER, state: 'st-2' });
    renderApp({
      route: '/oauth/callback?code=used&state=st-2',
      login: signedOut,
      routes: {
        'POST /idp/token': { status: 400, body: { error: { code: 'invalid_grant', message: 'used' } } },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Sign-in failed' })).toBeTruthy();
  });
});
