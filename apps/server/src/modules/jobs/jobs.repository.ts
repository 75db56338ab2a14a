import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, JobsTable } from '../../db/schema.ts';

export type JobRow = Selectable<JobsTable>;

/** Queries on jobs (timeline, albums, shares). */
export function createJobsRepository(db: Kysely<Database>) {
  return {
    async insert(job: Insertable<JobsTable>): Promise<void> {
      await db.insertInto('jobs').values(job).execute();
    },
    findById(id: string): Promise<JobRow | undefined> {
      return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findTimeline(ownerId: string): Promise<JobRow | undefined> {
      return db
        .selectFrom('jobs')
        .selectAll()
        .where('owner_id', '=', ownerId)
        .where('type', '=', 'timeline')
        .executeTakeFirst();
    },
    listOwned(ownerId: string, types: readonly string[]): Promise<JobRow[]> {
      return db
        .selectFrom('jobs')
        .selectAll()
        .where('owner_id', '=', ownerId)
        .where('type', 'in', types)
        .where('deleted_at', 'is', null)
        .orderBy('updated_at', 'desc')
        .execute();
    },
  };
}
export type JobsRepository = ReturnType<typeof createJobsRepository>;
