import type { WorkHandler } from '../../queue/work-queue.ts';
import type { Repositories } from '../repositories.ts';

/** Work item of the billing reconcile (issue #25). */
export const BILLING_RECONCILE_KIND = 'billing_reconcile';

/**
 * A lost webhook must not leave storage wrong: the sweep runs what fell due at the sandbox
 * (renewals, trial ends, the end of a grace period) and re-syncs every customer whose
 * subscription may still change by itself (BillingRuntime.reconcile).
 */
export function billingReconcileHandler(reconcile: () => Promise<unknown>): WorkHandler {
  return async () => {
    await reconcile();
  };
}

/** Queues a reconcile unless one is waiting or running already (several workers may ask). */
export async function scheduleBillingReconcile(
  repos: Pick<Repositories, 'workItems'>,
  now: number,
): Promise<boolean> {
  if ((await repos.workItems.countQueued(BILLING_RECONCILE_KIND)) > 0) return false;
  await repos.workItems.enqueue({ kind: BILLING_RECONCILE_KIND, payload: {}, now });
  return true;
}
