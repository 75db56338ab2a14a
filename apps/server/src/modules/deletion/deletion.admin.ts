import type { Repositories, Transact } from '../repositories.ts';
import type { OpenDeletion } from './deletion.repository.ts';

/** The deletion's job has started: some of the account is gone, it cannot come back. */
export class DeletionStartedError extends Error {
  override name = 'DeletionStartedError';
  constructor() {
    super('its job has started; the account can no longer be restored');
  }
}

/** No deletion of that account is open (none was asked for, or it is done). */
export class NoDeletionError extends Error {
  override name = 'NoDeletionError';
  constructor(who: string) {
    super(`no pending deletion of ${who}`);
  }
}

/**
 * The command line's side of [Note: Account deletion] (`trove admin deletions`; the web admin
 * area's is modules/operator/operations.service.ts, audited): the deletions not done, and
 * restoring one whose job has not started.
 */
export function createDeletionAdmin(deps: {
  repos: Pick<Repositories, 'deletion'>;
  transact: Transact;
  now: () => number;
}) {
  const { repos, now } = deps;
  return {
    /** Pending (scheduled or running) and failed deletions, the oldest first, with their last error. */
    listOpen(): Promise<OpenDeletion[]> {
      return repos.deletion.listOpen();
    },

    /**
     * Takes back the deletion of the account named by id or by the address of its request,
     * while its job has not started (the grace period, or a worker that has not come to it).
     * The account opens again; its sessions, grants and shares stay ended. Answers its id.
     */
    async restore(userIdOrEmail: string): Promise<string> {
      const found = await repos.deletion.findOpen(userIdOrEmail);
      if (!found) throw new NoDeletionError(userIdOrEmail);
      await deps.transact(async (tx) => {
        const restored = await tx.deletion.restore(found.user_id);
        if (!restored) throw new DeletionStartedError();
        if (restored.work_item_id !== null) await tx.workItems.cancel(restored.work_item_id, now());
      });
      return found.user_id;
    },
  };
}
export type DeletionAdmin = ReturnType<typeof createDeletionAdmin>;
