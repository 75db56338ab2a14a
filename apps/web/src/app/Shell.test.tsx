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
});
