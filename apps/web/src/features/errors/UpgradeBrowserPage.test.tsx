import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { UPGRADE_BROWSER_PATH } from '../../app/browser-support.ts';
import { anAccount } from '../../test/factories.ts';
import { renderApp } from '../../test/render.tsx';
import { UPGRADE_BROWSER_EVENT } from './TrackedUpgradeBrowserPage.tsx';

describe('upgrade-your-browser page (spec 001 §2)', () => {
  test('logs nothing without consent to analytics', async () => {
    const { requests } = renderApp({ route: UPGRADE_BROWSER_PATH });
    expect(await screen.findByRole('heading', { name: 'Please upgrade your browser' })).toBeTruthy();
    // Past the tracker's 2 s batching delay.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(requests.filter((r) => r.url.pathname === '/st/4/user_statistics_events')).toEqual([]);
  });

  test('logs its event through the analytics path when the account permits it', async () => {
    const { requests } = renderApp({
      route: UPGRADE_BROWSER_PATH,
      routes: {
        'GET /st/4/account_info': { body: anAccount({ permitted_services: ['analytics'] }) },
        'POST /st/4/user_statistics_events': { body: { accepted: 1 } },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Please upgrade your browser' })).toBeTruthy();
    await waitFor(
      () => {
        const sent = requests.filter((r) => r.url.pathname === '/st/4/user_statistics_events');
        expect(sent.map((r) => (r.body as { events: { name: string }[] }).events[0]?.name)).toEqual([
          UPGRADE_BROWSER_EVENT,
        ]);
      },
      { timeout: 4000 },
    );
  });
});
