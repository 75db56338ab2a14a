import type { WorkHandler } from '../../queue/work-queue.ts';
import type { Repositories } from '../repositories.ts';
import type { GrantWrites } from './grants.service.ts';

/** Work item of the grant expiry sweep (issue #25). */
export const GRANTS_EXPIRY_KIND = 'grants_expiry';

/**
 * Grants past their expiry stop counting in users.max_space: the sweep ends them and
 * recomputes each account's storage in one transaction (GrantWrites.sweepExpired). The
 * list of GET /user_grants leaves them out at once; upload checks read max_space.
 */
export function grantsExpiryHandler(grants: Pick<GrantWrites, 'sweepExpired'>): WorkHandler {
  return async () => {
    await grants.sweepExpired();
  };
}

/** Queues a sweep unless one is waiting or running already (several workers may ask). */
export async function scheduleGrantsExpiry(
  repos: Pick<Repositories, 'workItems'>,
  now: number,
): Promise<boolean> {
  if ((await repos.workItems.countQueued(GRANTS_EXPIRY_KIND)) > 0) return false;
  await repos.workItems.enqueue({ kind: GRANTS_EXPIRY_KIND, payload: {}, now });
  return true;
}
