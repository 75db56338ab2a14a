import { CLIENT_VERSION } from '@trove/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderApp } from '../test/render.tsx';

describe('page frame (spec 000 §2)', () => {
  test('shows the brand, the Photos/Albums tabs and the avatar of the signed-in user', async () => {
    renderApp({ route: '/photos' });
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('Trove')).toBeTruthy();
    const tabs = within(banner).getByRole('navigation', { name: 'Main' });
    expect(within(tabs).getByRole('link', { name: 'Photos' }).getAttribute('aria-current')).toBe('page');
    expect(within(tabs).getByRole('link', { name: 'Albums' }).getAttribute('href')).toBe('/albums');
    // spec 000 §2: clicking the avatar goes to the settings; the chevron beside it opens the menu.
    const avatar = await within(banner).findByRole('link', { name: 'Settings for Ada Lovelace' });
    expect(avatar.textContent).toBe('A');
    expect(avatar.getAttribute('href')).toBe('/settings');
    expect(
      within(banner).getByRole('button', { name: 'Account: Ada Lovelace' }).getAttribute('aria-haspopup'),
    ).toBe('menu');
  });

  test('clicking the avatar opens the settings (spec 000 §2)', async () => {
    const { user } = renderApp({ route: '/photos' });
    await user.click(await screen.findByRole('link', { name: 'Settings for Ada Lovelace' }));
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeTruthy();
  });

  test('the chevron beside the avatar opens a menu with Settings, Profile picture, My shared links and Log out', async () => {
    const { user } = renderApp({ route: '/photos' });
    await user.click(await screen.findByRole('button', { name: 'Account: Ada Lovelace' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Settings', 'Profile picture', 'My shared links', 'Log out']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeTruthy();
    // Every link the user handed out (issue #23).
    await user.click(screen.getByRole('button', { name: 'Account: Ada Lovelace' }));
    await user.click(screen.getByRole('menuitem', { name: 'My shared links' }));
    expect(await screen.findByRole('heading', { name: 'My shared links', level: 1 })).toBeTruthy();
  });

  test('the side menu lists timeline, albums, documents, deleted items, settings and log out', async () => {
    const { user } = renderApp({ route: '/photos' });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    // The menu is its own chunk, fetched on the first open (See: [Note: Lazy screens]).
    const panel = await screen.findByRole('dialog', { name: 'Menu' });
    const entries = within(panel)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(entries).toEqual([
      ['Timeline', '/photos'],
      ['Albums', '/albums'],
      ['Documents', '/documents'],
      ['Deleted items', '/deleted_items'],
      ['Settings', '/settings'],
    ]);
    expect(within(panel).getByRole('button', { name: 'Log out' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('the footer links terms, privacy and legal, with the year and the client version', () => {
    renderApp({ route: '/photos' });
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Terms of service' }).getAttribute('href')).toBe(
      '/legal/terms',
    );
    expect(within(footer).getByRole('link', { name: 'Privacy statement' }).getAttribute('href')).toBe(
      '/legal/privacy',
    );
    expect(within(footer).getByRole('link', { name: 'Legal' }).getAttribute('href')).toBe('/legal/notice');
    expect(footer.textContent).toContain(`© ${new Date().getFullYear()} Trove`);
    expect(footer.textContent).toContain(CLIENT_VERSION);
  });

  test('the footer uses the Norwegian links when the language is Norwegian', () => {
    renderApp({ route: '/photos', locale: 'nb_NO' });
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Brukervilkår' }).getAttribute('href')).toBe(
      '/legal/terms?lang=no',
    );
    expect(within(footer).getByRole('link', { name: 'Personvernerklæring' }).getAttribute('href')).toBe(
      '/legal/privacy?lang=no',
    );
  });

  test('logged out, the bar offers sign-in instead of tabs and avatar', () => {
    renderApp({ route: '/legal/terms', login: { status: 'NOT_STARTED', notice: null } });
    const banner = screen.getByRole('banner');
    expect(within(banner).queryByRole('navigation')).toBeNull();
    expect(within(banner).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  });

  test("shows 'No Internet connection' when a request finds no network", async () => {
    renderApp({ route: '/albums', routes: { 'GET /st/4/jobs': 'network' } });
    await waitFor(() => {
      expect(screen.getByText('No Internet connection', { selector: '.offline-banner' })).toBeTruthy();
    });
  });
});
