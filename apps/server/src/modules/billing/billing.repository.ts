import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { BillingSubscriptionsTable } from '../../db/schema-billing.ts';
import type { GrantRow } from './grants.repository.ts';

export type BillingSubscriptionRow = Selectable<BillingSubscriptionsTable>;

/** A card as stored (brand, last four, expiry; spec 001 §3 paymentInfo). */
export interface StoredCard {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

/**
 * The billing module's tables (migration 0026): customers, the synced snapshot, webhook events
 * seen, purchase requests by idempotency key, settings. The snapshot and the `stripe` grant are
 * written by the sync alone (billing.sync.ts), in one transaction with users.max_space.
 */
export function createBillingRepository(db: Kysely<Database>) {
  const repo = {
    async customerOf(userId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('billing_customers')
        .select('customer_id')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.customer_id;
    },

    async userOfCustomer(customerId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('billing_customers')
        .select('user_id')
        .where('customer_id', '=', customerId)
        .executeTakeFirst();
      return row?.user_id;
    },

    /** Links a customer to a user; a second link of the same user keeps the first. */
    async linkCustomer(userId: string, customerId: string, provider: string, now: number): Promise<string> {
      await db
        .insertInto('billing_customers')
        .values({ user_id: userId, customer_id: customerId, provider, created_at: now })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
      return (await repo.customerOf(userId)) ?? customerId;
    },

    /** What the plan rules and customer creation read of the account. */
    async accountOf(userId: string) {
      return db
        .selectFrom('users')
        .select(['email', 'name', 'used_space', 'max_space', 'deletion_requested_at'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    /**
     * Lifts billing's read-only once what is stored fits the maximum again (storage given by
     * the operator): never sets it, which only the sync does (billing.sync.ts).
     */
    async liftBillingReadOnlyIfFits(userId: string, baseQuotaBytes: number): Promise<void> {
      await db
        .updateTable('users')
        .set((eb) => ({ billing_read_only: 0, is_read_only: eb.ref('operator_read_only') }))
        .where('id', '=', userId)
        .where('billing_read_only', '=', 1)
        .where((eb) => eb('used_space', '<=', eb.fn.coalesce('max_space', eb.val(baseQuotaBytes))))
        .execute();
    },

    /** Billing's read-only flag; users.is_read_only is it or the operator's (migration 0026). */
    async setBillingReadOnly(userId: string, readOnly: boolean): Promise<void> {
      const flag = readOnly ? 1 : 0;
      await db
        .updateTable('users')
        .set((eb) => ({
          billing_read_only: flag,
          is_read_only: flag === 1 ? 1 : eb.ref('operator_read_only'),
        }))
        .where('id', '=', userId)
        .execute();
    },

    async subscriptionOf(userId: string): Promise<BillingSubscriptionRow | undefined> {
      return db
        .selectFrom('billing_subscriptions')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    async cardOf(userId: string): Promise<StoredCard | undefined> {
      return db
        .selectFrom('billing_payment_methods')
        .select(['brand', 'last4', 'exp_month', 'exp_year'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    async putSubscription(row: BillingSubscriptionRow): Promise<void> {
      const { user_id: _userId, ...rest } = row;
      await db
        .insertInto('billing_subscriptions')
        .values(row)
        .onConflict((oc) => oc.column('user_id').doUpdateSet(rest))
        .execute();
    },

    async deleteSubscription(userId: string): Promise<void> {
      await db.deleteFrom('billing_subscriptions').where('user_id', '=', userId).execute();
    },

    async putCard(userId: string, card: StoredCard | null, now: number): Promise<void> {
      if (card === null) {
        await db.deleteFrom('billing_payment_methods').where('user_id', '=', userId).execute();
        return;
      }
      await db
        .insertInto('billing_payment_methods')
        .values({ user_id: userId, ...card, synced_at: now })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...card, synced_at: now }))
        .execute();
    },

    /** Records a webhook event; false when it was seen before (a replay or a retry). */
    async recordEvent(
      e: { id: string; type: string; customerId: string | null },
      now: number,
    ): Promise<boolean> {
      const result = await db
        .insertInto('billing_events')
        .values({ event_id: e.id, type: e.type, customer_id: e.customerId, received_at: now })
        .onConflict((oc) => oc.column('event_id').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** Forgets an event whose handling failed, so its retry is handled. */
    async forgetEvent(id: string): Promise<void> {
      await db.deleteFrom('billing_events').where('event_id', '=', id).execute();
    },

    /** The user's live grants of source `stripe` (at most one, but a sync cleans up any). */
    async stripeGrants(userId: string): Promise<GrantRow[]> {
      return db
        .selectFrom('grants')
        .selectAll()
        .where('user_id', '=', userId)
        .where('source', '=', 'stripe')
        .where('ended_at', 'is', null)
        .execute();
    },

    /** Writes the grant of a subscription (its id is derived from the subscription's). */
    async putGrant(row: GrantRow): Promise<void> {
      const { id: _id, user_id: _userId, created_at: _createdAt, created_by: _createdBy, ...rest } = row;
      await db
        .insertInto('grants')
        .values(row)
        .onConflict((oc) => oc.column('id').doUpdateSet(rest))
        .execute();
    },

    async endGrant(id: string, now: number): Promise<void> {
      await db
        .updateTable('grants')
        .set({ ended_at: now })
        .where('id', '=', id)
        .where('ended_at', 'is', null)
        .execute();
    },

    /**
     * Claims an idempotency key for a request; the stored row when the key was claimed
     * before (its response is null while that request still runs).
     */
    async claimRequest(
      userId: string,
      key: string,
      requestHash: string,
      now: number,
    ): Promise<{ request_hash: string; response: string | null } | undefined> {
      const inserted = await db
        .insertInto('billing_requests')
        .values({
          user_id: userId,
          idempotency_key: key,
          request_hash: requestHash,
          response: null,
          created_at: now,
        })
        .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return undefined;
      return db
        .selectFrom('billing_requests')
        .select(['request_hash', 'response'])
        .where('user_id', '=', userId)
        .where('idempotency_key', '=', key)
        .executeTakeFirstOrThrow();
    },

    async completeRequest(userId: string, key: string, response: string): Promise<void> {
      await db
        .updateTable('billing_requests')
        .set({ response })
        .where('user_id', '=', userId)
        .where('idempotency_key', '=', key)
        .execute();
    },

    /** Drops a claim whose request failed, so the key may be tried again. */
    async releaseRequest(userId: string, key: string): Promise<void> {
      await db
        .deleteFrom('billing_requests')
        .where('user_id', '=', userId)
        .where('idempotency_key', '=', key)
        .where('response', 'is', null)
        .execute();
    },

    /** Every billing row of a user (account deletion, the test route); the grant is the sync's. */
    async deleteUserData(userId: string): Promise<void> {
      for (const table of [
        'billing_subscriptions',
        'billing_payment_methods',
        'billing_requests',
        'billing_customers',
      ] as const)
        await db.deleteFrom(table).where('user_id', '=', userId).execute();
    },

    /** Customers whose state may still change by itself (the reconcile sweep). */
    async customersWithLiveSubscriptions(): Promise<string[]> {
      const rows = await db
        .selectFrom('billing_subscriptions')
        .innerJoin('billing_customers', 'billing_customers.user_id', 'billing_subscriptions.user_id')
        .select('billing_customers.customer_id')
        .innerJoin('users', 'users.id', 'billing_subscriptions.user_id')
        .where((eb) =>
          eb.or([
            eb('billing_subscriptions.status', 'in', ['trialing', 'active', 'past_due', 'incomplete']),
            // Read-only for billing: cleared by the sync once usage is back under the quota.
            eb('users.billing_read_only', '=', 1),
          ]),
        )
        .execute();
      return rows.map((r) => r.customer_id);
    },

    async setting(key: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('billing_settings')
        .select('value')
        .where('key', '=', key)
        .executeTakeFirst();
      return row?.value;
    },

    /** Stores `value` unless the key has one; the stored value either way (first writer wins). */
    async settingOnce(key: string, value: string): Promise<string> {
      await db
        .insertInto('billing_settings')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      return (await repo.setting(key)) ?? value;
    },

    async putSetting(key: string, value: string): Promise<void> {
      await db
        .insertInto('billing_settings')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
    },
  };
  return repo;
}
export type BillingRepository = ReturnType<typeof createBillingRepository>;
