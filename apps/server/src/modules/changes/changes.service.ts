import { CHANGE_TYPES, ChangeType, fileNameOf, type ChangesResponse, type JobChange } from '@trove/contract';
import type { Access } from '../../access/access.ts';
import type { Caller } from '../../access/caller.ts';
import { fileViewerOf, seesFileDetails, type FileViewer } from '../../access/place.ts';
import type { Repositories } from '../repositories.ts';
import { jobChannel, type EventBus } from '../../events/event-bus.ts';
import type { JobEventRow } from './changes.repository.ts';

/** At most this many changes per answer; a client that is further behind asks again. */
const PAGE = 1000;

/**
 * A record as `viewer` may read it: a type 0 record names the file's folder path and adder
 * only to those who see a file's details, as a listing does ([Note: Who sees a file's
 * details]); the stored record keeps them for those who do.
 */
function toChange(row: JobEventRow, viewer: FileViewer): JobChange {
  const type = CHANGE_TYPES.find((t) => t === row.type) ?? ChangeType.FileAdded;
  const data = JSON.parse(row.payload) as Record<string, unknown>;
  if (type === ChangeType.FileAdded) {
    const addedBy = typeof data.user_uuid === 'string' ? data.user_uuid : '';
    if (!seesFileDetails({ added_by: addedBy }, viewer)) {
      if (typeof data.path === 'string') data.path = fileNameOf(data.path);
      if ('user_uuid' in data) data.user_uuid = '';
    }
  }
  return { serial: row.serial, type, timestamp: Math.floor(row.created_at / 1000), data };
}

/** The change log of jobs and the long poll on it (spec 000 §7 changes, poll host). */
export function createChangesService(deps: {
  repos: Pick<Repositories, 'changes' | 'files' | 'jobs'>;
  access: Access;
  bus: EventBus;
}) {
  const { repos, bus } = deps;

  async function readableJob(caller: Caller, jobId: string) {
    return (await deps.access.requireJob(caller, jobId, 'read')).job;
  }

  async function changesSince(caller: Caller, jobId: string, since: number): Promise<ChangesResponse> {
    const job = await readableJob(caller, jobId);
    const rows = await repos.changes.listSince(jobId, since, PAGE);
    const viewer = fileViewerOf(caller, job);
    return { changes: rows.map((row) => toChange(row, viewer)), last_serial: job.last_event_serial };
  }

  return {
    /** GET /jobs/{id}/changes?since=: the changes after a serial, in order. */
    since: changesSince,

    /**
     * GET /jobs/{id}/changes_and_async_upload_status: the changes after a serial and how
     * many uploads are still being processed (thumbnails, video). The count is read first:
     * a file's media finishing (ready or failed) commits its change record with its status,
     * so a count of 0 read before the changes means every such record is in this answer or
     * its next pages. Read the other way round, a file failing between the two reads gave
     * no record and nothing pending, and the upload panel called it complete.
     */
    async sinceWithPending(
      caller: Caller,
      jobId: string,
      since: number,
    ): Promise<ChangesResponse & { pending_uploads: number }> {
      await readableJob(caller, jobId);
      const pending = await repos.files.countPendingMedia(jobId);
      return { ...(await changesSince(caller, jobId, since)), pending_uploads: pending };
    },

    /**
     * The poll host's wait: resolves with the job's serial as soon as it is above `seq`, or
     * after `timeoutMs` with the current one. `signal` ends the wait when the client leaves.
     */
    async waitForChange(
      caller: Caller,
      jobId: string,
      seq: number,
      timeoutMs: number,
      signal: AbortSignal,
    ): Promise<number> {
      const job = await readableJob(caller, jobId);
      // Subscribe before reading the serial: a change committed in between still wakes us.
      const woken = Promise.withResolvers<undefined>();
      const wake = () => {
        woken.resolve(undefined);
      };
      const unsubscribe = bus.subscribe(jobChannel(jobId), wake);
      const timer = setTimeout(wake, timeoutMs);
      signal.addEventListener('abort', wake);
      // An abort listener added after the abort never runs: a poll that arrives while the
      // server drains must not wait out its timeout.
      if (signal.aborted) wake();
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
