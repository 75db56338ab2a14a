import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A blob no file names any more: its row goes, its owner gets its size back. */
export interface ReleasedBlob {
  id: string;
  owner_id: string;
  size: number;
  store_key: string;
}

/**
 * The trash of each user (spec 000 §3 Trash file, §6 "trash is for the user's own files":
 * the trashed files of the jobs they own) and the permanent deletion that frees storage
 * (issue #13, see [Note: Releasing storage]).
 */
export function createTrashRepository(db: Kysely<Database>) {
  /** The trashed files of the live jobs `ownerId` owns (spec 000 §6: their own trash). */
  const trashOf = (ownerId: string) =>
    db
      .selectFrom('files as f')
      .innerJoin('jobs as j', 'j.id', 'f.job_id')
      .where('j.owner_id', '=', ownerId)
      .where('j.deleted_at', 'is', null)
      .where('f.state', '=', 'trashed');

  return {
    /** A page of the owner's trash, the latest deletion first, and how many files it holds. */
    async listTrash(ownerId: string, offset: number, limit: number) {
      const [files, total] = await Promise.all([
        trashOf(ownerId)
          .selectAll('f')
          .orderBy('f.dtime', 'desc')
          .orderBy('f.id', 'desc')
          .offset(offset)
          .limit(limit)
          .execute(),
        trashOf(ownerId)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst(),
      ]);
      return { files, total: total?.n ?? 0 };
    },

    /**
     * Of `ids` (or of all when undefined), the trashed files of jobs `ownerId` owns that are
     * not deleted albums, with their blobs.
     */
    trashedOf(ownerId: string, ids?: readonly string[]) {
      let query = trashOf(ownerId).select(['f.id', 'f.job_id', 'f.blob_id']);
      if (ids !== undefined) query = query.where('f.id', 'in', ids.length > 0 ? ids : ['']);
      return query.execute();
    },

    /**
     * Takes the blobs' rows for this transaction (a no-op update: a row lock in PostgreSQL,
     * the write lock in SQLite), so two deletions of files sharing a blob cannot each see the
     * other's file still there and both keep it.
     */
    async lockBlobs(blobIds: readonly string[]): Promise<void> {
      if (blobIds.length === 0) return;
      await db
        .updateTable('blobs')
        .set((eb) => ({ created_at: eb.ref('created_at') }))
        .where('id', 'in', [...blobIds].sort())
        .execute();
    },

    async deleteFiles(ids: readonly string[]): Promise<number> {
      if (ids.length === 0) return 0;
      const result = await db.deleteFrom('files').where('id', 'in', ids).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Of `blobIds`, the blobs no file names any more. */
    unreferenced(blobIds: readonly string[]): Promise<ReleasedBlob[]> {
      if (blobIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('blobs as b')
        .select(['b.id', 'b.owner_id', 'b.size', 'b.store_key'])
        .where('b.id', 'in', blobIds)
        .where((eb) =>
          eb.not(eb.exists(eb.selectFrom('files').select('files.id').whereRef('files.blob_id', '=', 'b.id'))),
        )
        .execute();
    },

    /** Deletes the blobs and their renditions; answers the store keys of the renditions. */
    async deleteBlobs(blobIds: readonly string[]): Promise<string[]> {
      if (blobIds.length === 0) return [];
      const renditions = await db
        .selectFrom('derivatives')
        .select('store_key')
        .where('blob_id', 'in', blobIds)
        .execute();
      await db.deleteFrom('derivatives').where('blob_id', 'in', blobIds).execute();
      await db.deleteFrom('blobs').where('id', 'in', blobIds).execute();
      return renditions.map((row) => row.store_key);
    },

    /** Files in the trash since before `cutoff` (any owner): the purge's (spec 000 §9 90 days). */
    expiredFiles(cutoff: number, limit: number) {
      return db
        .selectFrom('files')
        .select(['id', 'blob_id'])
        .where('state', '=', 'trashed')
        .where('dtime', '<', cutoff)
        .orderBy('dtime')
        .limit(limit)
        .execute();
    },

    /** Albums deleted before `cutoff`: the purge's. */
    async expiredAlbums(cutoff: number, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('jobs')
        .select('id')
        .where('type', '=', 'story')
        .where('deleted_at', '<', cutoff)
        .orderBy('deleted_at')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /** Some files of a job, whatever their state (an album going for good). */
    filesOfJob(jobId: string, limit: number) {
      return db
        .selectFrom('files')
        .select(['id', 'blob_id'])
        .where('job_id', '=', jobId)
        .limit(limit)
        .execute();
    },

    /** Deletes a job that has no files left; its members, events, comments go with it. */
    async deleteEmptyJob(jobId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('jobs')
        .where('id', '=', jobId)
        .where((eb) =>
          eb.not(
            eb.exists(eb.selectFrom('files').select('files.id').whereRef('files.job_id', '=', 'jobs.id')),
          ),
        )
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** Gives `bytes` back to the user's used space. */
    async releaseSpace(userId: string, bytes: number): Promise<void> {
      await db
        .updateTable('users')
        .set((eb) => ({ used_space: eb('used_space', '-', bytes) }))
        .where('id', '=', userId)
        .execute();
    },

    /** Of `keys`, those a blob or rendition row still names (another owner's copy). */
    async stillNamed(keys: readonly string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const [blobs, renditions] = await Promise.all([
        db.selectFrom('blobs').select('store_key').where('store_key', 'in', keys).execute(),
        db.selectFrom('derivatives').select('store_key').where('store_key', 'in', keys).execute(),
      ]);
      return new Set([...blobs, ...renditions].map((row) => row.store_key));
    },
  };
}
export type TrashRepository = ReturnType<typeof createTrashRepository>;
