import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, JobMembersTable, JobsTable } from '../../db/schema.ts';

export type JobRow = Selectable<JobsTable>;
export type JobMemberRow = Selectable<JobMembersTable>;

/** What `include_details=1` adds to a job (spec 000 §3), from one query for many jobs. */
export interface JobDetails {
  participant_count: number;
  media_count: number;
  comment_count: number;
  reaction_count: number;
  size: number;
  has_heic: boolean;
  /** The newest active file: the cover when none was chosen. */
  newest_file_id: string | null;
  /** Whether the chosen cover is still an active file of the job. */
  cover_active: boolean;
}

/** A job with what access needs to know of one caller: their membership and account. */
export interface JobForCaller {
  job: JobRow;
  ownerName: string;
  /** The caller's membership row, if they ever subscribed. */
  member: JobMemberRow | undefined;
  /** The caller is a read-only user (spec 001 §6); false when signed out. */
  readOnlyUser: boolean;
  /** The job's owner's account is disabled (read by `findForCaller` and `listVisible`). */
  ownerDisabled?: boolean;
  /**
   * Who owns the job a share was made from (its `source_job_id`), when read: the owner of an
   * album may stop the shares its members made of it ([Note: Derived shares]).
   */
  sourceOwnerId?: string | null;
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
    /**
     * One read for access: the job, its owner's name, the caller's membership and account.
     * Scalar subqueries, not joins: SQLite answered the joined form several times slower
     * (0.5 ms against 0.15 ms), and every call on a job asks this (issue #23 read throughput).
     */
    async findForCaller(id: string, userId: string | null): Promise<JobForCaller | undefined> {
      const row = await db
        .selectFrom('jobs')
        .selectAll('jobs')
        .select((eb) => [
          eb
            .selectFrom('users as owner')
            .select('owner.name')
            .whereRef('owner.id', '=', 'jobs.owner_id')
            // The jobs of an account being deleted open for nobody ([Note: Account deletion]).
            .where('owner.deletion_requested_at', 'is', null)
            .as('owner_name'),
          eb
            .selectFrom('users as owner')
            .select('owner.disabled_at')
            .whereRef('owner.id', '=', 'jobs.owner_id')
            .as('owner_disabled_at'),
          // Null but for shares: one index lookup on a null key costs nothing.
          eb
            .selectFrom('jobs as source')
            .select('source.owner_id')
            .whereRef('source.id', '=', 'jobs.source_job_id')
            .as('source_owner_id'),
        ])
        .$if(userId !== null, (q) =>
          q
            .select((eb) => {
              const member = eb
                .selectFrom('job_members as m')
                .whereRef('m.job_id', '=', 'jobs.id')
                .where('m.user_id', '=', userId ?? '');
              return [
                member.select('m.subscribed').as('m_subscribed'),
                member.select('m.created_at').as('m_created_at'),
                member.select('m.updated_at').as('m_updated_at'),
              ];
            })
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
      // The inner join this was: a job whose owner is gone (or leaving) is no job.
      if (!row || row.owner_name === null) return undefined;
      const {
        owner_name,
        owner_disabled_at,
        source_owner_id,
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
              subscribed: m_subscribed,
              created_at: Number(m_created_at),
              updated_at: Number(m_updated_at),
            }
          : undefined;
      return {
        job,
        ownerName: owner_name ?? '',
        member,
        readOnlyUser: caller_read_only === 1,
        ownerDisabled: owner_disabled_at !== null,
        sourceOwnerId: source_owner_id,
      };
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
    /**
     * The jobs a user sees in their lists: their own and the albums they subscribed to, not
     * deleted, most recently changed first, each with what access needs (one query).
     */
    async listVisible(userId: string, types: readonly string[]): Promise<JobForCaller[]> {
      const rows = await db
        .selectFrom('jobs')
        .innerJoin('users as owner', 'owner.id', 'jobs.owner_id')
        .leftJoin('job_members as m', (join) =>
          join.onRef('m.job_id', '=', 'jobs.id').on('m.user_id', '=', userId),
        )
        .selectAll('jobs')
        .select([
          'owner.name as owner_name',
          'owner.disabled_at as owner_disabled_at',
          'm.subscribed as m_subscribed',
          'm.created_at as m_created_at',
          'm.updated_at as m_updated_at',
        ])
        .select((eb) =>
          eb.selectFrom('users').select('is_read_only').where('users.id', '=', userId).as('caller_read_only'),
        )
        .where('jobs.type', 'in', types)
        .where('jobs.deleted_at', 'is', null)
        .where('owner.deletion_requested_at', 'is', null)
        .where((eb) => eb.or([eb('jobs.owner_id', '=', userId), eb('m.subscribed', '=', 1)]))
        .orderBy('jobs.updated_at', 'desc')
        .execute();
      return rows.map(
        ({
          owner_name,
          owner_disabled_at,
          m_subscribed,
          m_created_at,
          m_updated_at,
          caller_read_only,
          ...job
        }) => ({
          job,
          ownerName: owner_name,
          ownerDisabled: owner_disabled_at !== null,
          member:
            m_subscribed === null
              ? undefined
              : {
                  job_id: job.id,
                  user_id: userId,
                  subscribed: m_subscribed,
                  created_at: Number(m_created_at),
                  updated_at: Number(m_updated_at),
                },
          readOnlyUser: caller_read_only === 1,
        }),
      );
    },
    /**
     * The details of spec 000 §3 for many jobs in one query: participants, active media and
     * their bytes, HEIC, the newest file with thumbnails and whether the chosen cover is
     * still there.
     * Comments and reactions count once they exist (#12).
     */
    async detailsOf(jobs: readonly Pick<JobRow, 'id' | 'cover_id'>[]): Promise<JobDetails[]> {
      if (jobs.length === 0) return [];
      const ids = jobs.map((job) => job.id);
      const rows = await db
        .selectFrom('jobs as j')
        .select((eb) => [
          'j.id',
          eb
            .selectFrom('job_members')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('job_members.job_id', '=', 'j.id')
            .where('job_members.subscribed', '=', 1)
            .as('participant_count'),
          eb
            .selectFrom('files')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('files.job_id', '=', 'j.id')
            .where('files.state', '=', 'active')
            .as('media_count'),
          eb
            .selectFrom('files')
            .select((sub) => sub.fn.coalesce(sub.fn.sum<number | string>('files.size'), sub.lit(0)).as('n'))
            .whereRef('files.job_id', '=', 'j.id')
            .where('files.state', '=', 'active')
            .as('size'),
          eb
            .selectFrom('files')
            .select('files.id')
            .whereRef('files.job_id', '=', 'j.id')
            .where('files.state', '=', 'active')
            .where((w) =>
              w.or([
                w('files.name', 'like', '%.heic'),
                w('files.name', 'like', '%.HEIC'),
                w('files.name', 'like', '%.heif'),
                w('files.name', 'like', '%.HEIF'),
              ]),
            )
            .limit(1)
            .as('heic_id'),
          eb
            .selectFrom('files')
            .select('files.id')
            .whereRef('files.job_id', '=', 'j.id')
            .where('files.state', '=', 'active')
            // The cover shows a thumbnail: a file still processing has none yet, and another
            // member's fresh upload turned the cover into a broken image (issue #23).
            .where('files.media_status', '=', 'ready')
            .orderBy('files.uploaded_at', 'desc')
            .orderBy('files.id', 'desc')
            .limit(1)
            .as('newest_file_id'),
          eb
            .selectFrom('files')
            .select('files.id')
            .whereRef('files.job_id', '=', 'j.id')
            .whereRef('files.id', '=', 'j.cover_id')
            .where('files.state', '=', 'active')
            .as('cover_file_id'),
          // Counted from the rows (comments and loves of active files), never kept in a
          // counter: concurrent posts cannot skew them (issue #12).
          eb
            .selectFrom('comments')
            .innerJoin('files as cf', 'cf.id', 'comments.file_id')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('comments.job_id', '=', 'j.id')
            .where('cf.state', '=', 'active')
            .as('comment_count'),
          eb
            .selectFrom('reactions')
            .innerJoin('files as rf', 'rf.id', 'reactions.file_id')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('reactions.job_id', '=', 'j.id')
            .where('rf.state', '=', 'active')
            .as('reaction_count'),
        ])
        .where('j.id', 'in', ids)
        .execute();
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => {
        const row = byId.get(id);
        return {
          // The owner takes part too: an album of one person has one participant.
          participant_count: (row?.participant_count ?? 0) + 1,
          media_count: row?.media_count ?? 0,
          comment_count: row?.comment_count ?? 0,
          reaction_count: row?.reaction_count ?? 0,
          size: Number(row?.size ?? 0),
          has_heic: row?.heic_id != null,
          newest_file_id: row?.newest_file_id ?? null,
          cover_active: row?.cover_file_id != null,
        };
      });
    },
    async update(id: string, values: Updateable<JobsTable>): Promise<void> {
      await db.updateTable('jobs').set(values).where('id', '=', id).execute();
    },
    /** Ends every visitor grant and visitor media URL of the job (see [Note: Visitors]). */
    async bumpAuthEpoch(id: string): Promise<void> {
      await db
        .updateTable('jobs')
        .set((eb) => ({ auth_epoch: eb('auth_epoch', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },
    /** Subscribes (again): one row per user and album, kept after leaving. */
    async subscribe(jobId: string, userId: string, now: number): Promise<void> {
      await db
        .insertInto('job_members')
        .values({ job_id: jobId, user_id: userId, subscribed: 1, created_at: now, updated_at: now })
        .onConflict((oc) => oc.columns(['job_id', 'user_id']).doUpdateSet({ subscribed: 1, updated_at: now }))
        .execute();
    },
    /** Everyone who ever subscribed, with their names, first subscribed first. */
    listMembers(jobId: string) {
      return db
        .selectFrom('job_members as m')
        .innerJoin('users', 'users.id', 'm.user_id')
        .select(['m.user_id', 'm.subscribed', 'users.name'])
        .where('m.job_id', '=', jobId)
        .orderBy('m.created_at')
        .orderBy('m.user_id')
        .execute();
    },
    /**
     * The live shares made from `sourceJobId` ([Note: Derived shares]), each with what access
     * needs of its maker there now: their membership and whether they are a read-only user.
     */
    liveSharesFrom(sourceJobId: string) {
      return db
        .selectFrom('jobs')
        .innerJoin('users', 'users.id', 'jobs.owner_id')
        .leftJoin('job_members as m', (join) =>
          join.onRef('m.user_id', '=', 'jobs.owner_id').on('m.job_id', '=', sourceJobId),
        )
        .select(['jobs.id', 'jobs.owner_id', 'users.is_read_only', 'm.subscribed'])
        .where('jobs.source_job_id', '=', sourceJobId)
        .where('jobs.type', '=', 'share')
        .where('jobs.deleted_at', 'is', null)
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
