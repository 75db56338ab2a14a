import { randomUUID } from 'node:crypto';
import {
  APP_BASE_PATH,
  bytesToGb,
  gbToBytes,
  type Grant,
  type GrantSource,
  type UserGrantsResponse,
} from '@trove/contract';
import type { AccountAccess } from '../../access/account-access.ts';
import type { SignedInCaller } from '../../access/caller.ts';
import type { Transact } from '../repositories.ts';
import { recordAudit, type OperatorActor } from '../operator/actor.ts';
import { STRIPE_GRANT_PREFIX } from './billing.sync.ts';
import type { GrantRow, GrantsRepository } from './grants.repository.ts';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * A stored grant as the wire has it (spec 001 §3).
 */
export function toGrant(row: GrantRow): Grant {
  return {
    id: row.id,
    source: row.source as GrantSource,
    size: bytesToGb(row.size_bytes),
    renews_at: iso(row.renews_at),
    expires_at: iso(row.expires_at),
    stripe_product_id: row.stripe_product_id,
    _links: grantLinks(row),
  };
}

/**
 * A subscription's grant links to its cancellation while it renews, and to its reactivation
 * once canceled (spec 001 §3 `_links`; billing.routes.ts). Other grants have none.
 */
function grantLinks(row: GrantRow): Grant['_links'] {
  if (row.source !== 'stripe' || !row.id.startsWith(STRIPE_GRANT_PREFIX)) return {};
  const base = `${APP_BASE_PATH}/stripe/subscriptions/${encodeURIComponent(row.id.slice(STRIPE_GRANT_PREFIX.length))}`;
  if (row.renews_at !== null) return { cancellation: { href: `${base}/cancel`, method: 'POST' } };
  if (row.expires_at !== null) return { reactivation: { href: `${base}/reactivate`, method: 'POST' } };
  return {};
}

export interface NewGrant {
  userId: string;
  source: GrantSource;
  sizeGb: number;
  expiresAt: number | null;
}

/**
 * GET /user_grants (spec 001 §7): the caller's own live grants, judged by account access.
 */
export function createGrantsService(deps: {
  grants: Pick<GrantsRepository, 'listLive'>;
  access: Pick<AccountAccess, 'require'>;
  now: () => number;
}) {
  const { grants, access, now } = deps;
  return {
    async list(caller: SignedInCaller): Promise<UserGrantsResponse> {
      await access.require(caller, 'readGrants');
      const rows = await grants.listLive(caller.userId, now());
      return { result: { grants: rows.map(toGrant) } };
    },
  };
}
export type GrantsService = ReturnType<typeof createGrantsService>;

/**
 * The writes of grants (issue #25): the operator's (`trove admin grant`, `end-grant`), each in
 * one transaction with its audit entry and the recomputed users.max_space, and the worker's
 * expiry sweep. Whoever reaches these may: the command line and the worker, no session.
 */
export function createGrantWrites(deps: {
  grants: Pick<GrantsRepository, 'usersWithExpiredGrants'>;
  transact: Transact;
  baseQuotaBytes: number;
  now: () => number;
}) {
  const { grants, transact, baseQuotaBytes, now } = deps;
  return {
    /** Grants storage (the command line's `trove admin grant`); the new max_space. */
    async grant(
      actor: OperatorActor,
      input: NewGrant,
    ): Promise<{ grant: GrantRow; maxSpace: number | null }> {
      const at = now();
      const row: GrantRow = {
        id: randomUUID(),
        user_id: input.userId,
        source: input.source,
        size_bytes: Math.round(gbToBytes(input.sizeGb)),
        renews_at: null,
        expires_at: input.expiresAt,
        stripe_product_id: null,
        created_by: 'caller' in actor ? actor.caller.userId : `cli:${actor.commandLine}`,
        created_at: at,
        ended_at: null,
      };
      return transact(async (repos) => {
        await repos.grants.insert(row, baseQuotaBytes);
        const details = { grant_id: row.id, source: row.source, size_bytes: String(row.size_bytes) };
        await recordAudit(
          repos,
          actor,
          { action: 'grant.create', targetType: 'user', targetId: input.userId, details },
          at,
        );
        const maxSpace = await repos.grants.recomputeMaxSpace(input.userId, baseQuotaBytes, at);
        // Storage given to an account billing made read-only lifts it when it now fits.
        await repos.billing.liftBillingReadOnlyIfFits(input.userId, baseQuotaBytes);
        return { grant: row, maxSpace };
      });
    },

    /** Ends a grant now (`trove admin end-grant`); undefined when no live grant has that id. */
    async end(actor: OperatorActor, id: string): Promise<GrantRow | undefined> {
      const at = now();
      return transact(async (repos) => {
        const ended = await repos.grants.end(id, baseQuotaBytes, at);
        if (ended)
          await recordAudit(
            repos,
            actor,
            { action: 'grant.end', targetType: 'user', targetId: ended.user_id, details: { grant_id: id } },
            at,
          );
        return ended;
      });
    },

    /**
     * Ends grants whose expiry has passed and recomputes those accounts' max_space (run by
     * the worker's periodic sweep and the command line); the number of accounts touched.
     */
    async sweepExpired(): Promise<number> {
      const at = now();
      const users = await grants.usersWithExpiredGrants(at);
      for (const userId of users)
        await transact(async (repos) => {
          await repos.grants.closeExpired(userId, at);
          await repos.grants.recomputeMaxSpace(userId, baseQuotaBytes, at);
        });
      return users.length;
    },

    /**
     * Makes an account read-only, or writable again (`trove admin read-only`; spec 001 §6):
     * the flag every write path reads through access (policy.ts, account-policy.ts
     * `subscription`). False when it already was so.
     */
    async setReadOnly(actor: OperatorActor, userId: string, readOnly: boolean): Promise<boolean> {
      const at = now();
      return transact(async (repos) => {
        if (!(await repos.operator.setReadOnly(userId, readOnly))) return false;
        const action = readOnly ? 'user.read_only' : 'user.writable';
        await recordAudit(repos, actor, { action, targetType: 'user', targetId: userId }, at);
        return true;
      });
    },
  };
}
export type GrantWrites = ReturnType<typeof createGrantWrites>;
