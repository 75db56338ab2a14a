import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createSandboxStripe } from './stripe.ts';

const PI = 'pi_abc_secret_def';
const SETI = 'seti_abc_secret_def';
let calls: { path: string; body: unknown }[] = [];

/** Answers as payments/sandbox/http.ts does, for the calls these tests make. */
function stubServer(answers: Record<string, [number, object]>) {
  vi.stubGlobal('fetch', (path: string, init: RequestInit) => {
    calls.push({ path, body: JSON.parse(init.body as string) });
    const [status, body] = answers[path] ?? [
      404,
      { error: { type: 'invalid_request_error', code: 'resource_missing' } },
    ];
    return Promise.resolve(new Response(JSON.stringify(body), { status }));
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  calls = [];
  document.body.innerHTML = '';
});

const paid = { id: 'pi_abc', object: 'payment_intent', status: 'succeeded', client_secret: PI };

describe('the sandbox Stripe object', () => {
  test('confirmCardPayment and confirmPayment: the 3-D Secure dialog, then {paymentIntent}', async () => {
    stubServer({ '/sandbox/payment_intents/authenticate': [200, paid] });
    const stripe = createSandboxStripe('pk_sandbox_trove');
    for (const confirm of [
      () => stripe.confirmCardPayment(PI),
      () => stripe.confirmPayment({ clientSecret: PI, redirect: 'if_required' }),
      () => stripe.handleNextAction({ clientSecret: PI }),
    ]) {
      const result = confirm();
      await userEvent.click(await screen.findByRole('button', { name: 'Complete authentication' }));
      expect(await result).toEqual({ paymentIntent: paid });
    }
    expect(calls.map((c) => c.body)).toEqual(Array(3).fill({ client_secret: PI, complete: true }));
  });

  test('Escape fails authentication, as closing Stripe’s modal does', async () => {
    stubServer({
      '/sandbox/payment_intents/authenticate': [
        402,
        {
          error: {
            type: 'invalid_request_error',
            code: 'payment_intent_authentication_failure',
            message: 'x',
          },
        },
      ],
    });
    const result = createSandboxStripe('pk_sandbox_trove', { locale: 'sv' }).confirmCardPayment(PI);
    await screen.findByRole('dialog', { name: '3-D Secure i sandlådan' });
    await userEvent.keyboard('{Escape}');
    expect(await result).toEqual({
      error: {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        message: 'Vi kan inte verifiera din betalningsmetod. Välj en annan betalningsmetod och försök igen.',
      },
    });
    expect(calls[0]?.body).toEqual({ client_secret: PI, complete: false });
  });

  test('retrieveSetupIntent and handleNextAction of a setup intent', async () => {
    const intent = { id: 'seti_abc', object: 'setup_intent', status: 'succeeded', client_secret: SETI };
    stubServer({
      '/sandbox/setup_intents/retrieve': [200, intent],
      '/sandbox/setup_intents/authenticate': [200, intent],
    });
    const stripe = createSandboxStripe('pk_sandbox_trove');
    expect(await stripe.retrieveSetupIntent(SETI)).toEqual({ setupIntent: intent });
    const next = stripe.handleNextAction({ clientSecret: SETI });
    await userEvent.click(await screen.findByRole('button', { name: 'Complete authentication' }));
    expect(await next).toEqual({ setupIntent: intent });
  });

  test('the Card Element with confirmCardSetup; submit() and confirm refuse an incomplete card', async () => {
    const intent = { id: 'seti_abc', object: 'setup_intent', status: 'succeeded', client_secret: SETI };
    stubServer({ '/sandbox/setup_intents/confirm': [200, intent] });
    const stripe = createSandboxStripe('pk_sandbox_trove');
    const elements = stripe.elements({ locale: 'en' });
    const card = elements.create('card');
    const node = document.createElement('div');
    document.body.append(node);
    card.mount(node);
    expect(elements.getElement('card')).toBe(card);
    expect(() => elements.create('card')).toThrow(/one Element/);
    expect(() => elements.create('iban')).toThrow(/no iban Element/);
    expect(await elements.submit()).toEqual({
      error: {
        type: 'validation_error',
        code: 'incomplete_number',
        message: 'Your card number is incomplete.',
      },
    });
    expect(screen.getByLabelText('Card number').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Card number'));
    await userEvent.type(screen.getByLabelText('Card number'), '5555555555554444');
    await userEvent.type(screen.getByLabelText('Expiration date (MM/YY)'), '0130');
    await userEvent.type(screen.getByLabelText('Security code (CVC)'), '999');
    expect(await elements.submit()).toEqual({});
    expect(await stripe.confirmCardSetup(SETI, { payment_method: { card } })).toEqual({
      setupIntent: intent,
    });
    expect(calls[0]?.body).toEqual({
      client_secret: SETI,
      card: { number: '5555555555554444', exp_month: 1, exp_year: 2030, cvc: '999' },
    });
    elements.update({ locale: 'bg' });
    expect(screen.getByLabelText('Номер на картата')).toHaveProperty('value', '5555 5555 5555 4444');
    card.destroy();
    expect(elements.getElement('card')).toBeNull();
    expect(node.childElementCount).toBe(0);
  });

  test('confirms with redirect "if_required" only: a secret never travels in a return URL', async () => {
    stubServer({});
    const stripe = createSandboxStripe('pk_sandbox_trove');
    const elements = stripe.elements({ clientSecret: SETI });
    const result = await stripe.confirmSetup({ elements, confirmParams: { return_url: 'http://x/' } });
    expect(result).toMatchObject({ error: { type: 'invalid_request_error' } });
    expect(calls).toEqual([]);
  });

  test('emits change with the brand and complete, and ready after mount', async () => {
    stubServer({});
    const elements = createSandboxStripe('pk_sandbox_trove').elements();
    const element = elements.create('payment');
    const changes: unknown[] = [];
    const ready = vi.fn();
    element.on('change', (e) => changes.push(e)).once('ready', ready);
    element.mount(document.body.appendChild(document.createElement('div')));
    await waitFor(() => {
      expect(ready).toHaveBeenCalledWith({ elementType: 'payment' });
    });
    await userEvent.type(screen.getByLabelText('Card number'), '378282246310005');
    expect(changes.at(-1)).toMatchObject({
      elementType: 'payment',
      brand: 'amex',
      complete: false,
      empty: false,
    });
    await userEvent.type(screen.getByLabelText('Expiration date (MM/YY)'), '1230');
    await userEvent.type(screen.getByLabelText('Security code (CVC)'), '1234');
    expect(changes.at(-1)).toEqual({
      elementType: 'payment',
      empty: false,
      complete: true,
      collapsed: false,
      brand: 'amex',
      value: { type: 'card' },
      error: undefined,
    });
    element.clear();
    expect(changes.at(-1)).toMatchObject({ empty: true, complete: false });
  });
});
