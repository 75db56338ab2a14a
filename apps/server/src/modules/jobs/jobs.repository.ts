import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, JobMembersTable, JobsTable } from '../../db/schema.ts';

export type JobRow = Selectable<JobsTable>;
export type JobMemberRow = Selectable<JobMembersTable>;

/** A job with what access needs to know of one caller: their membership and account. */
export interface JobForCaller {
  job: JobRow;
  ownerName: string;
  /** The caller's membership row, if they ever subscribed. */
  member: JobMemberRow | undefined;
  /** The caller is a read-only user (spec 001 §6); false when signed out. */
  readOnlyUser: boolean;
}

/** Queries on jobs (timeline, albums, shares) and their members. */
export function createJobsRepository(db: Kysely<Database>) {
  return {
    async insert(job: Insertable<JobsTable>): Promise<void> {
      await db.insertInto('jobs').values(job).execute();
    },
    findById(id: string): Promise<JobRow | undefined> {
      return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** One read for access: the job, its owner's name, the caller's membership and account. */
    async findForCaller(id: string, userId: string | null): Promise<JobForCaller | undefined> {
      const row = await db
        .selectFrom('jobs')
        .innerJoin('users as owner', 'owner.id', 'jobs.owner_id')
        .selectAll('jobs')
        .select('owner.name as owner_name')
        .$if(userId !== null, (q) =>
          q
            .leftJoin('job_members as m', (join) =>
              join.onRef('m.job_id', '=', 'jobs.id').on('m.user_id', '=', userId ?? ''),
            )
            .select([
              'm.subscribed as m_subscribed',
              'm.created_at as m_created_at',
              'm.updated_at as m_updated_at',
            ])
            .select((eb) =>
              eb
                .selectFrom('users')
                .select('is_read_only')
                .where('users.id', '=', userId ?? '')
                .as('caller_read_only'),
            ),
        )
        .where('jobs.id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      const {
        owner_name,
        m_subscribed,
        m_created_at,
        m_updated_at,
        caller_read_only,
        ...job
      } = row as typeof row & {
        m_subscribed?: number | null;
        m_created_at?: number | null;
        m_updated_at?: number | null;
        caller_read_only?: number | null;
      };
      const member =
        userId !== null && m_subscribed !== null && m_subscribed !== undefined
          ? {
              job_id: id,
              user_id: userId,
              subscribed: Number(m_subscribed),
              created_at: Number(m_created_at),
              updated_at: Number(m_updated_at),
            }
          : undefined;
      return { job, ownerName: owner_name, member, readOnlyUser: Number(caller_read_only ?? 0) === 1 };
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
    async update(id: string, values: Updateable<JobsTable>): Promise<void> {
      await db.updateTable('jobs').set(values).where('id', '=', id).execute();
    },
    /** Subscribes (again): one row per user and album, kept after leaving. */
    async subscribe(jobId: string, userId: string, now: number): Promise<void> {
      await db
        .insertInto('job_members')
        .values({ job_id: jobId, user_id: userId, subscribed: 1, created_at: now, updated_at: now })
        .onConflict((oc) => oc.columns(['job_id', 'user_id']).doUpdateSet({ subscribed: 1, updated_at: now }))
        .execute();
    },
    async unsubscribe(jobId: string, userId: string, now: number): Promise<void> {
      await db
        .updateTable('job_members')
        .set({ subscribed: 0, updated_at: now })
        .where('job_id', '=', jobId)
        .where('user_id', '=', userId)
        .execute();
    },
  };
}
export type JobsRepository = ReturnType<typeof createJobsRepository>;
