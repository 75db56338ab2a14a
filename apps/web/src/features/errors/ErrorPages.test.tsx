import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderApp } from '../../test/render.tsx';

const signedOut = { status: 'NOT_STARTED', notice: null } as const;

// Each of these screens is its own chunk (See: [Note: Lazy screens]): the first query waits for it.
describe('error pages (spec 001 §2, §8; spec 000 §2)', () => {
  test('user_disabled is the account-terminated page: the support link, and sign-in with another account', async () => {
    renderApp({ route: '/error/user_disabled', login: signedOut });
    expect(await screen.findByRole('heading', { name: 'The account has been terminated' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe('/legal/notice');
    expect(screen.getByRole('link', { name: 'Sign in with another account' }).getAttribute('href')).toBe(
      '/login',
    );
  });

  test('a call answering user_disabled mid-session removes the session and shows the page', async () => {
    renderApp({
      route: '/settings/devices',
      routes: {
        'GET /st/4/devices': {
          status: 403,
          body: { error: { code: 'user_disabled', message: 'The account has been terminated' } },
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'The account has been terminated' })).toBeTruthy();
    expect(localStorage.getItem('trove.auth_token')).toBeNull();
  });

  test('any other code shows the generic text', async () => {
    renderApp({ route: '/error/anything', login: signedOut });
    expect(await screen.findByRole('heading', { name: 'Oops! Something went wrong.' })).toBeTruthy();
  });

  test('an unknown path shows page not found with go back, and a login button when logged out', async () => {
    renderApp({ route: '/no/such/page', login: signedOut });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go back' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Sign in' }).length).toBeGreaterThan(0);
  });

  test('page not found has no login button for a signed-in user', async () => {
    renderApp({ route: '/no/such/page' });
    await screen.findByRole('heading', { name: 'Page not found' });
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });

  test('signed-in screens send a logged-out visitor to the login page', async () => {
    renderApp({ route: '/settings', login: signedOut });
    expect(await screen.findByRole('button', { name: 'Create account' })).toBeTruthy();
  });
});

describe('legal pages', () => {
  test('?lang=no shows the Norwegian text whatever the UI language', async () => {
    renderApp({ route: '/legal/privacy?lang=no', login: signedOut, locale: 'en_US' });
    expect(await screen.findByRole('heading', { name: 'Personvernerklæring', level: 1 })).toBeTruthy();
    expect(screen.getByRole('article').getAttribute('lang')).toBe('nb-NO');
  });

  test('without lang, the UI language', async () => {
    renderApp({ route: '/legal/terms', login: signedOut, locale: 'bg_BG' });
    expect(await screen.findByRole('heading', { name: 'Условия за ползване', level: 1 })).toBeTruthy();
  });
});
