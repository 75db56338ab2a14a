import { LOCALE_COOKIE } from '@trove/contract';
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { anAccount } from '../../test/factories.ts';
import { renderApp } from '../../test/render.tsx';

describe('settings (spec 001 §2, §3)', () => {
  test('choosing a language switches the UI at once and remembers it in the cookie', async () => {
    const { user } = renderApp({ route: '/settings' });
    await user.click(await screen.findByRole('radio', { name: 'Svenska' }));
    expect(screen.getByRole('heading', { name: 'Inställningar', level: 1 })).toBeTruthy();
    expect(document.cookie).toContain(`${LOCALE_COOKIE}=sv_SE`);
    expect(document.documentElement.lang).toBe('sv-SE');
  });

  test('leads to My shared links (issue #23)', async () => {
    const { user } = renderApp({
      route: '/settings',
      routes: { 'GET /st/4/shares': { body: { links: [], next: null } } },
    });
    await user.click(await screen.findByRole('link', { name: /My shared links/ }));
    expect(await screen.findByRole('heading', { name: 'My shared links', level: 1 })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'No shared links' })).toBeTruthy();
  });

  test('shows the storage used, in Norwegian too (spec 001 §3 usage meter)', async () => {
    const { user } = renderApp({
      route: '/settings',
      routes: { 'GET /st/4/account_info': { body: anAccount({ used_space: 512 }) } },
    });
    const meter = await screen.findByRole('meter', { name: 'Storage' });
    expect(meter.getAttribute('aria-valuetext')).toBe('512 bytes of 15 GB used');
    await user.click(screen.getByRole('radio', { name: 'Norsk' }));
    expect((await screen.findByRole('meter', { name: 'Lagring' })).getAttribute('aria-valuetext')).toBe(
      '512 byte av 15 GB brukt',
    );
  });

  test('saves the name with POST /st/4/name', async () => {
    const { user, requests } = renderApp({
      route: '/settings',
      routes: { 'POST /st/4/name': { body: anAccount({ name: 'Ada King' }) } },
    });
    const input = await screen.findByLabelText('Your name');
    await user.clear(input);
    await user.type(input, 'Ada King');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(requests.find((r) => r.url.pathname === '/st/4/name')?.body).toEqual({ name: 'Ada King' });
    expect(await screen.findByRole('button', { name: 'Account: Ada King' })).toBeTruthy();
  });

  test("says 'Failed to update profile name' when saving fails", async () => {
    const { user } = renderApp({ route: '/settings', routes: { 'POST /st/4/name': { status: 500 } } });
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update profile name')).toBeTruthy();
  });

  test('log out calls POST /st/4/logout, removes the session and shows the login page', async () => {
    const { user, requests } = renderApp({
      route: '/settings',
      routes: { 'POST /st/4/logout': { body: { ok: true } } },
    });
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('button', { name: 'Create account' })).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST' && r.url.pathname === '/st/4/logout')).toBe(true);
    expect(localStorage.getItem('trove.auth_token')).toBeNull();
    expect(screen.queryByText(/you were logged out/)).toBeNull();
  });
});
