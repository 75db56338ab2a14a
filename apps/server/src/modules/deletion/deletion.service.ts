import type { AccountDeletionResponse, Locale } from '@trove/contract';
import type { SignedInCaller } from '../../access/caller.ts';
import type { FreshLoginCheck } from '../../access/fresh-login.ts';
import type { SessionRevocations } from '../../access/session-revocations.ts';
import type { Repositories } from '../repositories.ts';
import { NotFoundError } from '../../errors.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { WORK_CHANNEL } from '../../queue/work-queue.ts';
import type { ChangeWriter } from '../changes/change-writer.ts';
import { DELETION_KIND, DELETION_STAGES } from './stages.ts';

/*
 * [Note: Account deletion]
 *
 * Spec 001 §4: "request logs the user out of all devices, is processed within 30 days, an
 * email is sent on completion". Issue #24 and RESEARCH-ACCOUNT-PAYMENTS §2.1 (Ente's staged
 * cleanup; Immich's deletions that silently never finished, and the soft-deleted e-mail
 * that could not sign up again):
 * - The request (POST /data_protection/request_account_deletion) closes the account in one
 *   transaction and answers: it is marked leaving (`users.deletion_requested_at`), so it
 *   signs in nowhere (`user_disabled`, as a disabled account) and its jobs open for nobody
 *   (`findForCaller` finds no job whose owner is leaving); every session ends, and with it
 *   every signed media URL handed to it (the set of refused sessions, [Note: Media URLs]);
 *   every job it owns gets a new epoch, which ends every visitor grant, guest token and
 *   non-owner media URL of them ([Note: Visitors]); its shares stop, and so do the shares
 *   others made from its albums ([Note: Derived shares]), their URLs with them. The job is
 *   queued in the same transaction, runnable when the grace period ends
 *   (ACCOUNT_DELETION_GRACE_DAYS, default 7). What the user added to albums of others stays
 *   until then, so that a restore loses nothing.
 * - Until the job starts, the operator may restore it (`trove admin deletions restore`):
 *   the account opens again as it was, but its sessions, grants and shares stay ended.
 * - The job (stages.ts) runs on the work queue, embedded or BullMQ. Each stage is
 *   idempotent and works in batches, each in its own transaction; `stage` records the next
 *   stage to run, so a crash anywhere resumes where it was (the batch in flight is redone).
 *   Failures are counted with their last error for the operator; an item out of attempts
 *   marks the deletion failed, and fsck queues it again.
 * - The order: billing (the payments' hook), the user's shares, their comments and loves in
 *   albums of others, the files they added there (removed, each with a type 1 record, as a
 *   deletion by its adder), their memberships, their own albums and timeline (deleted for
 *   good, with what participants added to them: as deleting an album does), private rows
 *   (consents, options, devices…), any blob left, the account row, and last the
 *   confirmation to the address given at request time. Bytes go as a deletion for good
 *   frees them ([Note: Releasing storage]): a blob only when no file names it, stored bytes
 *   only when no blob row of anyone names them; others' copies and charges stay.
 * - The account row goes entirely; `account_deletions` keeps a trace without the address.
 *   The same address can sign up again at once. The confirmation goes at least once: a
 *   crash between sending it and recording that sends it again.
 * - The request needs a fresh sign-in (spec 001 §6, [Note: Fresh login]). The digital
 *   legacy goes in the `private` stage. Not yet: stages for tables other branches add
 *   (consent history): their rows go with the account row if their foreign keys cascade,
 *   else they need a line in `deletePrivateRows`.
 */

/** Account deletion: the request (the operator's side is deletion.admin.ts). */
export function createDeletionService(deps: {
  repos: Pick<Repositories, 'deletion'>;
  changeWriter: ChangeWriter<Repositories>;
  revocations: Pick<SessionRevocations, 'announce'>;
  bus: EventBus;
  graceDays: number;
  /** Spec 001 §6: the request needs a fresh sign-in ([Note: Fresh login]). */
  freshLogin: FreshLoginCheck;
  now: () => number;
}) {
  const { repos, changeWriter, now } = deps;
  const seconds = (ms: number) => Math.floor(ms / 1000);

  return {
    /** POST /data_protection/request_account_deletion (spec 001 §7), behind a fresh sign-in. */
    async request(caller: SignedInCaller, locale: Locale): Promise<AccountDeletionResponse> {
      deps.freshLogin(caller);
      const scheduled = await requestFor(caller.userId, locale);
      if (!scheduled) throw new NotFoundError();
      return scheduled;
    },

    /**
     * The same request made by the server: sunset deletion asks here, with no grace, since
     * its warnings were the notice ([Note: Sunset deletion]).
     */
    requestFor,
  };

  async function requestFor(
    userId: string,
    locale: Locale,
    options: {
      graceDays?: number;
      /** Asked first in the request's transaction; false: nothing happens, undefined back. */
      onlyIf?: (tx: Repositories) => Promise<boolean>;
    } = {},
  ): Promise<AccountDeletionResponse | undefined> {
    const t = now();
    const due = t + (options.graceDays ?? deps.graceDays) * 86_400_000;
    let ended: string[] = [];
    // Set inside the callback, which TypeScript's narrowing does not follow.
    let refused = false as boolean;
    await changeWriter.transact(async (tx, changes) => {
      if (options.onlyIf && !(await options.onlyIf(tx))) {
        refused = true;
        return;
      }
      const user = await tx.accounts.findById(userId);
      // A second request racing the first: the first one's schedule stands.
      if (!user || !(await tx.deletion.markLeaving(userId, t))) return;
      ended = await tx.sessions.revokeAllOf(userId, t);
      const stopped = [
        ...(await tx.deletion.stopSharesOf(userId, t)),
        ...(await tx.deletion.stopSharesFromJobsOf(userId, t)),
      ];
      for (const id of stopped)
        await changes.eventMarker(id, { by: userId, at: t, data: { event: 'stopped' } });
      await tx.deletion.bumpEpochsOf(userId);
      const itemId = await tx.workItems.enqueue({
        kind: DELETION_KIND,
        payload: { userId },
        now: t,
        runAfter: due,
      });
      await tx.deletion.insert({
        user_id: userId,
        email: user.email,
        locale,
        state: 'scheduled',
        stage: DELETION_STAGES[0],
        work_item_id: itemId,
        requested_at: t,
        due_at: due,
        last_error: null,
        updated_at: t,
        finished_at: null,
      });
    });
    if (refused) return undefined;
    await deps.revocations.announce(ended);
    const record = await repos.deletion.find(userId);
    if (!record) throw new NotFoundError();
    if (record.due_at <= now()) await deps.bus.publish(WORK_CHANNEL, DELETION_KIND);
    return { status: 'scheduled', due: seconds(record.due_at), email: record.email };
  }
}
export type DeletionService = ReturnType<typeof createDeletionService>;
