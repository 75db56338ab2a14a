import type { Kysely, Selectable } from 'kysely';
import type { Database, JobEventsTable } from '../../db/schema.ts';

export type JobEventRow = Selectable<JobEventsTable>;

/**
 * [Note: Change serials] Every mutation of a job appends one record with the job's next
 * serial, in the same transaction as the mutation: the increment of `jobs.last_event_serial`
 * locks the job row, so serials are dense, ordered and never reused, and a reader that saw
 * serial N has seen every change up to N.
 */
export function createChangesRepository(db: Kysely<Database>) {
  return {
    /** Appends a change; must run inside the mutation's transaction. Returns its serial. */
    async append(event: Omit<JobEventRow, 'serial'>): Promise<number> {
      const { last_event_serial } = await db
        .updateTable('jobs')
        .set((eb) => ({ last_event_serial: eb('last_event_serial', '+', 1), updated_at: event.created_at }))
        .where('id', '=', event.job_id)
        .returning('last_event_serial')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('job_events')
        .values({ ...event, serial: last_event_serial })
        .execute();
      return last_event_serial;
    },
    listSince(jobId: string, since: number, limit: number): Promise<JobEventRow[]> {
      return db
        .selectFrom('job_events')
        .selectAll()
        .where('job_id', '=', jobId)
        .where('serial', '>', since)
        .orderBy('serial')
        .limit(limit)
        .execute();
    },
  };
}
export type ChangesRepository = ReturnType<typeof createChangesRepository>;
