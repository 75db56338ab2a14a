import { PaymentProviderError } from '../provider.ts';

/**
 * Stripe's test cards, as the sandbox honours them (RESEARCH-ACCOUNT-PAYMENTS §1.3 point 8).
 * Any other number is refused: the sandbox must never hold a real card.
 */
export type CardBehaviour =
  /** Every setup and charge succeeds. */
  | 'ok'
  /** Attaches, but every charge fails (4000 0000 0000 0341). */
  | 'charge_fails'
  /** 3-D Secure when the card is set up, never after (4000 0025 0000 3155). */
  | 'setup_3ds'
  /** 3-D Secure on every payment (4000 0027 6000 3184); off-session charges fail. */
  | 'always_3ds';

interface TestCard {
  brand: string;
  behaviour: CardBehaviour | 'card_declined' | 'insufficient_funds';
}

const TEST_CARDS: Readonly<Record<string, TestCard>> = {
  '4242424242424242': { brand: 'visa', behaviour: 'ok' },
  '4000056655665556': { brand: 'visa', behaviour: 'ok' },
  '5555555555554444': { brand: 'mastercard', behaviour: 'ok' },
  '378282246310005': { brand: 'amex', behaviour: 'ok' },
  '4000000000000002': { brand: 'visa', behaviour: 'card_declined' },
  '4000000000009995': { brand: 'visa', behaviour: 'insufficient_funds' },
  '4000000000000341': { brand: 'visa', behaviour: 'charge_fails' },
  '4000002500003155': { brand: 'visa', behaviour: 'setup_3ds' },
  '4000002760003184': { brand: 'visa', behaviour: 'always_3ds' },
};

/** A card as typed into the card element. */
export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/**
 * Reads a typed card: its brand, last four digits and behaviour. Throws `invalid_card_number`
 * for a non-test number, `expired_card` for a past expiry, and the decline of a declining card.
 */
export function readTestCard(
  card: CardInput,
  now: number,
): { brand: string; last4: string; behaviour: CardBehaviour } {
  const digits = card.number.replace(/[\s-]/g, '');
  const known = TEST_CARDS[digits];
  if (known === undefined)
    throw new PaymentProviderError(
      'invalid_card_number',
      'The sandbox accepts only Stripe test card numbers.',
    );
  const today = new Date(now);
  const expired =
    card.expYear < today.getUTCFullYear() ||
    (card.expYear === today.getUTCFullYear() && card.expMonth < today.getUTCMonth() + 1);
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12 || expired)
    throw new PaymentProviderError('expired_card', 'Your card has expired.');
  if (!/^\d{3,4}$/.test(card.cvc))
    throw new PaymentProviderError('invalid_request', 'Your card’s security code is incomplete.');
  if (known.behaviour === 'card_declined')
    throw new PaymentProviderError('card_declined', 'Your card was declined.');
  if (known.behaviour === 'insufficient_funds')
    throw new PaymentProviderError('insufficient_funds', 'Your card has insufficient funds.');
  return { brand: known.brand, last4: digits.slice(-4), behaviour: known.behaviour };
}

/** How a charge on a card goes: on-session (the user is there for 3-D Secure) or off-session (renewals). */
export function chargeOutcome(
  behaviour: string | undefined,
  onSession: boolean,
): 'paid' | 'requires_action' | 'declined' {
  if (behaviour === 'ok' || behaviour === 'setup_3ds') return 'paid';
  // Off-session there is nobody to authenticate: Stripe fails with authentication_required.
  if (behaviour === 'always_3ds') return onSession ? 'requires_action' : 'declined';
  // 'charge_fails', or no card at all.
  return 'declined';
}
