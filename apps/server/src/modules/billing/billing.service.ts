import type {
  CreateCustomerBody,
  CustomerExistsResponse,
  SetupIntentResponse,
  StripeConfigResponse,
  StripePaymentMethod,
  StripeProductsResponse,
  StripeSubscriptionsResponse,
} from '@trove/contract';
import type { AccountAccess } from '../../access/account-access.ts';
import type { SignedInCaller } from '../../access/caller.ts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import type { Payments } from '../../payments/create-provider.ts';
import { PaymentProviderError } from '../../payments/provider.ts';
import type { Repositories, Transact } from '../repositories.ts';
import { toProduct, toSubscriptionInfo, viaProvider } from './billing.mapping.ts';
import type { SyncCustomer } from './billing.sync.ts';
import { LIVE_STATUSES, writeBillingState } from './billing.sync.ts';
import { isAppOnlyIn, type PlanCatalogue } from './catalogue.ts';

/** Where a request came from, as the plan rules need it (spec 001 §1 brands). */
export interface BillingContext {
  brand: 'intl' | 'no';
  /** The caller's country (ISO 3166 alpha-2) from REGION_HEADER, or null when unknown. */
  region: string | null;
}

export interface BillingDeps {
  payments: Payments | null;
  repos: Pick<Repositories, 'billing'>;
  transact: Transact;
  access: Pick<AccountAccess, 'require'>;
  catalogue: PlanCatalogue;
  sync: SyncCustomer | null;
  baseQuotaBytes: number;
  now: () => number;
}

/**
 * The card and plan calls of spec 001 §7 (issue #25) but the purchase (billing.purchase.ts):
 * each asks account access first, then reads the synced snapshot or asks the provider and
 * syncs before answering, so what it answers is what the next read sees.
 */
