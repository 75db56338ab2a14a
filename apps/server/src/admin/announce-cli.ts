import type { AnnouncementBody } from '@trove/contract';
import type { OperatorActor } from '../modules/operator/actor.ts';
import { createAnnouncementJob } from '../modules/operator/announcements.job.ts';
import type { OperatorDeps, OperatorServices } from '../modules/operator/operator-module.ts';

/**
 * `trove admin announce`: queued as the admin area queues it ([Note: Announcement sending]),
 * then, since the command line has no worker of its own, its work item is run here to its
 * end. A worker that took the same item meanwhile is harmless: each recipient is claimed once.
 * The exit code: 0 all sent, 1 some failed or the item is left to the workers.
 */
export async function announce(
  deps: OperatorDeps,
  services: OperatorServices,
  actor: OperatorActor,
  input: AnnouncementBody,
  out: (line: string) => void,
): Promise<number> {
  const queued = await services.announcements.send(actor, input);
  const job = createAnnouncementJob({ ...deps.announcements, ...deps });
  try {
    await job.run(queued.id, queued.origin);
  } catch {
    // Recipients in flight elsewhere (a worker runs the same item): the workers finish it.
    out(`admin: announcement ${queued.id} queued for ${String(queued.total)} accounts; the workers send it`);
    return 1;
  }
  await deps.repos.workItems.complete(queued.workItemId);
  const done = await services.announcements.progress(actor, queued.id);
  const sent = done?.sent ?? 0;
  const failed = done?.failed ?? 0;
  const where = deps.announcements.mailer.delivery === 'outbox' ? 'written to the outbox' : 'sent';
  out(
    `admin: announcement ${where} for ${String(sent)} of ${String(sent + failed)} accounts${failed > 0 ? `, ${String(failed)} failed` : ''}`,
  );
  return failed > 0 ? 1 : 0;
}
