import { randomUUID } from 'node:crypto';
import { afterEach } from 'vitest';
import type { Dialect } from '../../db/database.ts';
import { openTestDatabase, testClock, type TestDatabase } from '../../test/harness.ts';
import type { WebhookDelivery } from './events.ts';
import type { SandboxPrice } from './ledger.ts';
import { SandboxProvider } from './sandbox-provider.ts';

export const DAY = 86_400_000;
export const GRACE_MS = 7 * DAY;
export const PRICES: readonly SandboxPrice[] = [
  { id: 'price_100_monthly', amount: 1000, currency: 'EUR', period: 'monthly' },
  { id: 'price_100_yearly', amount: 10_000, currency: 'EUR', period: 'yearly' },
  { id: 'price_500_monthly', amount: 3000, currency: 'EUR', period: 'monthly' },
  { id: 'price_500_yearly', amount: 30_000, currency: 'EUR', period: 'yearly' },
];
export const SECRET = 'whsec_sandbox_test';

/** A sandbox on a fresh database of the dialect, a clock the test moves, and what it delivered. */
export function useSandbox(dialect: Dialect) {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
    database = undefined;
  });
  return async () => {
    database = await openTestDatabase(dialect);
    const clock = testClock();
    const deliveries: WebhookDelivery[] = [];
    const provider = new SandboxProvider({
      db: database.handle.db,
      now: clock.now,
      prices: PRICES,
      webhookSecret: SECRET,
      graceMs: GRACE_MS,
      sink: (d) => {
        deliveries.push(d);
        return Promise.resolve();
      },
    });
    /** The types of the events delivered so far (their signatures are checked in their own test). */
    const eventTypes = () => deliveries.map((d) => (JSON.parse(d.rawBody) as { type: string }).type);
    /** A customer whose default card is the test card `number` (3-D Secure completed if asked). */
    const customerWithCard = async (number: string) => {
      const userId = randomUUID();
      const { customerId } = await provider.ensureCustomer({
        userId,
        email: `${userId}@example.com`,
        name: 'A',
      });
      const si = await provider.createSetupIntent(customerId, `seti-${userId}`);
      const confirmed = await provider.confirmSetupIntent(si.clientSecret, {
        number,
        expMonth: 12,
        expYear: 2030,
        cvc: '123',
      });
      if (confirmed.status === 'requires_action')
        await provider.authenticateSetupIntent(si.clientSecret, true);
      await provider.finishSetupIntent(customerId, si.id);
      return customerId;
    };
    const advance = async (ms: number) => {
      clock.advance(ms);
      await provider.runDue();
    };
    return { provider, clock, deliveries, eventTypes, customerWithCard, advance, db: database.handle.db };
  };
}
