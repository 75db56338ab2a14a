import Stripe from 'stripe';
import { redactKeys } from './client.ts';

/** The secret key did not work at start: the message says what to fix, never the key. */
export class StripeKeyError extends Error {
  override name = 'StripeKeyError';
}

/**
 * The startup check of `BILLING=stripe` (RESEARCH-ACCOUNT-PAYMENTS §1.3 point 10): one
 * authenticated read, so a wrong, revoked or under-permitted key stops the server at start
 * rather than at a customer's first purchase. Throws {@link StripeKeyError}.
 */
export async function checkStripeKey(provider: { checkKey(): Promise<void> }): Promise<void> {
  await provider.checkKey();
}

/** The read behind checkStripeKey: the account's balance, which every working key may read. */
export async function verifyKey(stripe: Stripe, secretKey: string): Promise<void> {
  try {
    await stripe.balance.retrieve();
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    const detail = redactKeys(error.message, secretKey);
    if (error.statusCode === 401)
      throw new StripeKeyError(
        `STRIPE_SECRET_KEY was refused by Stripe (401: ${detail}). Copy the secret key again from the Stripe dashboard (Developers → API keys).`,
      );
    if (error.statusCode === 403)
      throw new StripeKeyError(
        `STRIPE_SECRET_KEY is a restricted key without the permissions Trove needs (403: ${detail}).`,
      );
    throw new StripeKeyError(`Stripe could not be asked whether STRIPE_SECRET_KEY works: ${detail}`);
  }
}
