import type { Kysely, Selectable } from 'kysely';
import { insertRows } from '../../db/insert-rows.ts';
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
    /**
     * Appends changes of one job at once (a share of 500 files): one increment of the serial
     * by their number, then their rows with the serials it freed, in order. Returns the last.
     */
    async appendMany(
      jobId: string,
      events: readonly Omit<JobEventRow, 'serial' | 'job_id'>[],
    ): Promise<number> {
      const last = events.at(-1);
      if (!last) throw new Error('appendMany needs at least one change');
      const { last_event_serial } = await db
        .updateTable('jobs')
        .set((eb) => ({
          last_event_serial: eb('last_event_serial', '+', events.length),
          updated_at: last.created_at,
        }))
        .where('id', '=', jobId)
        .returning('last_event_serial')
        .executeTakeFirstOrThrow();
      const first = last_event_serial - events.length + 1;
      const rows = events.map((event, i) => ({ ...event, job_id: jobId, serial: first + i }));
      // 7 columns a row: 1,000 rows stay under SQLite's 32,766 bound variables.
      await insertRows(db, 'job_events', rows, 1000);
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
