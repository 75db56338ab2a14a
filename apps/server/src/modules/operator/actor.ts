import { randomUUID } from 'node:crypto';
import type { AuditAction, AuditEntry } from '@trove/contract';
import type { SignedInCaller } from '../../access/caller.ts';
import type { AccountAccess } from '../../access/account-access.ts';
import type { AccountAction } from '../../access/account-policy.ts';
import type { Repositories } from '../repositories.ts';

/**
 * Who acts on the operator's side: an operator's session (the admin area), whom account
 * access judges, or the command line (`trove admin …`), which whoever can run it with the
 * instance's settings may use, as they could edit the database itself.
 */
export type OperatorActor = { caller: SignedInCaller } | { commandLine: string };

/** The actor of `trove admin`, named by the system user who ran it. */
export const commandLineActor = (systemUser: string): OperatorActor => ({ commandLine: systemUser });

/**
 * Refuses an operator's session that may not; the command line always may. `reading`: the
 * call lists what the action changes, without the fresh sign-in a change needs.
 */
export async function requireOperator(
  access: AccountAccess,
  actor: OperatorActor,
  action: AccountAction,
  target?: { userId: string },
  reading = false,
): Promise<void> {
  if ('caller' in actor) await access.require(actor.caller, action, target, reading);
}

/** How the audit log names an actor: the operator's e-mail, or `cli:<system user>`. */
export async function labelOf(repos: Pick<Repositories, 'accounts'>, actor: OperatorActor): Promise<string> {
  if (!('caller' in actor)) return `cli:${actor.commandLine}`;
  const id = actor.caller.userId;
  return (await repos.accounts.findById(id))?.email ?? id;
}

/**
 * Appends the audit entry of an action (issue #24: who, what, target, when), in the
 * transaction of the action itself: a change the log does not show cannot happen.
 */
export async function recordAudit(
  repos: Pick<Repositories, 'audit' | 'accounts'>,
  actor: OperatorActor,
  entry: {
    action: AuditAction;
    targetType: AuditEntry['target_type'];
    targetId: string | null;
    details?: Record<string, string>;
  },
  at: number,
): Promise<void> {
  const actorId = 'caller' in actor ? actor.caller.userId : null;
  const actorLabel = await labelOf(repos, actor);
  await repos.audit.append({
    id: randomUUID(),
    at,
    actor_id: actorId,
    actor_label: actorLabel,
    action: entry.action,
    target_type: entry.targetType,
    target_id: entry.targetId,
    details: JSON.stringify(entry.details ?? {}),
  });
}
