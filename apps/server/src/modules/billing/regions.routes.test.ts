import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeProductsResponse } from '@trove/contract';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness.ts';
import { BILLING_ENV, call, customerWithCard, purchase } from './billing.test-support.ts';
import { regionOf } from './billing.routes.ts';
import { DEFAULT_PLANS_FILE } from '../../config.ts';

/**
 * Plans sold only in the mobile app in some regions (spec 001 §1, §6; catalogue
 * `app_only_regions`): with REGION_HEADER set, such a plan is listed as app_only and its
 * purchase refused there (plan_not_offered) before the provider is asked; elsewhere, and
 * without a known region, the web sells it.
 */
const APP_ONLY = ['intl-100gb-monthly', 'intl-100gb-yearly'];

function catalogueWithAppOnly(dir: string): string {
  const shipped = JSON.parse(fs.readFileSync(DEFAULT_PLANS_FILE, 'utf8')) as {
    plans: { id: string; app_only_regions?: string[] }[];
  };
  for (const plan of shipped.plans) if (APP_ONLY.includes(plan.id)) plan.app_only_regions = ['DE'];
  const file = path.join(dir, 'plans.json');
  fs.writeFileSync(file, JSON.stringify(shipped));
  return file;
}

describe('the region header and regionOf', () => {
  it('reads a two-letter country, upper case, and nothing else', () => {
    expect(regionOf('de')).toBe('DE');
    expect(regionOf([' NO ', 'SE'])).toBe('NO');
    for (const junk of [undefined, '', 'XX', 'T1', 'DEU', 'd', '1A']) expect(regionOf(junk)).toBeNull();
  });
});

describe.each(DIALECTS)('plans sold only in the app in a region (%s)', (dialect) => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-regions-'));
    t = await createTestApp(dialect, {
      env: { ...BILLING_ENV, PLANS_FILE: catalogueWithAppOnly(dir), REGION_HEADER: 'CF-IPCountry' },
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('lists them as app_only in that region only (allow)', async () => {
    const s = await customerWithCard(t);
    const listed = async (country?: string) => {
      const response = await call(t, s, 'GET', '/stripe_products', {
        headers: country === undefined ? {} : { 'cf-ipcountry': country },
      });
      expect(response.statusCode).toBe(200);
      const { products } = response.json<StripeProductsResponse>();
      return products.filter((p) => p.app_only === true).map((p) => p.id);
    };
    expect(await listed('DE')).toEqual(APP_ONLY);
    expect(await listed('de')).toEqual(APP_ONLY);
    expect(await listed('NO')).toEqual([]);
    expect(await listed('XX')).toEqual([]);
    expect(await listed()).toEqual([]);
  });

  it('refuses their purchase there before the provider is asked, and sells them elsewhere (deny, allow)', async () => {
    const s = await customerWithCard(t);
    const refused = await call(t, s, 'POST', '/stripe/v1/purchase', {
      payload: { plan: 'intl-100gb-monthly' },
      headers: { 'idempotency-key': 'region-1', 'cf-ipcountry': 'DE' },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('plan_not_offered');
    expect((await call(t, s, 'GET', '/stripe/subscriptions')).json()).toEqual({ subscriptions: [] });
    // Another plan in the same region is sold; so is this one where it is not app-only.
    expect((await purchase(t, s, 'POST', 'intl-500gb-monthly')).statusCode).toBe(200);
    const elsewhere = await customerWithCard(t);
    expect((await purchase(t, elsewhere, 'POST', 'intl-100gb-monthly')).statusCode).toBe(200);
  });
});
