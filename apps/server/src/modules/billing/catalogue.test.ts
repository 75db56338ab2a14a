import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { offeredSizes } from '@trove/contract';
import { DEFAULT_PLANS_FILE } from '../../config.ts';
import { CatalogueError, loadPlanCatalogue, planById } from './catalogue.ts';

function write(content: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'plans-')), 'plans.json');
  writeFileSync(file, content);
  return file;
}

describe('plan catalogue', () => {
  it('ships a catalogue that offers every size in both periods for both brands', () => {
    const c = loadPlanCatalogue(DEFAULT_PLANS_FILE);
    for (const brand of ['intl', 'no'] as const) {
      const plans = c.plans.filter((p) => p.brand === brand);
      expect(plans.length).toBeGreaterThan(0);
      expect(offeredSizes(plans)).toHaveLength(plans.length / 2);
    }
    expect(planById(c, 'no-100gb-monthly')?.price).toBe(2900);
  });

  it('names the file and every problem', () => {
    const file = write(
      JSON.stringify({
        trial_months: -1,
        plans: [
          { id: 'a', brand: 'no', size_gb: 0, period: 'monthly', price: 1, currency: 'NOK' },
          { id: 'a', brand: 'no', size_gb: 1, period: 'weekly', price: 1, currency: 'nok' },
        ],
      }),
    );
    expect(() => loadPlanCatalogue(file)).toThrow(CatalogueError);
    expect(() => loadPlanCatalogue(file)).toThrow(
      /trial_months[\s\S]*plans\.0\.size_gb[\s\S]*plans\.1\.period/,
    );
  });

  it('refuses duplicate ids, mixed currencies in a brand and broken JSON', () => {
    const plan = { brand: 'no', size_gb: 1, period: 'monthly', price: 1, currency: 'NOK' };
    expect(() =>
      loadPlanCatalogue(
        write(
          JSON.stringify({
            trial_months: 0,
            plans: [
              { ...plan, id: 'a' },
              { ...plan, id: 'a' },
            ],
          }),
        ),
      ),
    ).toThrow(/unique/);
    expect(() =>
      loadPlanCatalogue(
        write(
          JSON.stringify({
            trial_months: 0,
            plans: [
              { ...plan, id: 'a' },
              { ...plan, id: 'b', currency: 'EUR' },
            ],
          }),
        ),
      ),
    ).toThrow(/one currency/);
    expect(() => loadPlanCatalogue(write('{'))).toThrow(/plans\.json/);
  });
});
