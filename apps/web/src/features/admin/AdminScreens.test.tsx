import type { AdminUser, AdminUsersResponse } from '@trove/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { anAccount } from '../../test/factories.ts';
import { renderApp } from '../../test/render.tsx';

const OPERATOR = { 'GET /st/4/account_info': { body: anAccount({ uuid: 'me', is_operator: true }) } };

function aUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: 'u1',
    email: 'ulla@example.com',
    name: 'Ulla',
    used_space: 5 * 1024 ** 3,
    max_space: 15 * 1024 ** 3,
    state: 'active',
    is_operator: false,
    file_count: 12,
    created: 1_760_000_000,
    last_seen: 1_760_000_000,
    ...overrides,
  };
}
const users = (list: AdminUser[]): { body: AdminUsersResponse } => ({
  body: { users: list, total: list.length },
});

describe('the admin area (issue #24)', () => {
  test('is not there for anyone but an operator', async () => {
    const { requests } = renderApp({ route: '/admin' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(requests.some((r) => r.url.pathname.startsWith('/st/4/admin'))).toBe(false);
  });

  test('lists accounts with usage and state, and disables one after a confirm', async () => {
    let state: AdminUser['state'] = 'active';
    const { requests, user } = renderApp({
      route: '/admin',
      routes: {
        ...OPERATOR,
        'GET /st/4/admin/users': () =>
          users([aUser({ state }), aUser({ id: 'me', email: 'me@example.com', is_operator: true })]),
        'POST /st/4/admin/users/u1/disable': () => {
          state = 'disabled';
          return { body: aUser({ state }) };
        },
      },
    });
    const row = (await screen.findByText('ulla@example.com')).closest('li') as HTMLElement;
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(within(row).getByText('5 GB of 15 GB used')).toBeTruthy();
    // The operator's own row offers no disabling: the server would refuse it.
    const mine = screen.getByText('me@example.com').closest('li') as HTMLElement;
    expect(within(mine).queryByRole('button', { name: /Disable|Enable/ })).toBeNull();

    await user.click(within(row).getByRole('button', { name: 'Disable ulla@example.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Disable ulla@example.com?' });
    expect(within(dialog).getByText(/signed out on every device/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(
      requests.some((r) => r.method === 'POST' && r.url.pathname === '/st/4/admin/users/u1/disable'),
    ).toBe(true);
    const after = (await screen.findByText('Disabled')).closest('li') as HTMLElement;
    expect(within(after).getByRole('button', { name: 'Enable ulla@example.com' })).toBeTruthy();
  });

  test('publishes terms only with an English text and a version, after a confirm', async () => {
    const { requests, user } = renderApp({
      route: '/admin/terms',
      routes: {
        ...OPERATOR,
        'GET /st/4/admin/terms': { body: { versions: [] } },
        'POST /st/4/admin/terms': { status: 201, body: { ok: true } },
      },
    });
    await user.type(await screen.findByRole('textbox', { name: 'Version' }), '2026-12');
    await user.type(
      screen.getByRole('textbox', { name: 'Text in Norsk (English is shown when empty)' }),
      'Vilkår.',
    );
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(screen.getByRole('alert').textContent).toBe('The English text is required.');
    await user.type(screen.getByRole('textbox', { name: 'Text in English (required)' }), 'The terms.');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = screen.getByRole('dialog', { name: 'Publish version 2026-12?' });
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() => {
      expect(
        requests.find((r) => r.method === 'POST' && r.url.pathname === '/st/4/admin/terms')?.body,
      ).toEqual({
        version: '2026-12',
        texts: { en_US: 'The terms.', nb_NO: 'Vilkår.' },
      });
    });
  });

  test('writes no card whose button would open anything but an in-app page or http(s)', async () => {
    const { requests, user } = renderApp({
      route: '/admin/cards',
      routes: {
        ...OPERATOR,
        'GET /st/4/admin/cards': { body: { cards: [] } },
        'POST /st/4/admin/cards': { status: 201, body: {} },
      },
    });
    await user.type(await screen.findByRole('textbox', { name: 'Title' }), 'Hello');
    await user.type(screen.getByRole('textbox', { name: 'Message text' }), 'News.');
    await user.type(screen.getByRole('textbox', { name: 'Button text' }), 'Go');
    await user.selectOptions(screen.getByRole('combobox', { name: 'What the button does' }), 'redirect');
    await user.type(screen.getByRole('textbox', { name: 'Address' }), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Write message' }));
    expect(screen.getByRole('alert').textContent).toMatch(/^An address is a page of the app/);
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    const address = screen.getByRole('textbox', { name: 'Address' });
    await user.clear(address);
    await user.type(address, 'https://example.com/news');
    await user.click(screen.getByRole('button', { name: 'Write message' }));
    await waitFor(() => {
      expect(requests.some((r) => r.method === 'POST' && r.url.pathname === '/st/4/admin/cards')).toBe(true);
    });
  });
});
