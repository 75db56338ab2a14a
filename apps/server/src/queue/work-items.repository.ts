import { randomUUID } from 'node:crypto';
import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import { insertRows } from '../db/insert-rows.ts';
import type { Database, WorkItemsTable } from '../db/schema.ts';

export type WorkItemRow = Selectable<WorkItemsTable>;

/**
 * Work items of the embedded queue. They are written in the transaction of the change that
 * needs them, so work is never lost between "stored" and "queued"; a worker claims one by a
 * conditional update with a lease, so two workers never run the same item at once.
 */
export function createWorkItemsRepository(db: Kysely<Database>) {
  return {
    /** Queues an item, runnable from `runAfter` (default: now). */
    async enqueue(item: {
      kind: string;
      payload: Record<string, unknown>;
      now: number;
      runAfter?: number;
    }): Promise<string> {
      const id = randomUUID();
      await db
        .insertInto('work_items')
        .values({
          id,
          kind: item.kind,
          payload: JSON.stringify(item.payload),
          state: 'queued',
          run_after: item.runAfter ?? item.now,
          locked_until: null,
          last_error: null,
          created_at: item.now,
        })
        .execute();
      return id;
    },
    /** Queues items of one kind at once (a share of 500 pending photos): one insert a few hundred. */
    async enqueueMany(
      kind: string,
      payloads: readonly Record<string, unknown>[],
      now: number,
    ): Promise<void> {
      const rows = payloads.map((payload) => ({
        id: randomUUID(),
        kind,
        payload: JSON.stringify(payload),
        state: 'queued',
        run_after: now,
        attempts: 0,
        locked_until: null,
        last_error: null,
        created_at: now,
      }));
      // 9 columns a row: 1,000 rows stay under SQLite's 32,766 bound variables.
      await insertRows(db, 'work_items', rows, 1000);
    },
    /** Claims the oldest runnable item of a kind for `leaseMs`; undefined when none. */
    async claim(kind: string, now: number, leaseMs: number): Promise<WorkItemRow | undefined> {
      for (let attempt = 0; attempt < 5; attempt++) {
        const candidate = await db
          .selectFrom('work_items')
          .selectAll()
          .where('kind', '=', kind)
          .where('state', '=', 'queued')
          .where('run_after', '<=', now)
          .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
          .orderBy('run_after')
          .limit(1)
          .executeTakeFirst();
        if (!candidate) return undefined;
        const claimed = await db
          .updateTable('work_items')
          .set((eb) => ({ locked_until: now + leaseMs, attempts: eb('attempts', '+', 1) }))
          .where('id', '=', candidate.id)
          .where('state', '=', 'queued')
          .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
          .executeTakeFirst();
        if (claimed.numUpdatedRows === 1n) return { ...candidate, attempts: candidate.attempts + 1 };
      }
      return undefined;
    },
    /** Extends the claim of an item still being worked on (see LEASE_MS in work-queue.ts). */
    async renew(id: string, lockedUntil: number): Promise<void> {
      await db
        .updateTable('work_items')
        .set({ locked_until: lockedUntil })
        .where('id', '=', id)
        .where('state', '=', 'queued')
        .execute();
    },
    /**
     * Hands back a claim taken as attempt `attempts` (See: [Note: Work hand-back]): the item
     * is claimable at once, and that attempt is given back. The attempt count names the
     * claim: if the lease had run out and another worker claimed the item since, its count
     * moved on and this changes nothing. False when there was nothing to hand back.
     */
    async release(id: string, attempts: number): Promise<boolean> {
      const result = await db
        .updateTable('work_items')
        .set((eb) => ({ locked_until: null, attempts: eb('attempts', '-', 1) }))
        .where('id', '=', id)
        .where('state', '=', 'queued')
        .where('attempts', '=', attempts)
        .where('locked_until', 'is not', null)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
    /** Items that will not run by themselves: failed for good, or claimed and not renewed. */
    listStuck(before: number): Promise<WorkItemRow[]> {
      return db
        .selectFrom('work_items')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb('state', '=', 'failed'),
            eb.and([eb('state', '=', 'queued'), eb('locked_until', '<', before)]),
          ]),
        )
        .execute();
    },
    /**
     * A page of the items that will not run by themselves (see listStuck), the oldest first,
     * and how many of each kind there are, for the operator.
     */
    async pageStuck(
      now: number,
      offset: number,
      limit: number,
    ): Promise<{ rows: WorkItemRow[]; kinds: { kind: string; failed: number; stuck: number }[] }> {
      const stuck = (eb: ExpressionBuilder<Database, 'work_items'>) =>
        eb.or([
          eb('state', '=', 'failed'),
          eb.and([eb('state', '=', 'queued'), eb('locked_until', '<', now)]),
        ]);
      const rows = await db
        .selectFrom('work_items')
        .selectAll()
        .where(stuck)
        .orderBy('created_at')
        .orderBy('id')
        .offset(offset)
        .limit(limit)
        .execute();
      const counts = await db
        .selectFrom('work_items')
        .select(['kind', 'state', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where(stuck)
        .groupBy(['kind', 'state'])
        .orderBy('kind')
        .execute();
      const kinds = new Map<string, { kind: string; failed: number; stuck: number }>();
      for (const { kind, state, n } of counts) {
        const entry = kinds.get(kind) ?? { kind, failed: 0, stuck: 0 };
        if (state === 'failed') entry.failed += Number(n);
        else entry.stuck += Number(n);
        kinds.set(kind, entry);
      }
      return { rows, kinds: [...kinds.values()] };
    },

    /**
     * The operator's retry: a failed item, or one whose lease ran out, goes back to the front
     * of the queue with all its attempts again. False when it is neither (done, running,
     * gone): a retry never takes an item from a worker that holds it.
     */
    async requeueStuck(id: string, now: number): Promise<WorkItemRow | undefined> {
      const item = await db.selectFrom('work_items').selectAll().where('id', '=', id).executeTakeFirst();
      if (!item) return undefined;
      const result = await db
        .updateTable('work_items')
        .set({ state: 'queued', run_after: now, locked_until: null, attempts: 0 })
        .where('id', '=', id)
        .where((eb) =>
          eb.or([
            eb('state', '=', 'failed'),
            eb.and([eb('state', '=', 'queued'), eb('locked_until', '<', now)]),
          ]),
        )
        .executeTakeFirst();
      return result.numUpdatedRows === 1n ? item : undefined;
    },

    /** Puts an item back at the front of the queue with all its attempts again. */
    async requeue(id: string, now: number): Promise<void> {
      await db
        .updateTable('work_items')
        .set({ state: 'queued', run_after: now, locked_until: null, attempts: 0 })
        .where('id', '=', id)
        .execute();
    },
    /** Removes an item nobody has claimed (work that is no longer wanted); false if claimed. */
    async cancel(id: string, now: number): Promise<boolean> {
      const result = await db
        .deleteFrom('work_items')
        .where('id', '=', id)
        .where('state', '=', 'queued')
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
        .executeTakeFirst();
      return result.numDeletedRows === 1n;
    },
    async complete(id: string): Promise<void> {
      await db.deleteFrom('work_items').where('id', '=', id).execute();
    },
    /** Puts an item back for a later try, or marks it failed for good. */
    async fail(id: string, error: string, retryAt: number | null): Promise<void> {
      await db
        .updateTable('work_items')
        .set({
          state: retryAt === null ? 'failed' : 'queued',
          run_after: retryAt ?? 0,
          locked_until: null,
          last_error: error.slice(0, 2000),
        })
        .where('id', '=', id)
        .execute();
    },
    countQueued(kind: string): Promise<number> {
      return db
        .selectFrom('work_items')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('kind', '=', kind)
        .where('state', '=', 'queued')
        .executeTakeFirstOrThrow()
        .then((r) => r.n);
    },
  };
}
export type WorkItemsRepository = ReturnType<typeof createWorkItemsRepository>;
