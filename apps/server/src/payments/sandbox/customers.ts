import type { Kysely } from 'kysely';
import { PaymentProviderError, type CardView } from '../provider.ts';
import { type CardInput, readTestCard } from './cards.ts';
import { newId, setupIntentObject } from './events.ts';
import type { SandboxDb } from './ledger.ts';
import { SandboxCore } from './core.ts';

/**
 * Customers and cards of the sandbox (RESEARCH-ACCOUNT-PAYMENTS §1.3 points 2 and 3): a
 * SetupIntent, the card element's confirmation with a Stripe test card, 3-D Secure where the
 * card asks for it, and the card made the customer's default.
 */
export abstract class SandboxCustomers extends SandboxCore {
  async ensureCustomer(u: { userId: string; email: string; name: string }): Promise<{ customerId: string }> {
    return this.tx(async (trx, emit) => {
      const existing = await trx
        .selectFrom('sandbox_customers')
        .select(['id', 'deleted_at'])
        .where('user_id', '=', u.userId)
        .executeTakeFirst();
      if (existing !== undefined && existing.deleted_at !== null) {
        // A user whose customer was deleted (POST /test/delete_stripe_data) starts afresh. Stripe
        // would make a new id; the sandbox keys customers by user, so the id comes back empty:
        // no card, no credit, and none of the subscriptions (all ended at the deletion) that
        // would make the next one look like a second (no trial).
        await trx.deleteFrom('sandbox_invoices').where('customer_id', '=', existing.id).execute();
        await trx.deleteFrom('sandbox_subscriptions').where('customer_id', '=', existing.id).execute();
        await trx
          .updateTable('sandbox_customers')
          .set({ deleted_at: null, balance: 0, default_payment_method: null, email: u.email, name: u.name })
          .where('id', '=', existing.id)
          .execute();
        await emit(
          'customer.created',
          { id: existing.id, object: 'customer', email: u.email, metadata: { userId: u.userId } },
          existing.id,
        );
        return { customerId: existing.id };
      }
      if (existing !== undefined) return { customerId: existing.id };
      const id = newId('cus');
      const inserted = await trx
        .insertInto('sandbox_customers')
        .values({
          id,
          user_id: u.userId,
          email: u.email,
          name: u.name,
          balance: 0,
          default_payment_method: null,
          deleted_at: null,
          created_at: this.options.now(),
        })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) {
        // A concurrent call created it first.
        const row = await trx
          .selectFrom('sandbox_customers')
          .select('id')
          .where('user_id', '=', u.userId)
          .executeTakeFirstOrThrow();
        return { customerId: row.id };
      }
      await emit(
        'customer.created',
        { id, object: 'customer', email: u.email, metadata: { userId: u.userId } },
        id,
      );
      return { customerId: id };
    });
  }

  async createSetupIntent(customerId: string, key: string): Promise<{ id: string; clientSecret: string }> {
    return this.idempotent(key, ['createSetupIntent', customerId], async (trx) => {
      await this.customer(trx, customerId);
      const id = newId('seti');
      const clientSecret = `${id}_secret_${newId('s')}`;
      await trx
        .insertInto('sandbox_setup_intents')
        .values({
          id,
          customer_id: customerId,
          client_secret: clientSecret,
          status: 'requires_payment_method',
          payment_method_id: null,
          created_at: this.options.now(),
        })
        .execute();
      return { id, clientSecret };
    });
  }

  /**
   * What the card element's `confirmSetup` does: reads the typed test card and attaches it.
   * Throws the card's decline; 4000 0025 0000 3155 and …3184 first ask for 3-D Secure.
   */
  async confirmSetupIntent(
    clientSecret: string,
    card: CardInput,
  ): Promise<{ status: 'succeeded' | 'requires_action' }> {
    const read = readTestCard(card, this.options.now());
    return this.tx(async (trx, emit) => {
      const si = await this.setupIntentBySecret(trx, clientSecret);
      if (si.status === 'succeeded')
        throw new PaymentProviderError('invalid_request', 'This SetupIntent has already succeeded.');
      const pmId = newId('pm');
      await trx
        .insertInto('sandbox_payment_methods')
        .values({
          id: pmId,
          customer_id: si.customer_id,
          brand: read.brand,
          last4: read.last4,
          exp_month: card.expMonth,
          exp_year: card.expYear,
          behaviour: read.behaviour,
          created_at: this.options.now(),
        })
        .execute();
      const status =
        read.behaviour === 'setup_3ds' || read.behaviour === 'always_3ds' ? 'requires_action' : 'succeeded';
      const updated = { ...si, status, payment_method_id: pmId } as const;
      await trx
        .updateTable('sandbox_setup_intents')
        .set({ status, payment_method_id: pmId })
        .where('id', '=', si.id)
        .execute();
      if (status === 'succeeded')
        await emit('setup_intent.succeeded', setupIntentObject(updated), si.customer_id);
      return { status };
    });
  }

  /** The sandbox's 3-D Secure page for a setup: "Complete" or "Fail" authentication. */
  async authenticateSetupIntent(
    clientSecret: string,
    complete: boolean,
  ): Promise<{ status: 'succeeded' | 'requires_payment_method' }> {
    return this.tx(async (trx, emit) => {
      const si = await this.setupIntentBySecret(trx, clientSecret);
      if (si.status !== 'requires_action')
        throw new PaymentProviderError('invalid_request', 'This SetupIntent needs no authentication.');
      const next = complete
        ? { status: 'succeeded' as const, payment_method_id: si.payment_method_id }
        : { status: 'requires_payment_method' as const, payment_method_id: null };
      await trx.updateTable('sandbox_setup_intents').set(next).where('id', '=', si.id).execute();
      const type = complete ? 'setup_intent.succeeded' : 'setup_intent.setup_failed';
      await emit(type, setupIntentObject({ ...si, ...next }), si.customer_id);
      return { status: next.status };
    });
  }

  /** What the card element's `retrieveSetupIntent` reads: the intent behind a client secret. */
  async retrieveSetupIntent(clientSecret: string): Promise<{ id: string; status: string }> {
    const si = await this.setupIntentBySecret(this.db, clientSecret);
    return { id: si.id, status: si.status };
  }

  async finishSetupIntent(customerId: string, setupIntentId: string): Promise<CardView> {
    return this.tx(async (trx, emit) => {
      const si = await trx
        .selectFrom('sandbox_setup_intents')
        .selectAll()
        .where('id', '=', setupIntentId)
        .executeTakeFirst();
      if (si?.customer_id !== customerId)
        throw new PaymentProviderError('no_such_object', 'No such setup intent.');
      if (si.status !== 'succeeded' || si.payment_method_id === null)
        throw new PaymentProviderError('invalid_request', `The setup intent is ${si.status}.`);
      await trx
        .updateTable('sandbox_customers')
        .set({ default_payment_method: si.payment_method_id })
        .where('id', '=', customerId)
        .execute();
      await emit(
        'customer.updated',
        {
          id: customerId,
          object: 'customer',
          invoice_settings: { default_payment_method: si.payment_method_id },
        },
        customerId,
      );
      await this.retryPastDue(trx, emit, customerId);
      const pm = await trx
        .selectFrom('sandbox_payment_methods')
        .selectAll()
        .where('id', '=', si.payment_method_id)
        .executeTakeFirstOrThrow();
      return { brand: pm.brand, last4: pm.last4, expMonth: pm.exp_month, expYear: pm.exp_year };
    });
  }

  async detachCard(customerId: string): Promise<void> {
    await this.tx(async (trx, emit) => {
      const customer = await this.customer(trx, customerId);
      if (customer.default_payment_method === null) return;
      await trx
        .updateTable('sandbox_customers')
        .set({ default_payment_method: null })
        .where('id', '=', customerId)
        .execute();
      await trx
        .deleteFrom('sandbox_payment_methods')
        .where('id', '=', customer.default_payment_method)
        .execute();
      await emit(
        'customer.updated',
        { id: customerId, object: 'customer', invoice_settings: { default_payment_method: null } },
        customerId,
      );
    });
  }

  private async setupIntentBySecret(trx: Kysely<SandboxDb>, clientSecret: string) {
    const si = await trx
      .selectFrom('sandbox_setup_intents')
      .selectAll()
      .where('client_secret', '=', clientSecret)
      .executeTakeFirst();
    if (si === undefined) throw new PaymentProviderError('no_such_object', 'No such setup intent.');
    return si;
  }
}
