import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderApp } from '../../test/render.tsx';
import { billingRoutes } from './test-billing.ts';

const CARD = { brand: 'visa', last4: '4242', exp_month: 3, exp_year: 2031 };

describe('payment settings (spec 001 §2, §3, §8)', () => {
  test('shows the stored card: brand, masked number, MM/YY', async () => {
    renderApp({
      route: '/settings/payment',
      routes: { ...billingRoutes(), 'GET /st/4/stripe_payment_method': { body: CARD } },
    });
    expect(await screen.findByText('•••• •••• •••• 4242')).toBeTruthy();
    expect(screen.getByText('Visa')).toBeTruthy();
    expect(screen.getByText('03/31')).toBeTruthy();
  });

  test('a 404 means no card', async () => {
    renderApp({ route: '/settings/payment', routes: billingRoutes() });
    expect(await screen.findByText('No card is stored.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Add card' })).toBeTruthy();
  });

  test("delete asks first; a failure says 'Failed deleting card info'", async () => {
    const { user, requests } = renderApp({
      route: '/settings/payment',
      routes: {
        ...billingRoutes(),
        'GET /st/4/stripe_payment_method': { body: CARD },
        'DELETE /st/4/stripe_payment_method': { status: 500 },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the card?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete card' }));
    expect(await within(dialog).findByText('Failed deleting card info')).toBeTruthy();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(true);
  });
});
