import type {
  AdminDeletion,
  AdminDeletionsResponse,
  AdminWorkItem,
  AdminWorkItemsResponse,
} from '@trove/contract';
import type { AccountAccess } from '../../access/account-access.ts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { WORK_CHANNEL } from '../../queue/work-queue.ts';
import type { WorkItemRow } from '../../queue/work-items.repository.ts';
import type { OpenDeletion } from '../deletion/deletion.repository.ts';
import { DELETION_KIND } from '../deletion/stages.ts';
import type { Repositories, Transact } from '../repositories.ts';
import { recordAudit, requireOperator, type OperatorActor } from './actor.ts';

export const toSeconds = (ms: number) => Math.floor(ms / 1000);

function toAdminDeletion(row: OpenDeletion): AdminDeletion {
  return {
    user_id: row.user_id,
    email: row.email,
    name: row.name,
    state: row.state === 'scheduled' || row.state === 'failed' ? row.state : 'running',
    stage: row.stage,
    attempts: row.attempts,
    last_error: row.last_error,
    requested: toSeconds(row.requested_at),
    due: toSeconds(row.due_at),
  };
}

function toAdminWorkItem(row: WorkItemRow): AdminWorkItem {
  return {
    id: row.id,
    kind: row.kind,
    state: row.state === 'failed' ? 'failed' : 'stuck',
    attempts: row.attempts,
    last_error: row.last_error,
    created: toSeconds(row.created_at),
    locked_until: row.locked_until === null ? null : toSeconds(row.locked_until),
  };
}

/**
 * The operator's view of background work (issue #24; RESEARCH-ACCOUNT-PAYMENTS §2.1, §3):
 * account deletions not done ([Note: Account deletion]) with restore and retry, and work
 * items that will not run by themselves with retry. Every change is audited in its own
 * transaction and wakes the workers after it commits.
 */
export function createOperationsService(deps: {
  repos: Pick<Repositories, 'deletion' | 'workItems'>;
  transact: Transact;
  access: AccountAccess;
  bus: Pick<EventBus, 'publish'>;
  now: () => number;
}) {
  const { repos, transact, access, bus, now } = deps;
  return {
    /** GET /admin/deletions: scheduled, running and failed deletions, the oldest request first. */
    async listDeletions(
      actor: OperatorActor,
      page: { offset: number; limit: number },
    ): Promise<AdminDeletionsResponse> {
      await requireOperator(access, actor, 'listDeletions');
      const { rows, total } = await repos.deletion.pageOpen(page.offset, page.limit);
      return { deletions: rows.map(toAdminDeletion), total };
    },

    /**
     * POST /admin/deletions/{id}/restore: takes back a deletion in its grace period; the
     * account opens again (its sessions, grants and shares stay ended).
     * @throws NotFoundError when no deletion of that account is open; ConflictError when its
     *   job has started (some of the account is gone already).
     */
    async restoreDeletion(actor: OperatorActor, userId: string): Promise<void> {
      await requireOperator(access, actor, 'restoreDeletion', { userId });
      const t = now();
      await transact(async (tx) => {
        const found = await tx.deletion.find(userId);
        if (!found || found.state === 'done') throw new NotFoundError();
        const restored = await tx.deletion.restore(userId);
        if (!restored) throw new ConflictError('The deletion has started; the account cannot be restored');
        if (restored.work_item_id !== null) await tx.workItems.cancel(restored.work_item_id, t);
        await recordAudit(tx, actor, { action: 'deletion.restore', targetType: 'user', targetId: userId }, t);
      });
    },

    /**
     * POST /admin/deletions/{id}/retry: a failed deletion runs again from the stage it
     * stopped at, with its attempts counted afresh.
     * @throws NotFoundError when no deletion of that account is open; ConflictError when it
     *   has not failed.
     */
    async retryDeletion(actor: OperatorActor, userId: string): Promise<void> {
      await requireOperator(access, actor, 'retryDeletion', { userId });
      const t = now();
      await transact(async (tx) => {
        const found = await tx.deletion.find(userId);
        if (!found || found.state === 'done') throw new NotFoundError();
        if (found.state !== 'failed') throw new ConflictError('Only a failed deletion can be retried');
        // Its item stays failed after giving up; fsck or an earlier hand may have removed it.
        const requeued =
          found.work_item_id !== null && (await tx.workItems.requeueStuck(found.work_item_id, t));
        const itemId =
          requeued && found.work_item_id !== null
            ? found.work_item_id
            : await tx.workItems.enqueue({ kind: DELETION_KIND, payload: { userId }, now: t });
        if (!(await tx.deletion.markRetried(userId, itemId, t)))
          throw new ConflictError('Only a failed deletion can be retried');
        await recordAudit(tx, actor, { action: 'deletion.retry', targetType: 'user', targetId: userId }, t);
      });
      await bus.publish(WORK_CHANNEL, DELETION_KIND);
    },

    /** GET /admin/work_items: failed and stuck items, the oldest first, and counts by kind. */
    async listWorkItems(
      actor: OperatorActor,
      page: { offset: number; limit: number },
    ): Promise<AdminWorkItemsResponse> {
      await requireOperator(access, actor, 'listWorkItems');
      const { rows, kinds } = await repos.workItems.pageStuck(now(), page.offset, page.limit);
      const total = kinds.reduce((sum, k) => sum + k.failed + k.stuck, 0);
      return { items: rows.map(toAdminWorkItem), kinds, total };
    },

    /**
     * POST /admin/work_items/{id}/retry: a failed item, or a stuck one (released from the
     * process that held it), runs again with all its attempts.
     * @throws NotFoundError when there is no failed or stuck item of that id.
     */
    async retryWorkItem(actor: OperatorActor, id: string): Promise<void> {
      await requireOperator(access, actor, 'retryWorkItem');
      const t = now();
      const item = await transact(async (tx) => {
        const requeued = await tx.workItems.requeueStuck(id, t);
        if (!requeued) throw new NotFoundError();
        await recordAudit(
          tx,
          actor,
          {
            action: 'work_item.retry',
            targetType: 'work_item',
            targetId: id,
            details: { label: requeued.kind, was: requeued.state === 'failed' ? 'failed' : 'stuck' },
          },
          t,
        );
        return requeued;
      });
      await bus.publish(WORK_CHANNEL, item.kind);
    },
  };
}
export type OperationsService = ReturnType<typeof createOperationsService>;
