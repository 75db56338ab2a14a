import type { AdminGrant, AdminGrantBody, AdminStorage, AdminSubscription, AdminUser } from '@trove/contract';
import type { AccountAccess } from '../../access/account-access.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import { createGrantWrites } from '../billing/grants.service.ts';
import type { GrantRow } from '../billing/grants.repository.ts';
import type { Repositories, Transact } from '../repositories.ts';
import { requireOperator, type OperatorActor } from './actor.ts';

const toSeconds = (ms: number) => Math.floor(ms / 1000);
const seconds = (ms: number | null) => (ms === null ? null : toSeconds(ms));

/*
 * Issue #25's operator area: an account's storage, grants given and ended, and read-only, as
 * `trove admin grant|end-grant|read-only` do them, through the same writes
 * (createGrantWrites): each one transaction with its audit entry and the new max_space.
 */
export function createStorageAdminService(deps: {
  repos: Repositories;
  transact: Transact;
  access: AccountAccess;
  baseQuotaBytes: number;
  now: () => number;
  /** The account as the users list shows it (operator.service.ts). */
  account: (userId: string) => Promise<AdminUser>;
}) {
  const { repos, access, baseQuotaBytes, now, account } = deps;
  const writes = createGrantWrites({
    grants: repos.grants,
    transact: deps.transact,
    baseQuotaBytes,
    now,
  });

  const toAdminGrant = (row: GrantRow, at: number): AdminGrant => ({
    id: row.id,
    source: row.source as AdminGrant['source'],
    size: row.size_bytes / 2 ** 30,
    renews_at: seconds(row.renews_at),
    expires_at: seconds(row.expires_at),
    given_at: toSeconds(row.created_at),
    // An expired grant the sweep has not closed yet is over all the same.
    ended_at: seconds(
      row.ended_at ?? (row.expires_at !== null && row.expires_at <= at ? row.expires_at : null),
    ),
    live: row.ended_at === null && (row.expires_at === null || row.expires_at > at),
  });

  async function view(userId: string): Promise<AdminStorage> {
    const row = await repos.operator.findAccount(userId);
    if (!row) throw new NotFoundError();
    const user = await account(userId);
    const at = now();
    const [rows, subscription, card] = await Promise.all([
      repos.grants.listAll(userId),
      repos.billing.subscriptionOf(userId),
      repos.billing.cardOf(userId),
    ]);
    return {
      user,
      base_quota: baseQuotaBytes,
      space_override: row.space_override,
      // Newest first (listAll gives the oldest first).
      grants: rows.map((row) => toAdminGrant(row, at)).reverse(),
      subscription:
        subscription === undefined
          ? null
          : {
              plan_id: subscription.plan_id,
              status: subscription.status as AdminSubscription['status'],
              period_end: toSeconds(subscription.period_end),
              cancel_at_period_end: subscription.cancel_at_period_end === 1,
              ended_unpaid: subscription.ended_unpaid === 1,
            },
      card: card ?? null,
      read_only: { operator: row.operator_read_only === 1, billing: row.billing_read_only === 1 },
    };
  }

  return {
    /** GET /admin/users/:id/storage. @throws NotFoundError: no such account, or may not. */
    async storage(actor: OperatorActor, userId: string): Promise<AdminStorage> {
      await requireOperator(access, actor, 'readStorage', { userId }, true);
      return view(userId);
    },

    /** POST /admin/users/:id/grants: the account's storage afterwards. */
    async grant(actor: OperatorActor, userId: string, body: AdminGrantBody): Promise<AdminStorage> {
      await requireOperator(access, actor, 'grantStorage', { userId });
      const expiresAt = body.expires_at === undefined ? null : body.expires_at * 1000;
      if (expiresAt !== null && expiresAt <= now())
        throw new BadRequestError('expires_at must be in the future');
      if (!(await repos.accounts.findById(userId))) throw new NotFoundError();
      await writes.grant(actor, { userId, source: body.source, sizeGb: body.size_gb, expiresAt });
      return view(userId);
    },

    /** POST /admin/grants/:id/end: the storage of the grant's account afterwards. */
    async end(actor: OperatorActor, grantId: string): Promise<AdminStorage> {
      await requireOperator(access, actor, 'endGrant');
      const ended = await writes.end(actor, grantId);
      if (!ended) throw new NotFoundError();
      return view(ended.user_id);
    },

    /** POST /admin/users/:id/read_only (spec 001 §6): the account as the list shows it. */
    async setReadOnly(actor: OperatorActor, userId: string, readOnly: boolean): Promise<AdminUser> {
      await requireOperator(access, actor, 'setReadOnly', { userId });
      if (!(await repos.accounts.findById(userId))) throw new NotFoundError();
      await writes.setReadOnly(actor, userId, readOnly);
      return account(userId);
    },
  };
}
export type StorageAdminService = ReturnType<typeof createStorageAdminService>;
