import type { Kysely, Selectable } from 'kysely';
import type { Database, JobEventsTable } from '../../db/schema.ts';

export type JobEventRow = Selectable<JobEventsTable>;

/**
 * Reads of the change log. It has no writes: records are appended by the change writer alone,
 * in the mutation's transaction (see [Note: Change records], [Note: Change serials]).
 */
export function createChangesRepository(db: Kysely<Database>) {
  return {
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
