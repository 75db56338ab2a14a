import { z } from 'zod/mini';
import {
  AuditAction,
  type AdminUser,
  type AdminUsersResponse,
  type AuditEntry,
  type AuditLogResponse,
} from '@trove/contract';
import type { AccountAccess } from '../../access/account-access.ts';
import type { SessionRevocations } from '../../access/session-revocations.ts';
import { NotFoundError } from '../../errors.ts';
import type { Repositories, Transact } from '../repositories.ts';
import type { AccountRow } from './operator.repository.ts';
import type { AuditRowWithLabel } from './audit.repository.ts';
import { recordAudit, requireOperator, type OperatorActor } from './actor.ts';

const toSeconds = (ms: number) => Math.floor(ms / 1000);

/*
 * [Note: Disabled accounts]
 *
 * Disabling an account (issue #24; spec 001 §6 "Terminated account") stops everything that
 * hangs on it, in one transaction, and the audit entry with it:
 * - every session is revoked at once, and the other processes are told, so its signed media
 *   URLs stop too ([Note: Media URLs]); a token ended so answers `user_disabled` rather than
 *   401, so the client shows the account-terminated page, and sign-in answers the same;
 * - every job the account owns answers like a missing id to everyone (access.ts), the
 *   shares it made included ([Note: Derived shares]);
 * - the auth epoch of each of those jobs is bumped: every visitor grant, guest token and
 *   media URL signed for someone else (a share's recipient, an album's visitor or member),
 *   which live up to 7 hours, ends at once ([Note: Visitors]).
 * Enabling gives the account back its jobs; its old sessions, grants and URLs stay ended: the
 * user signs in again and visitors are let in again as any new visitor is.
 */

/** Users, disabling and enabling, operators and the audit log (issue #24). */
export function createOperatorService(deps: {
  repos: Repositories;
  transact: Transact;
  access: AccountAccess;
  revocations: Pick<SessionRevocations, 'announce'>;
  baseQuotaBytes: number;
  now: () => number;
}) {
  const { repos, transact, access, revocations, baseQuotaBytes, now } = deps;

  const toAdminUser = (row: AccountRow): AdminUser => ({
    id: row.id,
    email: row.email,
    name: row.name,
    used_space: row.used_space,
    max_space: row.max_space ?? baseQuotaBytes,
    state: row.disabled_at !== null ? 'disabled' : row.is_read_only === 1 ? 'read_only' : 'active',
    is_operator: row.is_operator === 1,
    file_count: row.file_count,
    created: toSeconds(row.created_at),
    last_seen: row.last_seen_at === null ? null : toSeconds(row.last_seen_at),
  });

  async function accountOf(userId: string): Promise<AdminUser> {
    const row = await repos.operator.findAccount(userId);
    if (!row) throw new NotFoundError();
    return toAdminUser(row);
  }

  return {
    /** GET /admin/users and `trove admin users`. */
    async listUsers(
      actor: OperatorActor,
      query: { q?: string | undefined; offset: number; limit: number },
    ): Promise<AdminUsersResponse> {
      await requireOperator(access, actor, 'listUsers');
      const { rows, total } = await repos.operator.listAccounts(query.q ?? '', query.offset, query.limit);
      return { users: rows.map(toAdminUser), total };
    },

    /** The account with this e-mail, for the command line; undefined when none. */
    async findByEmail(email: string): Promise<{ id: string; email: string } | undefined> {
      const user = await repos.accounts.findByEmail(email.trim().toLowerCase());
      return user && { id: user.id, email: user.email };
    },

    /** One account as the list shows it (the answer of disable and enable). */
    account: accountOf,

    /**
     * Disables or enables an account (see [Note: Disabled accounts]). Doing what is done
     * already changes nothing and writes no entry.
     * @throws NotFoundError when there is no such account, or the actor may not.
     */
    async setDisabled(actor: OperatorActor, userId: string, disabled: boolean): Promise<AdminUser> {
      await requireOperator(access, actor, disabled ? 'disableUser' : 'enableUser', { userId });
      const t = now();
      const ended = await transact(async (tx) => {
        if (!(await tx.accounts.findById(userId))) throw new NotFoundError();
        if (!(await tx.operator.setDisabled(userId, disabled ? t : null))) return [];
        const revoked = disabled ? await tx.sessions.revokeAllOf(userId, t) : [];
        if (disabled) await tx.operator.endVisitorAccessOf(userId);
        await recordAudit(
          tx,
          actor,
          { action: disabled ? 'user.disable' : 'user.enable', targetType: 'user', targetId: userId },
          t,
        );
        return revoked;
      });
      await revocations.announce(ended);
      return accountOf(userId);
    },

    /** `trove admin operator`: names an operator, or takes the role back. */
    async setOperator(actor: OperatorActor, userId: string, isOperator: boolean): Promise<void> {
      if ('caller' in actor) throw new NotFoundError();
      await transact(async (tx) => {
        if (!(await tx.accounts.findById(userId))) throw new NotFoundError();
        await tx.operator.setOperator(userId, isOperator);
        await recordAudit(
          tx,
          actor,
          { action: isOperator ? 'operator.grant' : 'operator.revoke', targetType: 'user', targetId: userId },
          now(),
        );
      });
    },

    /** GET /admin/audit, and `trove admin audit`. */
    async auditLog(
      actor: OperatorActor,
      query: { before?: string | undefined; limit: number },
    ): Promise<AuditLogResponse> {
      await requireOperator(access, actor, 'readAuditLog');
      const before = parseCursor(query.before);
      const rows = await repos.audit.page(before, query.limit + 1);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        entries: page.map(toAuditEntry),
        next: rows.length > query.limit && last ? `${String(last.at)}.${last.id}` : null,
      };
    },
  };
}
export type OperatorService = ReturnType<typeof createOperatorService>;

function parseCursor(cursor: string | undefined): { at: number; id: string } | null {
  if (cursor === undefined) return null;
  const dot = cursor.indexOf('.');
  return { at: Number(cursor.slice(0, dot)), id: cursor.slice(dot + 1) };
}

const AUDIT_TARGETS = ['terms', 'card', 'announcement', 'work_item'] as const;

function toAuditEntry(row: AuditRowWithLabel): AuditEntry {
  const details = JSON.parse(row.details) as Record<string, string>;
  // Written by recordAudit only: an action it does not know is a broken database.
  const action = z.parse(AuditAction, row.action);
  const targetType = AUDIT_TARGETS.find((type) => type === row.target_type) ?? 'user';
  return {
    id: row.id,
    at: toSeconds(row.at),
    actor: row.actor_label,
    action,
    target_type: targetType,
    target_id: row.target_id,
    target_label: targetType === 'user' ? (row.target_email ?? '') : (details.label ?? row.target_id ?? ''),
  };
}
