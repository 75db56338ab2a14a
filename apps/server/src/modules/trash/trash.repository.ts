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

    /**
     * Deletes the files of ended shares made from any of `ids` ([Note: Derived shares]):
     * nobody opens them any more, and they must not keep the bytes a deletion for good of
     * their sources frees until the purge comes for their share.
     */
    async deleteEndedDerived(ids: readonly string[]): Promise<number> {
      if (ids.length === 0) return 0;
      const result = await db
        .deleteFrom('files')
        .where('source_file_id', 'in', ids)
        .where('job_id', 'in', (eb) =>
          eb.selectFrom('jobs').select('id').where('type', '=', 'share').where('deleted_at', 'is not', null),
        )
        .executeTakeFirst();
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

    /**
     * The deleted albums `ownerId` owns (spec 000 §3 Deleted album), the latest deletion first,
     * each with how many files a restore brings back and the file to show as its cover.
     */
    async deletedAlbumsOf(ownerId: string) {
      const albums = await db
        .selectFrom('jobs')
        .select(['id', 'title', 'deleted_at', 'cover_id'])
        .where('owner_id', '=', ownerId)
        .where('type', '=', 'story')
        .where('deleted_at', 'is not', null)
        .where('purge_started_at', 'is', null)
        .orderBy('deleted_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      if (albums.length === 0) return [];
      const files = await db
        .selectFrom('files as f')
        .innerJoin('jobs as j', 'j.id', 'f.job_id')
        .select(['f.id', 'f.job_id', 'f.media_status'])
        .where(
          'f.job_id',
          'in',
          albums.map((album) => album.id),
        )
        .where((eb) =>
          eb.or([
            eb('f.state', '=', 'active'),
            eb.and([eb('f.state', '=', 'trashed'), eb('f.dtime', '>=', eb.ref('j.deleted_at'))]),
          ]),
        )
        .orderBy('f.taken_at', 'desc')
        .orderBy('f.id', 'desc')
        .execute();
      return albums.map((album) => {
        const mine = files.filter((file) => file.job_id === album.id);
        const cover = mine.find((file) => file.id === album.cover_id) ?? mine[0];
        return { ...album, deleted_at: album.deleted_at ?? 0, media_count: mine.length, cover };
      });
    },

    /**
     * Brings a deleted album back, with the files that were in it when it was deleted (spec
     * 000 §4: removing an album's last file deletes the album, so that file comes back too;
     * files trashed before stay in the trash). Answers those files, or undefined when the
     * album is not deleted (any more).
     */
    async restoreAlbum(jobId: string) {
      // The row is taken first (a no-op update: its lock in PostgreSQL, the write lock in
      // SQLite), so a deletion for good cannot start in between: one that started wins.
      const taken = await db
        .updateTable('jobs')
        .set((eb) => ({ deleted_at: eb.ref('deleted_at') }))
        .where('id', '=', jobId)
        .where('deleted_at', 'is not', null)
        .where('purge_started_at', 'is', null)
        .executeTakeFirst();
      if (taken.numUpdatedRows === 0n) return undefined;
      const job = await db.selectFrom('jobs').select('deleted_at').where('id', '=', jobId).executeTakeFirst();
      if (job?.deleted_at == null) return undefined;
      const files = await db
        .updateTable('files')
        .set({ state: 'active', dtime: null })
        .where('job_id', '=', jobId)
        .where('state', '=', 'trashed')
        .where('dtime', '>=', job.deleted_at)
        .returningAll()
        .execute();
      await db.updateTable('jobs').set({ deleted_at: null }).where('id', '=', jobId).execute();
      return files;
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

    /**
     * Shares that ended (issue #15): stopped by their owner, or past their time, which are
     * first marked deleted at their end so they go the way deleted albums go.
     */
    async endedShares(now: number, limit: number): Promise<string[]> {
      await db
        .updateTable('jobs')
        .set((eb) => ({ deleted_at: eb.ref('expires_at') }))
        .where('type', '=', 'share')
        .where('deleted_at', 'is', null)
        .where('expires_at', '<=', now)
        .execute();
      const rows = await db
        .selectFrom('jobs')
        .select('id')
        .where('type', '=', 'share')
        .where('deleted_at', '<=', now)
        .orderBy('deleted_at')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Marks the album (deleted before `deletedBefore`) as being deleted for good, from now on
     * beyond restoring; answers false when it is not such an album (any more).
     */
    async startAlbumPurge(jobId: string, deletedBefore: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('jobs')
        .set((eb) => ({ purge_started_at: eb.fn.coalesce('purge_started_at', eb.val(now)) }))
        .where('id', '=', jobId)
        .where('deleted_at', '<', deletedBefore)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * Some files of a deleted album, whatever their state (an album going for good); none once
     * the album was restored, so a restore racing a deletion loses nothing.
     */
    filesOfDeletedJob(jobId: string, deletedBefore: number, limit: number) {
      return db
        .selectFrom('files as f')
        .innerJoin('jobs as j', 'j.id', 'f.job_id')
        .select(['f.id', 'f.blob_id'])
        .where('f.job_id', '=', jobId)
        .where('j.deleted_at', '<', deletedBefore)
        .limit(limit)
        .execute();
    },

    /**
     * Deletes a deleted album (deleted before `deletedBefore`) that has no files left; its
     * members, events and comments go with it.
     */
    async deleteEmptyJob(jobId: string, deletedBefore: number): Promise<boolean> {
      const result = await db
        .deleteFrom('jobs')
        .where('id', '=', jobId)
        .where('deleted_at', '<', deletedBefore)
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
