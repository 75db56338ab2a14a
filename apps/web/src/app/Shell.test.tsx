import { screen, within } from '@testing-library/react';
import { DEFAULT_BRANDS, type Locale } from '@trove/contract';
import { describe, expect, test } from 'vitest';
import { renderApp } from '../test/render.tsx';

describe('footer (spec 001 §2)', () => {
  test.each<[Locale, string, string]>([
    ['en_US', '/legal/help?lang=en', '/legal/terms'],
    ['sv_SE', '/legal/help?lang=sv', '/legal/terms'],
    ['nb_NO', '/legal/help?lang=no', '/legal/terms?lang=no'],
    ['bg_BG', '/legal/help?lang=en', '/legal/terms'],
  ])('in %s, help goes to %s and terms to %s', async (locale, help, terms) => {
    renderApp({ route: '/albums', locale, routes: { 'GET /st/4/jobs': { body: { jobs: [] } } } });
    const footer = await screen.findByRole('contentinfo');
    const links = within(footer).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      terms,
      locale === 'nb_NO' ? '/legal/privacy?lang=no' : '/legal/privacy',
      locale === 'nb_NO' ? '/legal/notice?lang=no' : '/legal/notice',
      help,
    ]);
    expect(footer.textContent).toContain(String(new Date().getFullYear()));
    expect(footer.textContent).toContain('1.2.3300.6');
  });

  test('the help page shows in the language of its link', async () => {
    renderApp({ route: '/legal/help?lang=sv', locale: 'en_US', brand: DEFAULT_BRANDS.intl });
    expect(await screen.findByRole('heading', { name: 'Hjälp', level: 1 })).toBeTruthy();
  });

  test('is hidden on the unsubscribe page', async () => {
    renderApp({
      route: '/settings/unsubscribe',
      token: null,
      login: { status: 'UNAUTHENTICATED', notice: null },
    });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });
});

describe('settings hub (spec 001 §2 Settings)', () => {
  test('leads to every settings screen that exists', async () => {
    renderApp({ route: '/settings' });
    const nav = await screen.findByRole('navigation', { name: 'More settings' });
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(
      expect.arrayContaining([
        '/settings/devices',
        '/settings/privacy',
        '/emailSettings',
        '/settings/takeout',
        '/settings/shared-links',
        '/documents',
        '/_from_inside_app/deleted_items?fromNav=1',
      ]),
    );
  });

  test('has no dead link: each entry opens a screen of its own, never page not found', async () => {
    const hub = renderApp({ route: '/settings' });
    const nav = await screen.findByRole('navigation', { name: 'More settings' });
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href') ?? '');
    // Spec 001 §2 Settings: storage and plans, the payment card, devices, privacy (consents,
    // data access, digital legacy, account deletion), besides what spec 000 and issue #23 add.
    expect(hrefs).toEqual(expect.arrayContaining(['/settings/storage', '/settings/payment']));
    // The privacy entry names the four settings of spec 001 §2 it leads to.
    expect(within(nav).getByRole('link', { name: /Privacy and consent/ }).textContent).toMatch(
      /Consents, your data, digital legacy, account deletion/,
    );
    hub.unmount();
    for (const href of hrefs) {
      const opened = renderApp({ route: href });
      const heading = await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
      expect(heading.textContent, href).not.toBe('Page not found');
      expect(heading.textContent, href).not.toBe('Settings');
      opened.unmount();
    }
  });
});
