import { CONSENT_KEYS, type ConsentValues } from '@trove/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderApp } from '../../test/render.tsx';

const CONSENTS = '/st/4/data_protection/consent_values';
const none: ConsentValues = { consents: CONSENT_KEYS.map((key) => ({ key, value: false })) };
/** The calls of the data access and legacy sections, which these tests do not look at. */
const dataAccess = {
  'GET /st/4/data_protection/request_data_access_availability': {
    body: { available: true, next_available_at: null, cooldown_hours: 24, preparing: false, current: null },
  },
  'GET /st/4/digital_legacy': { body: { digital_legacy_data: null } },
};
const withOn = (key: string): ConsentValues => ({
  consents: CONSENT_KEYS.map((k) => ({ key: k, value: k === key })),
});

describe('privacy page (spec 001 §2 Privacy and consent page)', () => {
  test('a switch changes at once, is sent as one key, and stays as the server answered', async () => {
    const { user, requests } = renderApp({
      route: '/settings/privacy',
      routes: {
        ...dataAccess,
        [`GET ${CONSENTS}`]: { body: none },
        [`POST ${CONSENTS}`]: { body: withOn('face_grouping') },
      },
    });
    const grouping = await screen.findByRole('switch', { name: /Face grouping/ });
    expect((grouping as HTMLInputElement).checked).toBe(false);
    await user.click(grouping);
    expect((grouping as HTMLInputElement).checked).toBe(true);
    await waitFor(() => {
      expect(requests.some((r) => r.method === 'POST' && r.url.pathname === CONSENTS)).toBe(true);
    });
    const sent = requests.find((r) => r.method === 'POST' && r.url.pathname === CONSENTS);
    expect(sent?.body).toEqual({ key: 'face_grouping', value: true });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('a refused change is put back and says so', async () => {
    const { user } = renderApp({
      route: '/_from_inside_app/settings/privacy',
      routes: {
        ...dataAccess,
        [`GET ${CONSENTS}`]: { body: none },
        [`POST ${CONSENTS}`]: { status: 500 },
      },
    });
    const email = await screen.findByRole('switch', { name: /By e-mail/ });
    await user.click(email);
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not be saved/);
    expect((email as HTMLInputElement).checked).toBe(false);
  });
});

describe('unsubscribe page (spec 001 §4 Unsubscribe page)', () => {
  test('opening it changes nothing; Unsubscribe posts, shows it is busy, and says it is done', async () => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const { user, requests } = renderApp({
      route: '/settings/unsubscribe?id=1.sealed-identifier',
      login: { status: 'UNAUTHENTICATED', notice: null },
      routes: { 'POST /user/email_consent': { body: { email_consent: false }, after: answered } },
    });
    const button = await screen.findByRole('button', { name: 'Unsubscribe' });
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
    await user.click(button);
    // The loading state, while the server has not answered.
    expect(await screen.findByText('Unsubscribing…')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    answer();
    expect(await screen.findByText(/You are unsubscribed/)).toBeTruthy();
    // Back goes to settings (spec 001 §2).
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/settings');
    const sent = requests.find((r) => r.method === 'POST');
    expect(sent?.body).toEqual({ email_consent_identifier: '1.sealed-identifier', email_consent: false });
  });

  test('Stay saves without a call; an error still ends unsubscribed, with the error said', async () => {
    const stay = renderApp({ route: '/settings/unsubscribe?id=1.sealed-identifier' });
    await stay.user.click(await screen.findByRole('radio', { name: /keep me subscribed/ }));
    await stay.user.click(screen.getByRole('button', { name: 'Stay subscribed' }));
    expect(await screen.findByText(/Saved\. You will keep getting news/)).toBeTruthy();
    expect(stay.requests.filter((r) => r.method === 'POST')).toEqual([]);
    stay.unmount();

    const failing = renderApp({
      route: '/settings/unsubscribe?id=1.sealed-identifier',
      routes: { 'POST /user/email_consent': { status: 500 } },
    });
    await failing.user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Request to server failed/);
  });

  test('without an id nothing happens', async () => {
    renderApp({ route: '/settings/unsubscribe' });
    expect(await screen.findByText(/This link is incomplete/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });
});

describe('e-mail settings (spec 001 §2 Email settings)', () => {
  test('saves the e-mail consent and confirms it with a toast', async () => {
    const { user, requests } = renderApp({
      route: '/emailSettings',
      routes: {
        [`GET ${CONSENTS}`]: { body: none },
        [`POST ${CONSENTS}`]: { body: withOn('stay_up_to_date__email') },
      },
    });
    const email = await screen.findByRole('switch', { name: /By e-mail/ });
    expect((email as HTMLInputElement).checked).toBe(false);
    await user.click(email);
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your e-mail settings are saved')).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      key: 'stay_up_to_date__email',
      value: true,
    });
  });
});
