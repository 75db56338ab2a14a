import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The work items of one kind by what they wait for, and how long the oldest due one has waited. */
export interface QueueDepth {
  kind: string;
  /** Due and free to claim (a lease that ran out counts: the next claim takes it). */
  ready: number;
  /** Claimed under a live lease: running, or relayed to BullMQ and waiting there. */
  claimed: number;
  /** Not due yet: a retry's backoff, or work scheduled for later (an account deletion). */
  delayed: number;
  /** Out of attempts, kept for the operator (fsck and the admin screen queue them again). */
  failed: number;
  /** run_after of the oldest item that is due and not done (ready or claimed); null when none. */
  oldestDueAt: number | null;
}

/**
 * The work_items table by kind (issue #26 metrics), in one grouped read: the queue's own
 * record on both queues, since BullMQ only ever holds items the table still has.
 */
export async function readQueueDepth(db: Kysely<Database>, now: number): Promise<QueueDepth[]> {
  const queued = sql`state = 'queued'`;
  const leased = sql`(locked_until IS NOT NULL AND locked_until >= ${now})`;
  const rows = await db
    .selectFrom('work_items')
    .select([
      'kind',
      sql<
        number | string
      >`SUM(CASE WHEN ${queued} AND NOT ${leased} AND run_after <= ${now} THEN 1 ELSE 0 END)`.as('ready'),
      sql<number | string>`SUM(CASE WHEN ${queued} AND ${leased} THEN 1 ELSE 0 END)`.as('claimed'),
      sql<
        number | string
      >`SUM(CASE WHEN ${queued} AND NOT ${leased} AND run_after > ${now} THEN 1 ELSE 0 END)`.as('delayed'),
      sql<number | string>`SUM(CASE WHEN state = 'failed' THEN 1 ELSE 0 END)`.as('failed'),
      sql<number | string | null>`MIN(CASE WHEN ${queued} AND run_after <= ${now} THEN run_after END)`.as(
        'oldest_due_at',
      ),
    ])
    .groupBy('kind')
    .orderBy('kind')
    .execute();
  return rows.map((row) => ({
    kind: row.kind,
    ready: Number(row.ready),
    claimed: Number(row.claimed),
    delayed: Number(row.delayed),
    failed: Number(row.failed),
    oldestDueAt: row.oldest_due_at === null ? null : Number(row.oldest_due_at),
  }));
}
