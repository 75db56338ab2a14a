import { CHANGE_TYPES, ChangeType, type ChangesResponse, type JobChange } from '@trove/contract';
import { canOnJob } from '../../access/access.ts';
import type { Repositories } from '../../db/repositories.ts';
import { NotFoundError } from '../../errors.ts';
import { jobChannel, type EventBus } from '../../events/event-bus.ts';
import type { AuthContext } from '../sessions/sessions.service.ts';
import type { JobEventRow } from './changes.repository.ts';

/** At most this many changes per answer; a client that is further behind asks again. */
const PAGE = 1000;

function toChange(row: JobEventRow): JobChange {
  const type = CHANGE_TYPES.find((t) => t === row.type) ?? ChangeType.FileAdded;
  return {
    serial: row.serial,
    type,
    timestamp: Math.floor(row.created_at / 1000),
    data: JSON.parse(row.payload) as Record<string, unknown>,
  };
}

/** The change log of jobs and the long poll on it (spec 000 §7 changes, poll host). */
export function createChangesService(deps: {
  repos: Pick<Repositories, 'changes' | 'files' | 'jobs'>;
  bus: EventBus;
}) {
  const { repos, bus } = deps;

  async function readableJob(auth: AuthContext, jobId: string) {
    const job = await repos.jobs.findById(jobId);
    if (!job || !canOnJob(auth.userId, job, 'read')) throw new NotFoundError();
    return job;
  }

  return {
    /** GET /jobs/{id}/changes?since=: the changes after a serial, in order. */
    async since(auth: AuthContext, jobId: string, since: number): Promise<ChangesResponse> {
      const job = await readableJob(auth, jobId);
      const rows = await repos.changes.listSince(jobId, since, PAGE);
      return { changes: rows.map(toChange), last_serial: job.last_event_serial };
    },

    /** How many uploads of the job are still being processed (thumbnails, video). */
    async pendingMedia(auth: AuthContext, jobId: string): Promise<number> {
      await readableJob(auth, jobId);
      return repos.files.countPendingMedia(jobId);
    },

    /**
     * The poll host's wait: resolves with the job's serial as soon as it is above `seq`, or
     * after `timeoutMs` with the current one. `signal` ends the wait when the client leaves.
     */
    async waitForChange(
      auth: AuthContext,
      jobId: string,
      seq: number,
      timeoutMs: number,
      signal: AbortSignal,
    ): Promise<number> {
      const job = await readableJob(auth, jobId);
      // Subscribe before reading the serial: a change committed in between still wakes us.
      const woken = Promise.withResolvers<undefined>();
      const wake = () => {
        woken.resolve(undefined);
      };
      const unsubscribe = bus.subscribe(jobChannel(jobId), wake);
      const timer = setTimeout(wake, timeoutMs);
      signal.addEventListener('abort', wake);
      try {
        await bus.ready();
        const current = (await repos.jobs.findById(jobId))?.last_event_serial ?? job.last_event_serial;
        if (current > seq) return current;
        await woken.promise;
        const after = await repos.jobs.findById(jobId);
        return after?.last_event_serial ?? current;
      } finally {
        clearTimeout(timer);
        unsubscribe();
        signal.removeEventListener('abort', wake);
      }
    },
  };
}
export type ChangesService = ReturnType<typeof createChangesService>;
