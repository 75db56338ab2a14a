/**
 * What account deletion asks of billing (issue #24; plans and payments are issue #18).
 * Deleting an account that keeps being charged is the first pitfall of peers' trackers
 * (RESEARCH-ACCOUNT-PAYMENTS §2.7: notesnook, Cap-go, FxA), so the deletion job calls this
 * as its first stage, once the grace period is over (a restore before then keeps the
 * subscription), and goes no further until it succeeds: an error is the stage's error,
 * retried with the job and shown to the operator (`trove admin deletions`).
 *
 * The billing module's (billing.runtime.ts, registered by worker.ts) cancels the subscription
 * at once, without a renewal or a cancellation e-mail that would reach an account being
 * removed, deletes the customer at the provider, and removes the billing rows and the grant.
 * It is idempotent: a job resumed after a crash calls it again.
 */
export interface BillingHook {
  cancelForDeletion(userId: string): Promise<void>;
}

/** No plans, no payments, nothing to cancel (tests of the deletion job alone). */
export const NO_BILLING: BillingHook = {
  cancelForDeletion: () => Promise.resolve(),
};