export function createBillingService(deps: BillingDeps) {
  const { repos, access, catalogue } = deps;

  /** The provider, or not found: with BILLING=off nothing is sold (spec 001 §1 self-hosting). */
  const provider = async () => {
    if (deps.payments === null) throw new NotFoundError('Plans are not sold on this server');
    await deps.payments.clock?.refresh();
    return deps.payments.provider;
  };
  const customerOf = async (caller: SignedInCaller): Promise<string> => {
    const customerId = await repos.billing.customerOf(caller.userId);
    if (customerId === undefined) throw new NotFoundError('No customer');
    return customerId;
  };
  const sync = async (customerId: string) => {
    if (deps.sync !== null) await deps.sync(customerId);
  };

  async function subscriptions(caller: SignedInCaller): Promise<StripeSubscriptionsResponse> {
    await access.require(caller, 'manageBilling');
    const row = await repos.billing.subscriptionOf(caller.userId);
    if (row === undefined || row.ended_at !== null || row.status === 'canceled') return { subscriptions: [] };
    return { subscriptions: [toSubscriptionInfo(row, catalogue)] };
  }

  return {
    /** GET /stripe/config: which card provider the web loads (spec 001 §9). */
    async config(caller: SignedInCaller): Promise<StripeConfigResponse> {
      await access.require(caller, 'manageBilling');
      const p = deps.payments?.provider;
      if (p === undefined) return { provider: 'off', publishable_key: '', test_mode: false };
      return {
        provider: p.kind,
        publishable_key: p.publishableKey,
        test_mode: p.kind === 'sandbox' || p.publishableKey.startsWith('pk_test_'),
      };
    },

    /**
     * GET /stripe_products: the caller's brand's plans on sale; a trial only for a first
     * subscription (spec 001 §1, §3). Plans sold only in the app in some regions are listed:
     * the server does not know the caller's region (docs/SPEC-DEVIATIONS.md).
     */
    async products(caller: SignedInCaller, context: BillingContext): Promise<StripeProductsResponse> {
      await access.require(caller, 'manageBilling');
      if (deps.payments === null) return { products: [], trial_months: 0 };
      const products = catalogue.plans
        .filter((p) => p.on_sale && p.brand === context.brand)
        .map((p) => (isAppOnlyIn(p, context.region) ? { ...toProduct(p), app_only: true } : toProduct(p)));
      const first = (await repos.billing.subscriptionOf(caller.userId)) === undefined;
      return { products, trial_months: first ? catalogue.trial_months : 0 };
    },

    /** GET /stripe_payment_method: the card, or not found when there is none (spec 001 §7). */
    async paymentMethod(caller: SignedInCaller): Promise<StripePaymentMethod> {
      await access.require(caller, 'manageBilling');
      const card = await repos.billing.cardOf(caller.userId);
      if (card === undefined) throw new NotFoundError('No card');
      return card;
    },

    async deletePaymentMethod(caller: SignedInCaller): Promise<{ ok: true }> {
      await access.require(caller, 'manageBilling');
      const p = await provider();
      const customerId = await customerOf(caller);
      await viaProvider(() => p.detachCard(customerId));
      await sync(customerId);
      return { ok: true };
    },

    /** GET /stripe/customer_exists: 200, 404 (create one), 409 while the account is being deleted. */
    async customerExists(caller: SignedInCaller): Promise<CustomerExistsResponse> {
      await access.require(caller, 'manageBilling');
      const account = await repos.billing.accountOf(caller.userId);
      if (account?.deletion_requested_at != null) throw new ConflictError('The account is being deleted');
      await customerOf(caller);
      return { exists: true };
    },

    /** POST /stripe/create_customer: one customer per account, however often asked. */
    async createCustomer(caller: SignedInCaller, body: CreateCustomerBody): Promise<CustomerExistsResponse> {
      await access.require(caller, 'manageBilling');
      const p = await provider();
      const account = await repos.billing.accountOf(caller.userId);
      if (account?.deletion_requested_at != null) throw new ConflictError('The account is being deleted');
      if ((await repos.billing.customerOf(caller.userId)) !== undefined) return { exists: true };
      const { customerId } = await viaProvider(() =>
        p.ensureCustomer({ userId: caller.userId, email: body.email, name: body.name }),
      );
      await repos.billing.linkCustomer(caller.userId, customerId, p.kind, deps.now());
      return { exists: true };
    },

    async createSetupIntent(caller: SignedInCaller, key: string): Promise<SetupIntentResponse> {
      await access.require(caller, 'manageBilling');
      const p = await provider();
      const customerId = await customerOf(caller);
      const intent = await viaProvider(() => p.createSetupIntent(customerId, `${caller.userId}:seti:${key}`));
      return { client_secret: intent.clientSecret, id: intent.id };
    },

    /** POST /stripe/finish_setup_intent: the confirmed card becomes the customer's default. */
    async finishSetupIntent(caller: SignedInCaller, setupIntentId: string): Promise<StripePaymentMethod> {
      await access.require(caller, 'manageBilling');
      const p = await provider();
      const customerId = await customerOf(caller);
      const card = await viaProvider(() => p.finishSetupIntent(customerId, setupIntentId));
      await sync(customerId);
      return { brand: card.brand, last4: card.last4, exp_month: card.expMonth, exp_year: card.expYear };
    },

    /** GET /stripe/subscriptions: the subscription that has not ended, if any (spec 001 §7). */
    subscriptions,

    /**
     * Cancel at the period end (true) or reactivate (false); the grant's `_links` point here
     * (spec 001 §3, §4: storage remains until the expiry date). Another's subscription is 404.
     */
    async setCanceled(
      caller: SignedInCaller,
      subscriptionId: string,
      cancel: boolean,
    ): Promise<StripeSubscriptionsResponse> {
      await access.require(caller, 'manageBilling');
      const p = await provider();
      const { customerId } = await ownSubscription(caller, subscriptionId);
      await viaProvider(() => p.setCancelAtPeriodEnd(subscriptionId, cancel));
      await sync(customerId);
      return subscriptions(caller);
    },

    /** Cancel upcoming: the scheduled change is dropped, the current plan stays (spec 001 §4). */
    async cancelUpcoming(
      caller: SignedInCaller,
      subscriptionId: string,
    ): Promise<StripeSubscriptionsResponse> {
      await access.require(caller, 'manageBilling');
      const p = await provider();
      const { customerId } = await ownSubscription(caller, subscriptionId);
      await viaProvider(() => p.releaseScheduledChange(subscriptionId));
      await sync(customerId);
      return subscriptions(caller);
    },

    /**
     * Test only (spec 001 §7 POST /test/delete_stripe_data): the caller's billing ends and is
     * forgotten, at the provider and here, with the storage it gave.
     */
    async deleteBillingData(caller: SignedInCaller): Promise<{ ok: true }> {
      await access.require(caller, 'manageBilling');
      await forgetCustomer(deps, caller.userId);
      return { ok: true };
    },
  };

  async function ownSubscription(caller: SignedInCaller, subscriptionId: string) {
    const row = await repos.billing.subscriptionOf(caller.userId);
    const customerId = await repos.billing.customerOf(caller.userId);
    if (
      row?.subscription_id !== subscriptionId ||
      customerId === undefined ||
      !LIVE_STATUSES.includes(row.status)
    )
      throw new NotFoundError();
    return { row, customerId };
  }
}
export type BillingService = ReturnType<typeof createBillingService>;

/**
 * Ends a user's billing at once and removes it (account deletion, the test route): the
 * provider cancels and deletes the customer (a customer already gone is fine: idempotent),
 * then the billing rows and the `stripe` grant go in one transaction with max_space.
 */
export async function forgetCustomer(
  deps: Pick<BillingDeps, 'payments' | 'repos' | 'transact' | 'catalogue' | 'baseQuotaBytes' | 'now'>,
  userId: string,
): Promise<void> {
  const customerId = await deps.repos.billing.customerOf(userId);
  if (customerId !== undefined && deps.payments !== null) {
    await deps.payments.clock?.refresh();
    try {
      await deps.payments.provider.cancelNowAndDeleteCustomer(customerId);
    } catch (error) {
      if (!(error instanceof PaymentProviderError && error.code === 'no_such_object')) throw error;
    }
  }
  await deps.transact(async (repos) => {
    await writeBillingState(repos, {
      userId,
      state: null,
      catalogue: deps.catalogue,
      baseQuotaBytes: deps.baseQuotaBytes,
      now: deps.now(),
    });
    await repos.billing.deleteUserData(userId);
  });
}
