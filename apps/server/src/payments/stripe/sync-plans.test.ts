import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { syncPlansCommand } from '../../admin/sync-plans-cli.ts';
import { loadConfig } from '../../config.ts';
import {
  fixture,
  startStripeFake,
  type RecordedRequest,
  type StripeFake,
  TEST_SECRET_KEY,
} from './stripe-fake.test-support.ts';

/**
 * `trove admin sync-plans` against a small stateful Stripe on the loopback server: products by
 * id, prices by lookup key, `transfer_lookup_key` moving a key to a new price.
 */

let fake: StripeFake;
let products: Map<string, Record<string, unknown>>;
let prices: Record<string, unknown>[];
beforeEach(async () => {
  fake = await startStripeFake();
  products = new Map();
  prices = [];
  const missing = (id: string) => ({
    status: 404,
    body: {
      error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such product: '${id}'` },
    },
  });
  fake.on(
    {
      method: 'GET',
      path: /^\/v1\/products\/[^/]+$/,
      handle: (r) => {
        const id = decodeURIComponent(r.path.split('/')[3] ?? '');
        const product = products.get(id);
        return product === undefined ? missing(id) : { body: product };
      },
    },
    {
      method: 'POST',
      path: '/v1/products',
      handle: (r) => {
        const id = r.form.id ?? '';
        const product = { ...fixture('product'), id, name: r.form.name, metadata: metadataOf(r) };
        products.set(id, product);
        return { body: product };
      },
    },
    {
      method: 'GET',
      path: '/v1/prices',
      handle: (r) => ({
        body: {
          object: 'list',
          data: prices.filter((p) => p.lookup_key === r.query['lookup_keys[0]']),
          has_more: false,
          url: '/v1/prices',
        },
      }),
    },
    {
      method: 'POST',
      path: '/v1/prices',
      handle: (r) => {
        if (r.form.transfer_lookup_key === 'true')
          for (const p of prices) if (p.lookup_key === r.form.lookup_key) p.lookup_key = null;
        const price = {
          ...fixture('price'),
          id: `price_${String(prices.length + 1)}`,
          product: r.form.product,
          unit_amount: Number(r.form.unit_amount),
          unit_amount_decimal: r.form.unit_amount,
          currency: r.form.currency,
          lookup_key: r.form.lookup_key,
          nickname: r.form.nickname,
          metadata: metadataOf(r),
          recurring: {
            interval: r.form['recurring[interval]'],
            interval_count: Number(r.form['recurring[interval_count]']),
            meter: null,
            trial_period_days: null,
            usage_type: 'licensed',
          },
        };
        prices.push(price);
        return { body: price };
      },
    },
    {
      method: 'POST',
      path: /^\/v1\/prices\/[^/]+$/,
      handle: (r) => {
        const price = prices.find((p) => p.id === r.path.split('/')[3]);
        if (price === undefined) return missing('price');
        price.active = r.form.active === 'true';
        return { body: price };
      },
    },
  );
});
afterEach(async () => {
  await fake.close();
});

function metadataOf(r: RecordedRequest): Record<string, string> {
  return Object.fromEntries(
    Object.entries(r.form)
      .filter(([k]) => k.startsWith('metadata['))
      .map(([k, v]) => [k.slice('metadata['.length, -1), v]),
  );
}

const dir = mkdtempSync(path.join(tmpdir(), 'trove-sync-plans-'));
function catalogue(monthly: number): string {
  const file = path.join(dir, `plans-${String(monthly)}.json`);
  const plan = { brand: 'no', size_gb: 100, currency: 'NOK' };
  writeFileSync(
    file,
    JSON.stringify({
      trial_months: 1,
      plans: [
        { ...plan, id: 'no-100gb-monthly', period: 'monthly', price: monthly },
        { ...plan, id: 'no-100gb-yearly', period: 'yearly', price: 29000 },
      ],
    }),
  );
  return file;
}

async function run(
  plansFile: string,
  billing = 'stripe',
): Promise<{ code: number; out: string[]; err: string[] }> {
  const config = loadConfig({
    BILLING: billing,
    PLANS_FILE: plansFile,
    STRIPE_SECRET_KEY: TEST_SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_51TroveFakeKey',
    STRIPE_WEBHOOK_SECRET: 'whsec_trove',
  });
  const out: string[] = [];
  const err: string[] = [];
  const code = await syncPlansCommand(
    config,
    { out: (l) => out.push(l), err: (l) => err.push(l) },
    {
      secretKey: TEST_SECRET_KEY,
      publishableKey: 'pk_test_51TroveFakeKey',
      webhookSecret: 'whsec_trove',
      api: { host: '127.0.0.1', port: fake.port, protocol: 'http' },
      maxNetworkRetries: 0,
    },
  );
  return { code, out, err };
}

describe('trove admin sync-plans', () => {
  it('creates one product per brand and size and one price per plan keyed by the plan id; a second run changes nothing', async () => {
    const first = await run(catalogue(2900));
    expect(first.code).toBe(0);
    expect(fake.sent('POST', '/v1/products').map((r) => r.form)).toEqual([
      {
        id: 'trove-no-100gb',
        name: 'Trove 100 GB (no)',
        'metadata[trove_brand]': 'no',
        'metadata[trove_size_gb]': '100',
      },
    ]);
    const created = fake.sent('POST', '/v1/prices');
    expect(created.map((r) => r.form)).toEqual([
      {
        product: 'trove-no-100gb',
        unit_amount: '2900',
        currency: 'nok',
        'recurring[interval]': 'month',
        'recurring[interval_count]': '1',
        lookup_key: 'no-100gb-monthly',
        'metadata[trove_plan]': 'no-100gb-monthly',
        nickname: 'no-100gb-monthly',
      },
      expect.objectContaining({
        unit_amount: '29000',
        'recurring[interval]': 'year',
        lookup_key: 'no-100gb-yearly',
      }),
    ]);
    expect(created[0]?.headers['idempotency-key']).toBe(
      'trove:sync:no-100gb-monthly:new:2900:nok:month:trove-no-100gb',
    );
    expect(first.out.at(-1)).toBe('admin: 2 plans, 2 changed in Stripe');

    const writes = () => fake.requests.filter((r) => r.method !== 'GET').length;
    const before = writes();
    const second = await run(catalogue(2900));
    expect(second.out.at(-1)).toBe('admin: 2 plans, 0 changed in Stripe');
    expect(writes()).toBe(before);
  });

  it('a changed amount gets a new price that takes over the lookup key; the old one is archived', async () => {
    await run(catalogue(2900));
    const changed = await run(catalogue(3900));
    expect(changed.out[0]).toBe(
      'no-100gb-monthly\treplaced\tprice_3\t3900 NOK per month (was 2900 NOK, price_1 archived)',
    );
    expect(fake.sent('POST', '/v1/prices').at(-1)?.form).toMatchObject({
      unit_amount: '3900',
      lookup_key: 'no-100gb-monthly',
      transfer_lookup_key: 'true',
    });
    expect(fake.sent('POST', '/v1/prices/price_1').map((r) => r.form)).toEqual([{ active: 'false' }]);
    expect(prices.find((p) => p.id === 'price_1')).toMatchObject({ active: false, lookup_key: null });
    expect((await run(catalogue(3900))).out.at(-1)).toBe('admin: 2 plans, 0 changed in Stripe');
  });

  it('refuses an instance without Stripe', async () => {
    const result = await run(catalogue(2900), 'sandbox');
    expect(result).toMatchObject({
      code: 2,
      err: ['admin: sync-plans needs BILLING=stripe (this instance runs BILLING=sandbox)'],
    });
    expect(fake.requests).toHaveLength(0);
  });
});
