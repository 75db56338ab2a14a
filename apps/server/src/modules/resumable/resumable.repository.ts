import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, ResumableUploadsTable } from '../../db/schema.ts';

export type ResumableRow = Selectable<ResumableUploadsTable>;

/** Resumable uploads in progress (tus). */
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
    async setOffset(id: string, offset: number, at: number): Promise<void> {
      await db
        .updateTable('resumable_uploads')
        .set({ offset, updated_at: at })
        .where('id', '=', id)
        .execute();
    },
    async setResult(id: string, result: string, at: number): Promise<void> {
      await db
        .updateTable('resumable_uploads')
        .set({ result, updated_at: at })
        .where('id', '=', id)
        .execute();
    },
    async delete(id: string): Promise<void> {
      await db.deleteFrom('resumable_uploads').where('id', '=', id).execute();
    },
    /** Uploads untouched since `before`: abandoned, for fsck to remove. */
    listStale(before: number): Promise<ResumableRow[]> {
      return db.selectFrom('resumable_uploads').selectAll().where('updated_at', '<', before).execute();
    },
  };
}
export type ResumableRepository = ReturnType<typeof createResumableRepository>;
