import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../test/harness.ts';
import type { SandboxDatabase } from './tables.ts';
import { useSandbox } from './sandbox.test-support.ts';

/** RESEARCH-ACCOUNT-PAYMENTS §1.3 point 4: a replayed purchase never charges twice. */
describe.each(DIALECTS)('sandbox idempotency keys (%s)', (dialect) => {
  const open = useSandbox(dialect);

  async function invoiceCount(db: Awaited<ReturnType<ReturnType<typeof useSandbox>>>['db']) {
    const rows = await db
      .$extendTables<SandboxDatabase>()
      .selectFrom('sandbox_invoices')
      .select('id')
      .execute();
    return rows.length;
  }

  it('the same key and arguments return the same result and charge once', async () => {
    const { provider, customerWithCard, db } = await open();
    const customerId = await customerWithCard('4242424242424242');
    const args = { customerId, priceId: 'price_100_monthly', key: 'purchase-1' };
    const first = await provider.createSubscription(args);
    expect(await provider.createSubscription(args)).toEqual(first);
    expect(await invoiceCount(db)).toBe(1);
    const change = {
      subscriptionId: first.subscriptionId,
      priceId: 'price_500_monthly',
      timing: 'now' as const,
      key: 'change-1',
    };
    const changed = await provider.changeSubscription(change);
    expect(await provider.changeSubscription(change)).toEqual(changed);
    expect(await invoiceCount(db)).toBe(2);
  });

  it('two concurrent calls with one key charge once and agree', async () => {
    const { provider, customerWithCard, db } = await open();
    const customerId = await customerWithCard('4242424242424242');
    const args = { customerId, priceId: 'price_100_monthly', key: 'purchase-2' };
    const [a, b] = await Promise.all([provider.createSubscription(args), provider.createSubscription(args)]);
    expect(a).toEqual(b);
    expect(a.status).toBe('active');
    expect(await invoiceCount(db)).toBe(1);
  });

  it('the same key with other arguments is refused and changes nothing', async () => {
    const { provider, customerWithCard, db } = await open();
    const customerId = await customerWithCard('4242424242424242');
    await provider.createSubscription({ customerId, priceId: 'price_100_monthly', key: 'purchase-3' });
    await expect(
      provider.createSubscription({ customerId, priceId: 'price_500_monthly', key: 'purchase-3' }),
    ).rejects.toMatchObject({ code: 'idempotency_key_reused' });
    expect((await provider.fetchCustomerState(customerId)).subscription?.priceId).toBe('price_100_monthly');
    expect(await invoiceCount(db)).toBe(1);
  });
});
