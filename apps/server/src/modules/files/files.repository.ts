import type { Insertable, Kysely, Selectable } from 'kysely';
import type { BlobsTable, Database, FilesTable } from '../../db/schema.ts';
import type { AlbumFileSort, TimelineFilter } from '@trove/contract';
import { insertRows } from '../../db/insert-rows.ts';

export type FileRow = Selectable<FilesTable>;
/** A file row with what access needs of its job (see `canServeSignedMedia`). */
export type FileWithJob = FileRow & {
  job_owner_id: string;
  job_type: string;
  job_deleted_at: number | null;
  job_expires_at: number | null;
  job_privacy_mode: string;
  job_auth_epoch: number;
};
export type BlobRow = Selectable<BlobsTable>;

/**
 * Where a page of files continues: the last file's sort value (taken or upload time) and
 * id, in the order it was listed in.
 */
export interface FilesCursor {
  sort: AlbumFileSort;
  value: number;
  id: string;
}

/** SQLite rows per multi-row insert: 500 rows of 28 columns stay under 32,766 variables. */
const INSERT_CHUNK = 500;

/** Queries on files and the blobs they point at. */
export function createFilesRepository(db: Kysely<Database>) {
  const deleteByIds = async (rows: readonly { id: string }[]) => {
    if (rows.length > 0)
      await db
        .deleteFrom('files')
        .where(
          'id',
          'in',
          rows.map((row) => row.id),
        )
        .execute();
  };
  return {
    async insertBlob(blob: Insertable<BlobsTable>): Promise<void> {
      await db.insertInto('blobs').values(blob).execute();
    },
    /** The owner's blob with this content, for per-owner deduplication. */
    findOwnerBlob(ownerId: string, sha1: string): Promise<BlobRow | undefined> {
      return db
        .selectFrom('blobs')
        .selectAll()
        .where('owner_id', '=', ownerId)
        .where('sha1', '=', sha1)
        .executeTakeFirst();
    },
    /** A file of the blob whose media the worker has finished (ready or failed), if any. */
    findProcessedOfBlob(blobId: string): Promise<FileRow | undefined> {
      return db
        .selectFrom('files')
        .selectAll()
        .where('blob_id', '=', blobId)
        .where('media_status', '!=', 'pending')
        .limit(1)
        .executeTakeFirst();
    },
    findBlob(id: string): Promise<BlobRow | undefined> {
      return db.selectFrom('blobs').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async insertFile(file: Insertable<FilesTable>): Promise<void> {
      await db.insertInto('files').values(file).execute();
    },
    /** A file with its job's owner and deletion time, in one read (every media request). */
    /**
     * A file and the state of its job that media serving checks. Two point lookups, not a
     * join: SQLite answered the join several times slower than both lookups together, and
     * every thumbnail asks this (issue #23 read throughput).
     */
    async findWithJob(fileId: string): Promise<FileWithJob | undefined> {
      const file = await db.selectFrom('files').selectAll().where('id', '=', fileId).executeTakeFirst();
      if (!file) return undefined;
      const job = await db
        .selectFrom('jobs')
        .select([
          'jobs.owner_id as job_owner_id',
          'jobs.type as job_type',
          'jobs.deleted_at as job_deleted_at',
          'jobs.expires_at as job_expires_at',
          'jobs.privacy_mode as job_privacy_mode',
          'jobs.auth_epoch as job_auth_epoch',
        ])
        .where('id', '=', file.job_id)
        .executeTakeFirst();
      return job && { ...file, ...job };
    },
    findFile(jobId: string, fileId: string): Promise<FileRow | undefined> {
      return db
        .selectFrom('files')
        .selectAll()
        .where('job_id', '=', jobId)
        .where('id', '=', fileId)
        .executeTakeFirst();
    },
    /**
     * The albums (not in the trash) `userId` owns or is subscribed to that hold an active
     * file of this content, by name: where the photo editor's copy of a photo goes too
     * (issue #27). Whether the user may add there is access's to say, album by album.
     */
    albumsHoldingContent(userId: string, sha1: string): Promise<{ id: string; title: string }[]> {
      return db
        .selectFrom('jobs')
        .select(['jobs.id', 'jobs.title'])
        .where('jobs.type', '=', 'story')
        .where('jobs.deleted_at', 'is', null)
        .where((eb) =>
          eb.or([
            eb('jobs.owner_id', '=', userId),
            eb.exists(
              eb
                .selectFrom('job_members')
                .select('job_members.job_id')
                .whereRef('job_members.job_id', '=', 'jobs.id')
                .where('job_members.user_id', '=', userId)
                .where('job_members.subscribed', '=', 1),
            ),
          ]),
        )
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('files')
              .select('files.id')
              .whereRef('files.job_id', '=', 'jobs.id')
              .where('files.sha1', '=', sha1)
              .where('files.state', '=', 'active'),
          ),
        )
        .orderBy('jobs.title')
        .orderBy('jobs.id')
        .execute();
    },
    /** Every active document of a job, the latest upload first (spec 000 §2 /documents). */
    listDocuments(jobId: string, limit: number): Promise<FileRow[]> {
      return db
        .selectFrom('files')
        .selectAll()
        .where('job_id', '=', jobId)
        .where('state', '=', 'active')
        .where('type', '=', 'Documents')
        .orderBy('uploaded_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
    /** The newest file of a job with this content, active ones first. */
    findByChecksum(jobId: string, sha1: string): Promise<FileRow | undefined> {
      return db
        .selectFrom('files')
        .selectAll()
        .where('job_id', '=', jobId)
        .where('sha1', '=', sha1)
        .orderBy('state')
        .orderBy('uploaded_at', 'desc')
        .executeTakeFirst();
    },
    /**
     * Active files of a job in one order (default NEWEST_TAKEN: the timeline's, taken time
     * newest first; ADDED: upload time newest first; OLDEST_TAKEN: taken time oldest
     * first), id breaking ties the same way, after a cursor, bounded by taken and upload times.
     */
    listActive(
      jobId: string,
      query: {
        startMs?: number;
        endMs?: number;
        uploadedSinceMs?: number;
        after?: FilesCursor;
        filter?: TimelineFilter;
        sort?: AlbumFileSort;
      },
      limit: number,
    ): Promise<FileRow[]> {
      let q = db.selectFrom('files').selectAll().where('job_id', '=', jobId).where('state', '=', 'active');
      switch (query.filter) {
        case undefined:
          break;
        case 'all':
          q = q.where('type', '!=', 'Documents');
          break;
        case 'only_images':
          q = q.where('type', '=', 'Pictures');
          break;
        case 'only_videos':
          q = q.where('type', '=', 'Movies');
          break;
        case 'screenshots':
          q = q.where('type', '=', 'Pictures').where('is_screenshot', '=', 1);
          break;
      }
      if (query.startMs !== undefined) q = q.where('taken_at', '>=', query.startMs);
      if (query.endMs !== undefined) q = q.where('taken_at', '<', query.endMs);
      if (query.uploadedSinceMs !== undefined) q = q.where('uploaded_at', '>=', query.uploadedSinceMs);
      const sort = query.sort ?? 'NEWEST_TAKEN';
      const column = sort === 'ADDED' ? 'uploaded_at' : 'taken_at';
      const direction = sort === 'OLDEST_TAKEN' ? 'asc' : 'desc';
      const past = direction === 'asc' ? '>' : '<';
      const after = query.after;
      if (after) {
        q = q.where((eb) =>
          eb.or([
            eb(column, past, after.value),
            eb.and([eb(column, '=', after.value), eb('id', past, after.id)]),
          ]),
        );
      }
      return q.orderBy(column, direction).orderBy('id', direction).limit(limit).execute();
    },
    /**
     * Removes the copies of a blob in its owner's live shares (a photo moved to the trash
     * leaves them, [Note: Shares]); answers the rows removed. Share files are copies: their
     * bytes stay as long as another row names the blob.
     */
    async removeFromLiveShares(ownerId: string, blobId: string): Promise<FileRow[]> {
      const rows = await db
        .selectFrom('files')
        .innerJoin('jobs', 'jobs.id', 'files.job_id')
        .selectAll('files')
        .where('jobs.type', '=', 'share')
        .where('jobs.owner_id', '=', ownerId)
        .where('jobs.deleted_at', 'is', null)
        .where('files.blob_id', '=', blobId)
        .execute();
      await deleteByIds(rows);
      return rows;
    },
    /**
     * Removes the files of live shares made from any of `sourceFileIds` (a file that left
     * the job it was shared from leaves the shares made of it, [Note: Derived shares]);
     * answers the rows removed.
     */
    async removeDerivedFromLiveShares(sourceFileIds: readonly string[]): Promise<FileRow[]> {
      if (sourceFileIds.length === 0) return [];
      const rows = await db
        .selectFrom('files')
        .innerJoin('jobs', 'jobs.id', 'files.job_id')
        .selectAll('files')
        .where('files.source_file_id', 'in', sourceFileIds)
        .where('jobs.type', '=', 'share')
        .where('jobs.deleted_at', 'is', null)
        .execute();
      await deleteByIds(rows);
      return rows;
    },
    /** Inserts many whole file rows at once (see `insertRows`). */
    async insertFiles(files: readonly FileRow[]): Promise<void> {
      await insertRows(db, 'files', files, INSERT_CHUNK);
    },
    /** Of `blobIds`, one file each whose media the worker has finished, by blob id. */
    async processedOfBlobs(blobIds: readonly string[]): Promise<Map<string, FileRow>> {
      const found = new Map<string, FileRow>();
      if (blobIds.length === 0) return found;
      // One row a blob, whatever number of files name it (a photo in many shares).
      const rows = await db
        .selectFrom('files')
        .selectAll()
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('files')
            .select((inner) => inner.fn.min('id').as('id'))
            .where('blob_id', 'in', [...new Set(blobIds)])
            .where('media_status', '!=', 'pending')
            .groupBy('blob_id'),
        )
        .execute();
      for (const row of rows) found.set(row.blob_id, row);
      return found;
    },
    /** The active files of a job among `ids` (a share's sources); missing ids are left out. */
    findActiveByIds(jobId: string, ids: readonly string[]): Promise<FileRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('files')
        .selectAll()
        .where('job_id', '=', jobId)
        .where('id', 'in', ids)
        .where('state', '=', 'active')
        .execute();
    },
    /** Every active file of a job, oldest upload first (keep-all-files). */
    listActiveIds(jobId: string): Promise<string[]> {
      return db
        .selectFrom('files')
        .select('id')
        .where('job_id', '=', jobId)
        .where('state', '=', 'active')
        .orderBy('uploaded_at')
        .orderBy('id')
        .execute()
        .then((rows) => rows.map((row) => row.id));
    },
    /** How many active files a job has. */
    countActive(jobId: string): Promise<number> {
      return db
        .selectFrom('files')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('job_id', '=', jobId)
        .where('state', '=', 'active')
        .executeTakeFirstOrThrow()
        .then((row) => row.n);
    },
    /** Active files per taken month (YYYYMM), type and screenshot flag: the month overview. */
    countByMonth(jobId: string) {
      return db
        .selectFrom('files')
        .select(['taken_month', 'type', 'is_screenshot', (eb) => eb.fn.countAll<number>().as('n')])
        .where('job_id', '=', jobId)
        .where('state', '=', 'active')
        .groupBy(['taken_month', 'type', 'is_screenshot'])
        .orderBy('taken_month', 'desc')
        .execute();
    },
    countPendingMedia(jobId: string): Promise<number> {
      return db
        .selectFrom('files')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('job_id', '=', jobId)
        .where('state', '=', 'active')
        .where('media_status', '=', 'pending')
        .executeTakeFirstOrThrow()
        .then((r) => r.n);
    },
    async setState(fileId: string, state: 'active' | 'trashed', dtime: number | null): Promise<boolean> {
      const result = await db
        .updateTable('files')
        .set({ state, dtime })
        .where('id', '=', fileId)
        .where('state', '!=', state)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
  };
}
export type FilesRepository = ReturnType<typeof createFilesRepository>;
