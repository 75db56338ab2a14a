import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, ResumablePartsTable, ResumableUploadsTable } from '../../db/schema.ts';

export type ResumableRow = Selectable<ResumableUploadsTable>;
export type ResumablePart = Selectable<ResumablePartsTable>;

/** An upload untouched this long is abandoned: the hourly purge (and fsck) remove it. */
export const ABANDONED_AFTER_MS = 86_400_000;

/**
 * Resumable uploads in progress (tus). Offsets only move by compare-and-set from the offset
 * a writer started at: when two requests (on two nodes) write one upload, one wins and the
 * other is told where the upload now is, so bytes are never counted twice or skipped.
 * `advance` opens a transaction of its own: not for use inside another.
 */
export function createResumableRepository(db: Kysely<Database>) {
  return {
    async insert(row: Insertable<ResumableUploadsTable>): Promise<void> {
      await db.insertInto('resumable_uploads').values(row).execute();
    },
    /** The caller's upload; another user's is not found (see [Note: Access]). */
    find(userId: string, id: string): Promise<ResumableRow | undefined> {
      return db
        .selectFrom('resumable_uploads')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },
    /**
     * Moves the offset from `from` to `to`, with the part that holds those bytes when they
     * live in the blob store, in one transaction. False when the offset was no longer
     * `from` (another request got there first): nothing was written.
     */
    async advance(
      id: string,
      from: number,
      to: number,
      at: number,
      part?: { key: string; size: number },
    ): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        const moved = await tx
          .updateTable('resumable_uploads')
          .set({ offset: to, updated_at: at })
          .where('id', '=', id)
          .where('offset', '=', from)
          .where('result', 'is', null)
          .executeTakeFirst();
        if (moved.numUpdatedRows !== 1n) return false;
        if (part) {
          await tx
            .insertInto('resumable_parts')
            .values({ upload_id: id, offset: from, size: part.size, store_key: part.key, created_at: at })
            .execute();
        }
        return true;
      });
    },
    /** How many parts the upload keeps in the blob store (bounded: see [Note: Resumable limits]). */
    async countParts(id: string): Promise<number> {
      const row = await db
        .selectFrom('resumable_parts')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('upload_id', '=', id)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    /**
     * The user's unfinished uploads touched since `since`, but `except`: how many, and the
     * bytes they hold (their offsets), which count against the user's storage.
     */
    async openOf(userId: string, since: number, except?: string): Promise<{ count: number; held: number }> {
      let query = db
        .selectFrom('resumable_uploads')
        .select((eb) => [
          eb.fn.countAll<string | number>().as('count'),
          eb.fn.sum<string | number | null>('offset').as('held'),
        ])
        .where('user_id', '=', userId)
        .where('result', 'is', null)
        .where('updated_at', '>=', since);
      if (except) query = query.where('id', '!=', except);
      const row = await query.executeTakeFirst();
      return { count: Number(row?.count ?? 0), held: Number(row?.held ?? 0) };
    },
    /** The upload's parts in the blob store, in order. */
    listParts(id: string): Promise<ResumablePart[]> {
      return db
        .selectFrom('resumable_parts')
        .selectAll()
        .where('upload_id', '=', id)
        .orderBy('offset')
        .execute();
    },
    async setResult(id: string, result: string, at: number): Promise<void> {
      await db
        .updateTable('resumable_uploads')
        .set({ result, updated_at: at })
        .where('id', '=', id)
        .execute();
    },
    /** Forgets the parts (their bytes are the caller's to delete, after this). */
    async deleteParts(id: string): Promise<void> {
      await db.deleteFrom('resumable_parts').where('upload_id', '=', id).execute();
    },
    /** Removes the upload and its parts' rows; returns the parts' store keys to delete. */
    async delete(id: string): Promise<string[]> {
      return db.transaction().execute(async (tx) => {
        const parts = await tx
          .selectFrom('resumable_parts')
          .select('store_key')
          .where('upload_id', '=', id)
          .execute();
        await tx.deleteFrom('resumable_parts').where('upload_id', '=', id).execute();
        await tx.deleteFrom('resumable_uploads').where('id', '=', id).execute();
        return parts.map((part) => part.store_key);
      });
    },
    /** Uploads untouched since `before`: abandoned, for fsck to remove. */
    listStale(before: number): Promise<ResumableRow[]> {
      return db.selectFrom('resumable_uploads').selectAll().where('updated_at', '<', before).execute();
    },
  };
}
export type ResumableRepository = ReturnType<typeof createResumableRepository>;
