import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { createElement as h, useState } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * The page of the stand-in's browser check (apps/server/src/payments/sandbox/
 * browser-check.test-support.ts): the real @stripe/react-stripe-js and loadStripe of
 * @stripe/stripe-js/pure over /sandbox/stripe.js, as Trove's card form will use them. Not
 * part of the app's build. `?pay` confirms a payment (3-D Secure on every payment) instead.
 * Its texts are the check's own (English), never shown to users.
 */
const params = new URLSearchParams(location.search);
document.documentElement.lang = params.get('lang') ?? 'en';

function SetupForm() {
  const stripe = useStripe();
  const elements = useElements();
  const [complete, setComplete] = useState(false);
  const [result, setResult] = useState('');
  return h(
    'form',
    {
      onSubmit: (event: { preventDefault: () => void }) => {
        event.preventDefault();
        if (stripe === null || elements === null) return;
        void stripe.confirmSetup({ elements, redirect: 'if_required' }).then((r) => {
          setResult(JSON.stringify(r));
        });
      },
      style: { maxWidth: 480, margin: '24px auto', padding: '0 16px', fontFamily: 'system-ui, sans-serif' },
    },
    h('h1', { style: { fontSize: 20 } }, 'Add a card'),
    h(PaymentElement, {
      options: { fields: { billingDetails: 'never' } },
      onChange: (e: { complete: boolean }) => {
        setComplete(e.complete);
      },
    }),
    h(
      'button',
      { type: 'submit', disabled: !complete, style: { minHeight: 44, padding: '0 20px' } },
      'Save card',
    ),
    h('pre', { id: 'result', style: { whiteSpace: 'pre-wrap' } }, result),
  );
}

function PayButton({ secret }: { secret: string }) {
  const stripe = useStripe();
  const [result, setResult] = useState('');
  return h(
    'div',
    { style: { maxWidth: 480, margin: '24px auto', padding: '0 16px', fontFamily: 'system-ui, sans-serif' } },
    h(
      'button',
      {
        type: 'button',
        onClick: () => {
          void stripe?.confirmCardPayment(secret).then((r) => {
            setResult(JSON.stringify(r));
          });
        },
      },
      'Pay',
    ),
    h('pre', { id: 'result' }, result),
  );
}

async function start() {
  const pay = params.has('pay');
  const root = createRoot(document.getElementById('root') as HTMLElement);
  const stripe = loadStripe('pk_sandbox_trove');
  const response = await fetch(pay ? '/check/payment' : '/check/setup_intent', { method: 'POST' });
  const { clientSecret } = (await response.json()) as { clientSecret: string };
  if (pay) root.render(h(Elements, { stripe }, h(PayButton, { secret: clientSecret })));
  else root.render(h(Elements, { stripe, options: { clientSecret } }, h(SetupForm)));
}

void start();
