import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { renderApp } from '../../test/render.tsx';

const signedOut = { status: 'NOT_STARTED', notice: null } as const;
const pending = { body: { client_name: 'Trove', locale: 'en_US', screen: 'signin', local_accounts: true } };

describe('built-in identity provider page (/signin)', () => {
  test('an expired pending login offers to start again', async () => {
    renderApp({
      route: '/signin?state=old',
      login: signedOut,
      routes: {
        'GET /idp/request': { status: 400, body: { error: { code: 'invalid_grant', message: 'x' } } },
      },
    });
    expect(await screen.findByRole('heading', { name: 'This sign-in link has expired' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start again' }).getAttribute('href')).toBe('/login');
  });

  test("a wrong password shows 'Wrong e-mail or password'", async () => {
    const { user, requests } = renderApp({
      route: '/signin?state=st-1',
      login: signedOut,
      routes: {
        'GET /idp/request': pending,
        'POST /idp/sign-in': { status: 401, body: { error: { code: 'invalid_grant', message: 'Wrong' } } },
      },
    });
    await user.type(await screen.findByLabelText('E-mail'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'not-the-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Wrong e-mail or password');
    const signIn = requests.find((r) => r.url.pathname === '/idp/sign-in');
    expect(signIn?.body).toEqual({ state: 'st-1', email: 'ada@example.com', password: 'not-the-password' });
    expect(signIn?.credentials).toBe('include');
  });

  test('signing up goes to the redirect the server returns', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { assign, origin: 'http://localhost:3000' });
    const { user } = renderApp({
      route: '/signin?state=st-1&screen=signup&locale=nb_NO',
      login: signedOut,
      routes: {
        'GET /idp/request': pending,
        'POST /idp/sign-up': { body: { redirect_to: '/oauth/callback?code=c&state=st-1' } },
      },
    });
    // The locale of the query wins: the form is Norwegian.
    await user.type(await screen.findByLabelText('Navn'), 'Kari');
    await user.type(screen.getByLabelText('E-post'), 'kari@example.no');
    const password = screen.getByLabelText('Passord');
    expect(password.getAttribute('minlength')).toBe('10');
    await user.type(password, 'long enough pw');
    await user.click(screen.getByRole('button', { name: 'Opprett konto' }));
    await waitFor(() => {
      expect(assign).toHaveBeenCalledWith('/oauth/callback?code=c&state=st-1');
    });
    vi.unstubAllGlobals();
  });
});
