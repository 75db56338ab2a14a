import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { JobForCaller } from '../jobs/jobs.repository.ts';

/** Where a page of links starts: at or before `before` (ms), skipping `skip` rows made then. */
export interface LinksPage {
  before: number | null;
  skip: number;
  limit: number;
}

/**
 * The links of `userId` live at `now` (see [Note: My shared links]):
 * - their shares not stopped and not past `expires_at` (spec 000 §9);
 * - their albums that are shared (the /a/{id} link opens them), not in the trash;
 * - the live shares others made from the user's albums ([Note: Derived shares]): a share
 *   whose source job is owned by `userId`. A share from a timeline is its maker's own.
 */
function linksOf(eb: ExpressionBuilder<Database, 'jobs'>, userId: string, now: number) {
  const liveShare = eb.and([eb('jobs.type', '=', 'share'), eb('jobs.expires_at', '>', now)]);
  return eb.and([
    eb('jobs.deleted_at', 'is', null),
    eb.or([
      eb.and([
        eb('jobs.owner_id', '=', userId),
        eb.or([
          liveShare,
          eb.and([
            eb('jobs.type', '=', 'story'),
            eb('jobs.privacy_mode', '=', 'shared'),
            eb('jobs.purge_started_at', 'is', null),
          ]),
        ]),
      ]),
      eb.and([
        liveShare,
        eb('jobs.owner_id', '!=', userId),
        eb(
          'jobs.source_job_id',
          'in',
          eb
            .selectFrom('jobs as mine')
            .select('mine.id')
            .where('mine.owner_id', '=', userId)
            .where('mine.type', '=', 'story'),
        ),
      ]),
    ]),
  ]);
}

/** A link's row: the job with what access needs, and the album a share was made from. */
export interface LinkRow extends JobForCaller {
  /** The title of the album a share was made from; null for an album or a timeline's share. */
  sourceAlbumTitle: string | null;
}

/** Queries of the "My shared links" page. */
export function createMyLinksRepository(db: Kysely<Database>) {
  return {
    /**
     * One page of the user's live links, newest first (created_at, then id), each with what
     * access needs of the caller; one row more than `limit` says a next page exists.
     */
    async page(userId: string, now: number, page: LinksPage): Promise<LinkRow[]> {
      const rows = await db
        .selectFrom('jobs')
        .innerJoin('users as owner', 'owner.id', 'jobs.owner_id')
        .leftJoin('jobs as source', (join) =>
          join.onRef('source.id', '=', 'jobs.source_job_id').on('source.type', '=', 'story'),
        )
        .selectAll('jobs')
        .select([
          'owner.name as owner_name',
          'owner.disabled_at as owner_disabled_at',
          'source.owner_id as source_owner_id',
          'source.title as source_title',
        ])
        .select((eb) =>
          eb.selectFrom('users').select('is_read_only').where('users.id', '=', userId).as('caller_read_only'),
        )
        .where((eb) => linksOf(eb, userId, now))
        .$if(page.before !== null, (q) => q.where('jobs.created_at', '<=', page.before ?? 0))
        .orderBy('jobs.created_at', 'desc')
        .orderBy('jobs.id', 'desc')
        .offset(page.skip)
        .limit(page.limit + 1)
        .execute();
      return rows.map(
        ({ owner_name, owner_disabled_at, caller_read_only, source_owner_id, source_title, ...job }) => ({
          job,
          ownerName: owner_name,
          // A link's job is the caller's own, or a share of their album: no membership is involved.
          member: undefined,
          readOnlyUser: caller_read_only === 1,
          // A disabled maker's share opens for nobody, so it is nobody's link.
          ownerDisabled: owner_disabled_at !== null,
          sourceOwnerId: source_owner_id,
          sourceAlbumTitle: source_title,
        }),
      );
    },

    /** Up to `perJob` active pictures and videos of each job, newest taken first. */
    async thumbFilesOf(jobIds: readonly string[], perJob: number): Promise<Map<string, string[]>> {
      const byJob = new Map<string, string[]>();
      if (jobIds.length === 0) return byJob;
      const rows = await db
        .selectFrom((eb) =>
          eb
            .selectFrom('files')
            .select([
              'files.job_id',
              'files.id',
              sql<number>`row_number() over (partition by files.job_id order by files.taken_at desc, files.id desc)`.as(
                'n',
              ),
            ])
            .where('files.job_id', 'in', jobIds)
            .where('files.state', '=', 'active')
            .where('files.media_status', '=', 'ready')
            .where('files.type', '!=', 'Documents')
            .as('ranked'),
        )
        .select(['ranked.job_id', 'ranked.id'])
        .where('ranked.n', '<=', perJob)
        .orderBy('ranked.job_id')
        .orderBy('ranked.n')
        .execute();
      for (const row of rows) byJob.set(row.job_id, [...(byJob.get(row.job_id) ?? []), row.id]);
      return byJob;
    },
  };
}
export type MyLinksRepository = ReturnType<typeof createMyLinksRepository>;
