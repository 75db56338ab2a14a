import type { FastifyInstance, FastifyRequest } from 'fastify';
import { APP_BASE_PATH } from '@trove/contract';
import { z } from 'zod/mini';
import { parseInput } from '../../errors.ts';
import { callerOf } from '../../http/auth.ts';
import type { ChangesService } from './changes.service.ts';

const JobParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) });
const SinceQuery = z.looseObject({
  since: z._default(z.pipe(z.coerce.number(), z.int()).check(z.nonnegative()), 0),
});
const PollQuery = z.looseObject({
  seq: z._default(z.pipe(z.coerce.number(), z.int()).check(z.nonnegative()), 0),
  event: z.string().check(z.regex(/^job_changed:[A-Za-z0-9_-]{1,100}$/, 'event must be job_changed:{id}')),
});

/** A long poll answers at the latest after this, well under common proxy timeouts. */
const POLL_TIMEOUT_MS = 25_000;

/**
 * Changes of a job and the poll host's long poll (spec 000 §7). `draining` (the process is
 * stopping) answers held polls at once with the current serial, as a timeout would: the
 * client polls again, through the load balancer, on a node that stays.
 */
export function registerChangeRoutes(
  app: FastifyInstance,
  deps: { changes: ChangesService; draining: AbortSignal },
): void {
  // Visitors of shared albums follow changes too (spec 000 §6); access/ decides per job.
  const visitorRoute = { config: { auth: 'visitor' as const } };
  // The polls waiting now; one listener for all, rather than one per poll on a signal that
  // lives as long as the process.
  const held = new Set<AbortController>();
  deps.draining.addEventListener(
    'abort',
    () => {
      for (const poll of held) poll.abort();
    },
    { once: true },
  );
  /** Waits as the poll host does, until a change, the timeout, the client leaving or a drain. */
  async function waitForPoll(request: FastifyRequest, jobId: string, seq: number): Promise<number> {
    const controller = new AbortController();
    request.raw.once('close', () => {
      controller.abort();
    });
    if (deps.draining.aborted) controller.abort();
    held.add(controller);
    try {
      return await deps.changes.waitForChange(
        callerOf(request),
        jobId,
        seq,
        POLL_TIMEOUT_MS,
        controller.signal,
      );
    } finally {
      held.delete(controller);
    }
  }

  app.get(`${APP_BASE_PATH}/jobs/:id/changes`, visitorRoute, async (request) => {
    const { id } = parseInput(JobParams, request.params);
    const { since } = parseInput(SinceQuery, request.query);
    return deps.changes.since(callerOf(request), id, since);
  });

  app.get(`${APP_BASE_PATH}/jobs/:id/changes_and_async_upload_status`, visitorRoute, async (request) => {
    const { id } = parseInput(JobParams, request.params);
    const { since } = parseInput(SinceQuery, request.query);
    return deps.changes.sinceWithPending(callerOf(request), id, since);
  });

  // The poll host: the first line of the answer carries the serial (spec 000 §7).
  app.get('/poll', visitorRoute, async (request, reply) => {
    const { seq, event } = parseInput(PollQuery, request.query);
    const serial = await waitForPoll(request, event.slice('job_changed:'.length), seq);
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(`seq=${serial}\n${event}\n`);
  });
}
