import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { SetupIntentResult, StripePaymentElementChangeEvent } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, useState } from 'react';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { SandboxStripe } from './stripe.ts';

const SECRET = 'seti_abc_secret_def';

/** What the test's stand-in for the sandbox server (payments/sandbox/http.ts) received. */
let calls: { path: string; body: Record<string, unknown> }[] = [];

/** The server's answers for the three test cards, shaped as http.ts answers. */
function sandboxServer(path: string, body: Record<string, unknown>): [number, object] {
  const intent = (status: string) => ({
    id: 'seti_abc',
    object: 'setup_intent',
    status,
    client_secret: SECRET,
  });
  const card = body.card as { number: string } | undefined;
  if (path === '/sandbox/setup_intents/confirm') {
    if (card?.number === '4000000000000002')
      return [
        402,
        {
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
          },
        },
      ];
    return [200, intent(card?.number === '4000002500003155' ? 'requires_action' : 'succeeded')];
  }
  if (path === '/sandbox/setup_intents/authenticate') {
    if (body.complete === true) return [200, intent('succeeded')];
    return [
      402,
      {
        error: {
          type: 'invalid_request_error',
          code: 'setup_intent_authentication_failure',
          message: 'We are unable to authenticate your payment method.',
          setup_intent: intent('requires_payment_method'),
        },
      },
    ];
  }
  return [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such' } }];
}

beforeAll(() => {
  window.Stripe = SandboxStripe;
});

afterEach(() => {
  vi.unstubAllGlobals();
  calls = [];
  document.documentElement.lang = '';
});

function stubFetch() {
  vi.stubGlobal('fetch', (path: string, init: RequestInit) => {
    const body = JSON.parse(init.body as string) as Record<string, unknown>;
    calls.push({ path, body });
    const [status, answer] = sandboxServer(path, body);
    return Promise.resolve(new Response(JSON.stringify(answer), { status }));
  });
}

/** The card form as Trove's web code will write it: submit disabled until complete (spec 001 §5). */
function CardForm({ onResult, onReady }: { onResult: (r: SetupIntentResult) => void; onReady?: () => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [complete, setComplete] = useState(false);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (stripe === null || elements === null) return;
        void stripe
          .confirmSetup({
            elements,
            redirect: 'if_required',
            confirmParams: { payment_method_data: { billing_details: {} } },
          })
          .then(onResult);
      }}
    >
      <PaymentElement
        onChange={(e: StripePaymentElementChangeEvent) => {
          setComplete(e.complete);
        }}
        onReady={onReady}
        options={{ fields: { billingDetails: 'never' } }}
      />
      <button type="submit" disabled={!complete}>
        Save card
      </button>
    </form>
  );
}

async function renderForm() {
  stubFetch();
  const onResult = vi.fn<(r: SetupIntentResult) => void>();
  const onReady = vi.fn();
  // StrictMode as in the app: react-stripe-js creates, destroys and creates the element again.
  render(
    <StrictMode>
      <Elements stripe={loadStripe('pk_sandbox_trove')} options={{ clientSecret: SECRET }}>
        <CardForm onResult={onResult} onReady={onReady} />
      </Elements>
    </StrictMode>,
  );
  const number = await screen.findByLabelText('Card number');
  return { onResult, onReady, number, user: userEvent.setup() };
}

