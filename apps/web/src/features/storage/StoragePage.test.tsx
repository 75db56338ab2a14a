import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { anAccount } from '../../test/factories.ts';
import { renderApp } from '../../test/render.tsx';
import { aProduct, aStripeGrant, aSubscription, billingRoutes, PRODUCTS } from './test-billing.ts';

const GIB = 1024 ** 3;

describe('storage settings (spec 001 §2, §3, §4, §5, §9)', () => {
  test('shows the meter, the sources, free versus paid and the offered sizes with §9 prices', async () => {
    renderApp({
      route: '/settings/storage',
      routes: {
        ...billingRoutes({
          grants: [
            { ...aStripeGrant(), _links: {} },
            {
              ...aStripeGrant({ id: 'cs1', source: 'customer_service', size: 5, renews_at: null }),
              _links: {},
            },
            {
              ...aStripeGrant({ id: 'cs2', source: 'customer_service', size: 10, renews_at: null }),
              _links: {},
            },
          ],
        }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Storage', level: 1 })).toBeTruthy();
    expect(screen.getByRole('meter', { name: 'Storage used' })).toBeTruthy();
    const sources = (await screen.findByRole('heading', { name: 'Where your storage comes from' })).closest(
      'section',
    );
    if (!sources) throw new Error('no sources');
    expect(within(sources).getByText('Free storage')).toBeTruthy();
    // The grants arrive by a call of their own, after the base quota's line may have shown.
    expect(await within(sources).findByText('Bought on the web')).toBeTruthy();
    // customer_service grants are merged into one line (spec 001 §9).
    expect(within(sources).getAllByText('Customer service')).toHaveLength(1);
    // The base quota, and the merged customer service grants (5 + 10).
    expect(within(sources).getAllByText('15 GB')).toHaveLength(2);
    expect(await screen.findByRole('table', { name: 'Storage plans' })).toBeTruthy();
    // 500 GB has no yearly plan: not offered (spec 001 §5).
    expect(screen.queryByRole('rowheader', { name: '500 GB' })).toBeNull();
    expect(screen.getByRole('radio', { name: '100 GB Monthly: NOK 29 / month' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '1,000 GB Monthly: NOK 99.50 / month' })).toBeTruthy();
    expect(
      screen.getByRole('radio', { name: '100 GB Yearly: NOK 290 / year (NOK 24.17 / month)' }),
    ).toBeTruthy();
    expect(screen.getAllByText('Save 16 %').length).toBeGreaterThan(0);
    expect(screen.getByText('The first month is free')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Choose plan' }).disabled).toBe(true);
  });

  test('a failed renewal asks for a new card; a read-only account is told why (spec 001 §4, §6)', async () => {
    renderApp({
      route: '/settings/storage',
      routes: {
        ...billingRoutes({ subscriptions: [aSubscription({ status: 'past_due' })] }),
        'GET /st/4/account_info': {
          body: anAccount({ used_space: 20 * GIB, max_space: 15 * GIB, is_read_only_user: true }),
        },
      },
    });
    expect(
      await screen.findByText('Your last payment did not go through. Update your card to keep your plan.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Update card' }).getAttribute('href')).toBe('/settings/payment');
    expect(screen.getByText(/Your account is read-only/)).toBeTruthy();
  });

  test('an active plan and a writable account show neither notice', async () => {
    renderApp({ route: '/settings/storage', routes: billingRoutes({ subscriptions: [aSubscription()] }) });
    expect(await screen.findByRole('heading', { name: 'Your plan' })).toBeTruthy();
    expect(screen.queryByText(/Your last payment did not go through/)).toBeNull();
    expect(screen.queryByText(/Your account is read-only/)).toBeNull();
  });

  test('a plan sold only in the app where the user is shows unavailable and why (spec 001 §1)', async () => {
    renderApp({
      route: '/settings/storage',
      routes: {
        ...billingRoutes(),
        'GET /st/4/stripe_products': {
          body: { products: PRODUCTS.map((p) => ({ ...p, app_only: p.size_gb === 100 })), trial_months: 1 },
        },
      },
    });
    const radio = await screen.findByRole<HTMLInputElement>('radio', { name: /^100 GB Monthly/ });
    expect(radio.disabled).toBe(true);
    expect(screen.getAllByText('Sold only in the Trove app where you are').length).toBeGreaterThan(0);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /^1,000 GB Monthly/ }).disabled).toBe(false);
  });

  test('prices follow the locale (Norwegian decimal comma)', async () => {
    renderApp({ route: '/settings/storage', locale: 'nb_NO', routes: billingRoutes() });
    expect(
      await screen.findByRole('radio', { name: /^1\s000 GB Månedlig: NOK 99,50 \/ måned$/ }),
    ).toBeTruthy();
  });

  test('a plan smaller than what is used is unavailable and says why (INSUFFICIENT_STORAGE_PLAN)', async () => {
    renderApp({
      route: '/settings/storage',
      routes: {
        ...billingRoutes(),
        'GET /st/4/account_info': { body: anAccount({ used_space: 200 * GIB, max_space: 15 * GIB }) },
      },
    });
    const radio = await screen.findByRole<HTMLInputElement>('radio', { name: /^100 GB Monthly/ });
    expect(radio.disabled).toBe(true);
    expect(screen.getAllByText('Too small for what you store')).toHaveLength(2);
  });

  test('a yearly plan refuses monthly ones; change asks, then PUTs with an Idempotency-Key', async () => {
    const yearly = aProduct({ id: 'p-100-y', period: 'yearly', price: 29000 });
    const { user, requests } = renderApp({
      route: '/settings/storage',
      routes: {
        ...billingRoutes({
          subscriptions: [aSubscription({ activeProduct: yearly })],
          grants: [aStripeGrant()],
        }),
        'PUT /st/4/stripe/v1/purchase': { body: { subscription: aSubscription() } },
      },
    });
    const monthly = await screen.findByRole<HTMLInputElement>('radio', { name: /^1,000 GB Monthly/ });
    expect(monthly.disabled).toBe(true);
    expect(screen.getAllByText('A yearly plan cannot be switched to monthly').length).toBe(2);
    expect(screen.getByText('Current plan')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: /^1,000 GB Yearly/ }));
    await user.click(screen.getByRole('button', { name: 'Change plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change your plan?' });
    await user.click(within(dialog).getByRole('button', { name: 'Change plan' }));
    expect(await screen.findByText('Plan changed')).toBeTruthy();
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({ plan: 'p-1000-y' });
    expect(put?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  test("a failed change says 'Failed to update subscription'", async () => {
    const { user } = renderApp({
      route: '/settings/storage',
      routes: {
        ...billingRoutes({ subscriptions: [aSubscription()], grants: [aStripeGrant()] }),
        'PUT /st/4/stripe/v1/purchase': { status: 500 },
      },
    });
    await user.click(await screen.findByRole('radio', { name: /^1,000 GB Monthly/ }));
    await user.click(screen.getByRole('button', { name: 'Change plan' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Change plan' }));
    expect(await screen.findByText('Failed to update subscription')).toBeTruthy();
  });

  test('the plan card: next billing date; cancel asks by keyboard and calls the grant link', async () => {
    const { user, requests } = renderApp({
      route: '/settings/storage',
      routes: {
        ...billingRoutes({ subscriptions: [aSubscription()], grants: [aStripeGrant()] }),
        'POST /st/4/stripe/subscriptions/sub_1/cancel': { body: { ok: true } },
      },
    });
    expect(await screen.findByText('Next billing date: January 15, 2027')).toBeTruthy();
    screen.getByRole('button', { name: 'Cancel subscription' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your subscription?' });
    expect(within(dialog).getByText(/until January 15, 2027/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    expect(await screen.findByText('Subscription canceled')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST' && r.url.pathname.endsWith('/sub_1/cancel'))).toBe(true);
  });

  test("a failed cancel says 'Failed to cancel subscription'; a failed reactivate its text", async () => {
    const { user } = renderApp({
      route: '/settings/storage',
      routes: {
        ...billingRoutes({ subscriptions: [aSubscription()], grants: [aStripeGrant()] }),
        'POST /st/4/stripe/subscriptions/sub_1/cancel': { status: 500 },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel subscription' }),
    );
    expect(await screen.findByText('Failed to cancel subscription')).toBeTruthy();
  });

  test('a canceled plan shows its expiry date and reactivates through its link', async () => {
    const { user } = renderApp({
      route: '/settings/storage',
      routes: {
        ...billingRoutes({
          subscriptions: [aSubscription({ cancel_at_period_end: true, credit: 1250 })],
          grants: [
            aStripeGrant({
              renews_at: null,
              expires_at: '2027-01-15T00:00:00.000Z',
              _links: {
                reactivation: { href: '/st/4/stripe/subscriptions/sub_1/reactivate', method: 'POST' },
              },
            }),
          ],
        }),
        'POST /st/4/stripe/subscriptions/sub_1/reactivate': { status: 500 },
      },
    });
    expect(await screen.findAllByText('Expires on January 15, 2027')).toHaveLength(2);
    expect(screen.getByText('Credit for later bills: NOK 12.50')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reactivate subscription' }));
    expect(await screen.findByText('Failed to reactivate subscription')).toBeTruthy();
  });

  test('an upcoming plan is tagged and can be canceled (the current plan stays)', async () => {
    const { user, requests } = renderApp({
      route: '/settings/storage',
      routes: {
        ...billingRoutes({
          subscriptions: [
            aSubscription({
              activeProduct: aProduct({ id: 'p-1000-m', size_gb: 1000, price: 9950 }),
              upcomingProduct: aProduct(),
            }),
          ],
          grants: [aStripeGrant()],
        }),
        'POST /st/4/stripe/subscriptions/sub_1/cancel_upcoming': { body: { ok: true } },
      },
    });
    expect(await screen.findByText('Upcoming')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Keep the current plan' }));
    expect(requests.some((r) => r.url.pathname.endsWith('/cancel_upcoming'))).toBe(true);
  });

  test('a failed subscriptions fetch says so; failed products and grants are ignored', async () => {
    renderApp({
      route: '/settings/storage',
      routes: {
        ...billingRoutes(),
        'GET /st/4/stripe/subscriptions': { status: 500 },
        'GET /st/4/stripe_products': { status: 500 },
        'GET /st/4/user_grants': { status: 500 },
      },
    });
    expect(await screen.findByText('We could not reliably retrieve your subscription')).toBeTruthy();
    expect(screen.getByText('Free storage')).toBeTruthy();
  });

  test('the settings hub leads to storage and the payment card', async () => {
    const { user } = renderApp({ route: '/settings', routes: billingRoutes() });
    await user.click(await screen.findByRole('link', { name: /Storage and plans/ }));
    expect(await screen.findByRole('heading', { name: 'Storage', level: 1 })).toBeTruthy();
  });
});
