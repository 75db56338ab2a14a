import type { FullScreenCard } from '@trove/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { anAccount } from '../../test/factories.ts';
import { sentEvents } from '../../test/analytics.ts';
import { renderApp } from '../../test/render.tsx';
import { modalKeys } from './api.ts';
import { sunsetSeen } from './seen.ts';

const TERMS = { version: 'v2', published_at: 1_760_000_000, locale: 'en_US', text: 'You agree to be kind.' };

function aCard(id: string, overrides: Partial<FullScreenCard['client_values']> = {}): FullScreenCard {
  return {
    card_id: id,
    client_values: {
      title: `Card ${id}`,
      illustration: 'photos',
      body: 'Albums can have a password now.',
      primary_cta: {
        label: 'Show me',
        dismiss_on_tap: true,
        web_action: { action_type: 'internal_navigation', url: '/albums' },
      },
      secondary_cta: {
        label: 'Later',
        dismiss_on_tap: false,
        web_action: { action_type: 'new_tab', url: 'https://example.com/news' },
      },
      ...overrides,
    },
  };
}

describe('the modal queue after sign-in (spec 001 §4)', () => {
  test('shows the terms first, accepts the version shown, then the cards', async () => {
    let accepted = false;
    const { requests, user } = renderApp({
      route: '/photos',
      routes: {
        'GET /st/4/account_info': () => ({
          body: anAccount({ tos_to_approve: accepted ? null : { version: 'v2' } }),
        }),
        'GET /st/4/tos/v2': { body: TERMS },
        'POST /st/4/approve_tos': () => {
          accepted = true;
          return { body: { ok: true } };
        },
        'GET /st/4/v2/full_screen_cards': { body: { backend_controlled_cards: [aCard('a')] } },
      },
    });
    const prompt = await screen.findByRole('dialog', { name: 'Updated terms of service' });
    expect(await within(prompt).findByText('You agree to be kind.')).toBeTruthy();
    // No card is asked for while the terms wait (spec 001 §4 order).
    expect(requests.some((r) => r.url.pathname.endsWith('/full_screen_cards'))).toBe(false);
    await user.click(within(prompt).getByRole('button', { name: 'Accept' }));
    expect(requests.find((r) => r.url.pathname === '/st/4/approve_tos')?.body).toEqual({ tos_version: 'v2' });
    expect(await screen.findByRole('dialog', { name: 'Card a' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Updated terms of service' })).toBeNull();
  });

  test('an accepted version is reported as the account action terms_verification, under analytics consent', async () => {
    let accepted = false;
    const { requests, user } = renderApp({
      route: '/photos',
      routes: {
        'GET /st/4/account_info': () => ({
          body: anAccount({
            permitted_services: ['analytics'],
            tos_to_approve: accepted ? null : { version: 'v2' },
          }),
        }),
        'GET /st/4/tos/v2': { body: TERMS },
        'POST /st/4/approve_tos': () => {
          accepted = true;
          return { body: { ok: true } };
        },
        'POST /st/4/user_statistics_events': { body: { accepted: 1 } },
      },
    });
    const prompt = await screen.findByRole('dialog', { name: 'Updated terms of service' });
    await within(prompt).findByText('You agree to be kind.');
    await user.click(within(prompt).getByRole('button', { name: 'Accept' }));
    await waitFor(
      () => {
        expect(sentEvents(requests)).toEqual([
          expect.objectContaining({ name: 'terms_verification', props: { version: 'v2' } }),
        ]);
      },
      { timeout: 4000 },
    );
  });

  test('the sunset notice: its date, more info in the language of the UI, plans; either closes it for good', async () => {
    const account = anAccount({ sunset_delete_date: 1_803_988_800 });
    const { user } = renderApp({
      route: '/photos',
      locale: 'sv_SE',
      routes: { 'GET /st/4/account_info': { body: account } },
    });
    const notice = await screen.findByRole('dialog', { name: /Ditt konto raderas/ });
    expect(within(notice).getByRole('link', { name: 'Mer information' }).getAttribute('href')).toBe(
      '/legal/help?lang=sv',
    );
    await user.click(within(notice).getByRole('link', { name: 'Se abonnemang' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(sunsetSeen(account.uuid, 1_803_988_800)).toBe(true);
    expect(await screen.findByRole('heading', { level: 1, name: 'Lagring' })).toBeTruthy();
  });

  test('declining says the terms must be accepted, and offers the terms again or signing out', async () => {
    const { user } = renderApp({
      route: '/photos',
      routes: {
        'GET /st/4/account_info': { body: anAccount({ tos_to_approve: { version: 'v2' } }) },
        'GET /st/4/tos/v2': { body: TERMS },
      },
    });
    const prompt = await screen.findByRole('dialog', { name: 'Updated terms of service' });
    await user.click(within(prompt).getByRole('button', { name: 'Decline' }));
    const must = screen.getByRole('dialog', { name: 'You must accept the Terms of Service' });
    expect(within(must).getByRole('button', { name: 'Sign out' })).toBeTruthy();
    await user.click(within(must).getByRole('button', { name: 'Read the terms again' }));
    expect(screen.getByRole('dialog', { name: 'Updated terms of service' })).toBeTruthy();
    // Escape does not wave the terms away: it asks the same question.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'You must accept the Terms of Service' })).toBeTruthy();
  });

  test('shows a newer version when the one on screen was outdated meanwhile', async () => {
    let version = 'v2';
    const { user } = renderApp({
      route: '/photos',
      routes: {
        'GET /st/4/account_info': () => ({ body: anAccount({ tos_to_approve: { version } }) }),
        'GET /st/4/tos/v2': { body: TERMS },
        'GET /st/4/tos/v3': { body: { ...TERMS, version: 'v3', text: 'Be kinder still.' } },
        'POST /st/4/approve_tos': () => {
          version = 'v3';
          return { status: 409, body: { error: { code: 'tos_outdated', message: 'newer' } } };
        },
      },
    });
    const prompt = await screen.findByRole('dialog', { name: 'Updated terms of service' });
    await within(prompt).findByText('You agree to be kind.');
    await user.click(within(prompt).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Be kinder still.')).toBeTruthy();
  });

  test('a card: its dismissing action dismisses it for good and opens the in-app page; close only puts it away', async () => {
    const { requests, user } = renderApp({
      route: '/photos',
      routes: {
        'GET /st/4/v2/full_screen_cards': { body: { backend_controlled_cards: [aCard('a'), aCard('b')] } },
        'POST /st/4/full_screen_cards/a/dismiss': { body: { ok: true } },
        'GET /st/4/jobs': { body: { jobs: [] } },
      },
    });
    const first = await screen.findByRole('dialog', { name: 'Card a' });
    await user.click(within(first).getByRole('button', { name: 'Show me' }));
    expect(
      requests.some((r) => r.method === 'POST' && r.url.pathname === '/st/4/full_screen_cards/a/dismiss'),
    ).toBe(true);
    const second = await screen.findByRole('dialog', { name: 'Card b' });
    await user.click(within(second).getByRole('button', { name: 'Close' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Card b' })).toBeNull();
    });
    expect(requests.some((r) => r.url.pathname === '/st/4/full_screen_cards/b/dismiss')).toBe(false);
    // Away for this tab's session, reloads too, for this account only.
    expect(JSON.parse(sessionStorage.getItem('trove.closed_cards.user-1') ?? '[]')).toEqual(['b']);
  });

  test('opens a web link of a card in a new tab without the opener', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderApp({
      route: '/photos',
      routes: { 'GET /st/4/v2/full_screen_cards': { body: { backend_controlled_cards: [aCard('a')] } } },
    });
    const card = await screen.findByRole('dialog', { name: 'Card a' });
    await user.click(within(card).getByRole('button', { name: 'Later' }));
    expect(open).toHaveBeenCalledWith('https://example.com/news', '_blank', 'noopener,noreferrer');
    open.mockRestore();
  });

  test('shows no card whose action is not an in-app route or http(s): the answer is refused', async () => {
    const { queryClient } = renderApp({
      route: '/photos',
      routes: {
        'GET /st/4/v2/full_screen_cards': {
          body: {
            backend_controlled_cards: [
              aCard('evil', {
                primary_cta: {
                  label: 'Click',
                  dismiss_on_tap: true,
                  web_action: { action_type: 'redirect', url: 'javascript:alert(1)' },
                },
              }),
            ],
          },
        },
      },
    });
    // The contract refuses the whole answer: the query fails, and no card shows.
    await waitFor(() => {
      expect(queryClient.getQueryState(modalKeys.cards())?.status).toBe('error');
    });
    expect(screen.queryByRole('dialog', { name: 'Card evil' })).toBeNull();
  });

  test('after the cards, the 80 % storage popup once when crossed, remembered on the account', async () => {
    let remembered: string | null = null;
    const { requests, user } = renderApp({
      route: '/photos',
      routes: {
        'GET /st/4/account_info': { body: anAccount({ used_space: 85, max_space: 100 }) },
        'GET /st/4/v2/full_screen_cards': { body: { backend_controlled_cards: [aCard('a')] } },
        'POST /st/4/full_screen_cards/a/dismiss': { body: { ok: true } },
        'GET /st/4/account_attribute': () => ({ body: { key: 'storage_warning_level', value: remembered } }),
        'POST /st/4/account_attribute': () => {
          remembered = '80';
          return { body: { key: 'storage_warning_level', value: '80' } };
        },
      },
    });
    const card = await screen.findByRole('dialog', { name: 'Card a' });
    expect(screen.queryByRole('dialog', { name: 'Running out of storage' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Show me' }));
    const popup = await screen.findByRole('dialog', { name: 'Running out of storage' });
    expect(within(popup).getByText(/more than 80%/)).toBeTruthy();
    await user.click(within(popup).getByRole('button', { name: 'OK' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Running out of storage' })).toBeNull();
    });
    const saved = requests.find((r) => r.method === 'POST' && r.url.pathname === '/st/4/account_attribute');
    expect(saved?.url.searchParams.get('account_attribute_key')).toBe('storage_warning_level');
    expect(saved?.body).toEqual({ value: '80' });
  });

  test('no storage popup when the quota is unlimited', async () => {
    const { requests } = renderApp({
      route: '/photos',
      routes: {
        'GET /st/4/account_info': {
          body: anAccount({ used_space: 2000 * 1024 ** 3, max_space: 1000 * 1024 ** 3 }),
        },
        'GET /st/4/v2/full_screen_cards': { body: { backend_controlled_cards: [] } },
        'GET /st/4/account_attribute': { body: { key: 'storage_warning_level', value: null } },
      },
    });
    await waitFor(() => {
      expect(requests.some((r) => r.url.pathname === '/st/4/v2/full_screen_cards')).toBe(true);
    });
    // Nothing to show: the gate does not even load the queue (See: [Note: Modal queue gate]).
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(requests.some((r) => r.url.pathname === '/st/4/account_attribute')).toBe(false);
    expect(screen.queryByRole('dialog', { name: 'Running out of storage' })).toBeNull();
  });

  test('a read-only user with a share copy pending gets the subscribe wizard; refusing clears the copy (issue #25)', async () => {
    sessionStorage.setItem('trove.pending_share_copy.user-1', 'share-1');
    const { user } = renderApp({
      route: '/photos',
      routes: {
        'GET /st/4/account_info': { body: anAccount({ is_read_only_user: true }) },
        'GET /st/4/stripe_products': { body: { products: [], trial_months: 2 } },
      },
    });
    const wizard = await screen.findByRole('dialog', { name: 'Get more storage' });
    expect(await within(wizard).findByText('The first 2 months are free')).toBeTruthy();
    await user.click(within(wizard).getByRole('button', { name: 'Skip' }));
    expect(await screen.findByRole('dialog', { name: 'Continue without a plan?' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('dialog', { name: 'Get more storage' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    await user.click(await screen.findByRole('button', { name: 'Skip' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(sessionStorage.getItem('trove.pending_share_copy.user-1')).toBeNull();
  });

  test('the copy page of a read-only user remembers the copy and returns to the share', async () => {
    renderApp({
      route: '/share/share-1/copyShare',
      routes: { 'GET /st/4/account_info': { body: anAccount({ is_read_only_user: true }) } },
    });
    await waitFor(
      () => {
        expect(sessionStorage.getItem('trove.pending_share_copy.user-1')).toBe('share-1');
      },
      { timeout: 5000 },
    );
  });
});