async function typeCard(user: ReturnType<typeof userEvent.setup>, number: string) {
  await user.type(screen.getByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiration date (MM/YY)'), '1234');
  await user.type(screen.getByLabelText('Security code (CVC)'), '123');
}

describe('the sandbox Stripe.js under the real @stripe/react-stripe-js', () => {
  test('4242…: labelled inputs, change goes complete, confirmSetup succeeds through the sandbox', async () => {
    const { onResult, number, user } = await renderForm();
    const submit = screen.getByRole('button', { name: 'Save card' });
    expect(submit).toHaveProperty('disabled', true);
    await user.type(number, '4242424242424242');
    expect(number).toHaveProperty('value', '4242 4242 4242 4242');
    await user.type(screen.getByLabelText('Expiration date (MM/YY)'), '1234');
    expect(screen.getByLabelText('Expiration date (MM/YY)')).toHaveProperty('value', '12 / 34');
    expect(submit).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Security code (CVC)'), '123');
    await waitFor(() => {
      expect(submit).toHaveProperty('disabled', false);
    });
    await user.click(submit);
    await waitFor(() => {
      expect(onResult).toHaveBeenCalled();
    });
    expect(onResult.mock.calls[0]?.[0]).toEqual({
      setupIntent: { id: 'seti_abc', object: 'setup_intent', status: 'succeeded', client_secret: SECRET },
    });
    expect(calls).toEqual([
      {
        path: '/sandbox/setup_intents/confirm',
        body: {
          client_secret: SECRET,
          card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
        },
      },
    ]);
  });

  test('4000 0000 0000 0002: {error} shaped like Stripe, its message in <html lang>', async () => {
    document.documentElement.lang = 'nb-NO';
    stubFetch();
    const onResult = vi.fn<(r: SetupIntentResult) => void>();
    render(
      <Elements stripe={loadStripe('pk_sandbox_trove')} options={{ clientSecret: SECRET }}>
        <CardForm onResult={onResult} />
      </Elements>,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Kortnummer'), '4000000000000002');
    await user.type(screen.getByLabelText('Utløpsdato (MM/ÅÅ)'), '1234');
    await user.type(screen.getByLabelText('Sikkerhetskode (CVC)'), '123');
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    await waitFor(() => {
      expect(onResult).toHaveBeenCalled();
    });
    expect(onResult.mock.calls[0]?.[0]).toEqual({
      error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Kortet ble avvist.',
      },
    });
  });

  test('4000 0025 0000 3155: the 3-D Secure dialog, keyboard only; Complete succeeds, Fail is an error', async () => {
    for (const choice of ['complete', 'fail'] as const) {
      const { onResult, user } = await renderForm();
      await typeCard(user, '4000002500003155');
      await user.click(screen.getByRole('button', { name: 'Save card' }));
      const dialog = await screen.findByRole('dialog', { name: 'Sandbox 3-D Secure' });
      expect(dialog.getAttribute('aria-modal')).toBe('true');
      const complete = screen.getByRole('button', { name: 'Complete authentication' });
      expect(document.activeElement).toBe(complete);
      // Focus stays in the dialog: Tab and Shift+Tab move between its two buttons only.
      await user.keyboard('{Tab}');
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Fail authentication' }));
      await user.keyboard('{Shift>}{Tab}{/Shift}');
      expect(document.activeElement).toBe(complete);
      if (choice === 'fail') await user.keyboard('{Tab}');
      await user.keyboard('{Enter}');
      await waitFor(() => {
        expect(onResult).toHaveBeenCalled();
      });
      expect(screen.queryByRole('dialog')).toBeNull();
      const result = onResult.mock.calls[0]?.[0];
      if (choice === 'complete') expect(result).toMatchObject({ setupIntent: { status: 'succeeded' } });
      else
        expect(result).toMatchObject({
          error: {
            type: 'invalid_request_error',
            code: 'setup_intent_authentication_failure',
            message:
              'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
          },
        });
      expect(calls.map((c) => c.path)).toEqual([
        '/sandbox/setup_intents/confirm',
        '/sandbox/setup_intents/authenticate',
      ]);
      expect(calls[1]?.body).toEqual({ client_secret: SECRET, complete: choice === 'complete' });
      calls = [];
      document.body.innerHTML = '';
    }
  });

  test('incomplete and wrong fields: aria-invalid and an alert once the field is left', async () => {
    const { number, user } = await renderForm();
    await user.type(number, '4242');
    expect(number.getAttribute('aria-invalid')).toBe('false');
    await user.click(screen.getByLabelText('Security code (CVC)'));
    expect(number.getAttribute('aria-invalid')).toBe('true');
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts).toContain('Your card number is incomplete.');
    await user.clear(number);
    await user.type(number, '4242424242424241');
    expect(alerts).toBeDefined();
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('Your card number is invalid.');
  });

  test('refuses keys that are not the sandbox’s', () => {
    expect(() => SandboxStripe('pk_test_123')).toThrow(/pk_sandbox_/);
  });

  test('the element is at least 320 px high and emits ready', async () => {
    const { number, onReady } = await renderForm();
    await waitFor(() => {
      expect(onReady).toHaveBeenCalledTimes(1);
    });
    const root = number.closest('.trove-sandbox-card');
    expect(root).not.toBeNull();
    const style = document.querySelector('style[data-trove-sandbox-stripe]')?.textContent ?? '';
    expect(style).toMatch(/min-height: 320px/);
  });
});
