import { CONSENT_KEYS } from '@trove/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { FakeRoutes } from '../../test/fake-fetch.ts';
import { renderApp } from '../../test/render.tsx';

const LEGACY = 'POST /st/4/digital_legacy';
/** The privacy page's other calls, which these tests do not look at. */
const page: FakeRoutes = {
  'GET /st/4/data_protection/consent_values': {
    body: { consents: CONSENT_KEYS.map((key) => ({ key, value: false })) },
  },
  'GET /st/4/data_protection/request_data_access_availability': {
    body: { available: true, next_available_at: null, cooldown_hours: 24, preparing: false, current: null },
  },
  'GET /st/4/digital_legacy': { body: { digital_legacy_data: null } },
};

async function openContactForm(routes: FakeRoutes = {}) {
  const rendered = renderApp({ route: '/settings/privacy', routes: { ...page, ...routes } });
  // The section is a lazily loaded part of the page.
  const section = await screen.findByRole('region', { name: 'Digital legacy' }, { timeout: 5000 });
  await rendered.user.click(
    within(section).getByRole('radio', { name: 'Provide my content to a contact person' }),
  );
  return { ...rendered, section };
}

async function fill(
  user: ReturnType<typeof renderApp>['user'],
  section: HTMLElement,
  phone: string,
  email: string,
) {
  await user.type(within(section).getByLabelText(/Full name/), 'Kari Nordmann');
  await user.type(within(section).getByLabelText(/Telephone/), phone);
  await user.type(within(section).getByLabelText(/E-mail/), email);
  await user.type(within(section).getByLabelText(/Address/), 'Storgata 1, 0155 Oslo');
  await user.tab();
}

describe('digital legacy form (spec 001 §5)', () => {
  test('shows the notice; Confirm waits until all four fields are filled and valid, each error at its field', async () => {
    const { user, section, requests } = await openContactForm();
    expect(within(section).getByRole('note').textContent).toMatch(
      /only after your death has been documented/,
    );
    const confirm = within(section).getByRole('button', { name: 'Confirm' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await fill(user, section, '+47 912', 'kari@example');
    expect(within(section).getByText('Entry can only contain + and 8 to 14 numbers')).toBeTruthy();
    expect(within(section).getByText('Email address not valid')).toBeTruthy();
    expect(
      within(section)
        .getByLabelText(/Telephone/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await user.clear(within(section).getByLabelText(/Telephone/));
    await user.type(within(section).getByLabelText(/Telephone/), '+4791234567');
    await user.clear(within(section).getByLabelText(/E-mail/));
    await user.type(within(section).getByLabelText(/E-mail/), 'kari@example.no');
    expect((confirm as HTMLButtonElement).disabled).toBe(false);
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  test("the server's refusal is shown in the form, at the field it names", async () => {
    const { user, section, requests } = await openContactForm({
      [LEGACY]: {
        status: 400,
        body: {
          error: {
            code: 'validation_failed',
            message: 'Invalid request',
            issues: [{ path: 'contact_information.0.email_address', message: 'Email address not valid' }],
          },
        },
      },
    });
    await fill(user, section, '+4791234567', 'kari@example.no');
    await user.click(within(section).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => {
      expect(
        within(section)
          .getByLabelText(/E-mail/)
          .getAttribute('aria-invalid'),
      ).toBe('true');
    });
    expect(within(section).getByRole('alert').textContent).toMatch(/Your choice was not saved/);
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      choice: 'provide_content_to_contact',
      language: 'en_US',
      contact_information: [
        {
          name: 'Kari Nordmann',
          address: 'Storgata 1, 0155 Oslo',
          email_address: 'kari@example.no',
          phone_number: '+4791234567',
        },
      ],
    });
  });
});
