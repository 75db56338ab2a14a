import type { AdminGrant, AdminStorage, AdminUser } from '@trove/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { anAccount } from '../../test/factories.ts';
import { renderApp } from '../../test/render.tsx';

const OPERATOR = { 'GET /st/4/account_info': { body: anAccount({ uuid: 'me', is_operator: true }) } };
const GB = 2 ** 30;

const ann: AdminUser = {
  id: 'u1',
  email: 'ann@example.com',
  name: 'Ann',
  used_space: 2 * GB,
  max_space: 10 * GB,
  state: 'active',
  is_operator: false,
  file_count: 3,
  created: 1_760_000_000,
  last_seen: null,
};

describe("an account's storage in the admin area (issue #25)", () => {
  test('gives storage, ends a grant after a confirm, and makes the account read-only', async () => {
    let grants: AdminGrant[] = [];
    let user = ann;
    const storage = (): { body: AdminStorage } => ({
      body: {
        user,
        base_quota: 10 * GB,
        space_override: null,
        grants,
        subscription: null,
        card: null,
        read_only: { operator: user.state === 'read_only', billing: false },
      },
    });
    const { requests, user: u } = renderApp({
      route: '/admin',
      routes: {
        ...OPERATOR,
        'GET /st/4/admin/users': () => ({ body: { users: [user], total: 1 } }),
        'GET /st/4/admin/users/u1/storage': storage,
        'POST /st/4/admin/users/u1/grants': () => {
          grants = [
            {
              id: 'g1',
              source: 'customer_service',
              size: 5,
              renews_at: null,
              expires_at: null,
              given_at: 1_760_000_000,
              ended_at: null,
              live: true,
            },
          ];
          user = { ...user, max_space: 15 * GB };
          return storage();
        },
        'POST /st/4/admin/grants/g1/end': () => {
          grants = grants.map((g) => ({ ...g, live: false, ended_at: 1_760_000_100 }));
          user = { ...user, max_space: 10 * GB };
          return storage();
        },
        'POST /st/4/admin/users/u1/read_only': () => {
          user = { ...user, state: 'read_only' };
          return { body: user };
        },
      },
    });
    await u.click(await screen.findByRole('button', { name: 'Storage of ann@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Storage of ann@example.com' });
    expect(await within(dialog).findByText('No storage beyond the base quota.')).toBeTruthy();
    // The operator gives the sources other than the payment provider's, by their human names.
    const source = within(dialog).getByLabelText('Source');
    expect(
      within(source)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toContain('Customer service');
    expect(within(source).queryByRole('option', { name: 'Web' })).toBeNull();

    await u.type(within(dialog).getByLabelText('Size in GB'), '5');
    await u.click(within(dialog).getByRole('button', { name: 'Give storage' }));
    expect(await within(dialog).findByText('5 GB added')).toBeTruthy();
    const sent = requests.find(
      (r) => r.method === 'POST' && r.url.pathname === '/st/4/admin/users/u1/grants',
    );
    expect(sent?.body).toEqual({ source: 'customer_service', size_gb: 5 });

    await u.click(within(dialog).getByRole('button', { name: 'End 5 GB from Customer service' }));
    const confirm = screen.getByRole('dialog', { name: 'End this storage?' });
    await u.click(within(confirm).getByRole('button', { name: 'End' }));
    const back = await screen.findByRole('dialog', { name: 'Storage of ann@example.com' });
    await waitFor(() => {
      expect(within(back).queryByRole('button', { name: /^End / })).toBeNull();
    });
    expect(within(back).getByText(/· Ended /)).toBeTruthy();

    const readOnly = within(back).getByRole('switch', { name: 'Read-only' });
    expect(within(back).getByText(/cannot upload, copy, restore or make new albums/)).toBeTruthy();
    await u.click(readOnly);
    await waitFor(() => {
      expect(within(back).getByRole<HTMLInputElement>('switch', { name: 'Read-only' }).checked).toBe(true);
    });
    await u.keyboard('{Escape}');
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });

  test('shows the plan, the card and a read-only state billing holds apart from the switch', async () => {
    const user: AdminUser = { ...ann, state: 'read_only', used_space: 150 * GB };
    const { user: u } = renderApp({
      route: '/admin',
      routes: {
        ...OPERATOR,
        'GET /st/4/admin/users': { body: { users: [user], total: 1 } },
        'GET /st/4/admin/users/u1/storage': {
          body: {
            user,
            base_quota: 15 * GB,
            space_override: null,
            grants: [],
            subscription: {
              plan_id: 'intl-500gb-monthly',
              status: 'canceled',
              period_end: 1_760_000_000,
              cancel_at_period_end: false,
              ended_unpaid: true,
            },
            card: { brand: 'visa', last4: '0341', exp_month: 3, exp_year: 2034 },
            read_only: { operator: false, billing: true },
          } satisfies AdminStorage,
        },
      },
    });
    await u.click(await screen.findByRole('button', { name: 'Storage of ann@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Storage of ann@example.com' });
    const plan = await within(dialog).findByRole('region', { name: 'Plan' });
    expect(within(plan).getByText('intl-500gb-monthly')).toBeTruthy();
    expect(within(plan).getByText(/Ended unpaid/)).toBeTruthy();
    expect(within(plan).getByText('Card: visa •••• 0341, expires 03/2034')).toBeTruthy();
    expect(within(plan).getByText(/Read-only because the plan ended unpaid/)).toBeTruthy();
    // The switch is the operator's own flag: off, though the account is read-only.
    expect(within(dialog).getByRole<HTMLInputElement>('switch', { name: 'Read-only' }).checked).toBe(false);
  });
});
