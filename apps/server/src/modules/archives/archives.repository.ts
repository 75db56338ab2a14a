import type { Insertable, Kysely, Selectable } from 'kysely';
import type { ArchivesTable, Database } from '../../db/schema.ts';

export type ArchiveRow = Selectable<ArchivesTable>;

/**
 * What an archive entry is made of: the file, its stored bytes and, for a HEIC, the full-size
 * JPEG the media worker made of it (heic_to_jpeg, spec 000 §7), if it is made yet.
 */
export interface ArchiveFileRow {
  id: string;
  job_id: string;
  name: string;
  path: string;
  mtime: number;
  taken_at: number;
  group_id: string | null;
  master: number;
  /** Who added the file and who uploaded its bytes: whose place it is (see [Note: Who sees the place]). */
  added_by: string;
  uploaded_by: string | null;
  /** What the file weighs (spec 000 §3 size): what the limits count. */
  file_size: number;
  blob_id: string;
  store_key: string;
  /** The stored bytes' length: what the archive holds. */
  size: number;
  crc32: number | null;
  jpeg_key: string | null;
  jpeg_size: number | null;
  jpeg_crc32: number | null;
}

/** The columns of an ArchiveFileRow, from files f, blobs b and the JPEG derivative d. */
const ARCHIVE_FILE_COLUMNS = [
  'f.id',
  'f.job_id',
  'f.name',
  'f.path',
  'f.mtime',
  'f.taken_at',
  'f.group_id',
  'f.master',
  'f.added_by',
  'f.uploaded_by',
  'f.size as file_size',
  'b.id as blob_id',
  'b.store_key',
  'b.size',
  'b.crc32',
  'd.store_key as jpeg_key',
  'd.size as jpeg_size',
  'd.crc32 as jpeg_crc32',
] as const;

/** Archives prepared for download, and the files they are made of (issue #14). */
export function createArchivesRepository(db: Kysely<Database>) {
  /** Files with their blob, their JPEG rendition and their job. */
  const archiveFiles = () =>
    db
      .selectFrom('files as f')
      .innerJoin('jobs as j', 'j.id', 'f.job_id')
      .innerJoin('blobs as b', 'b.id', 'f.blob_id')
      .leftJoin('derivatives as d', (join) => join.onRef('d.blob_id', '=', 'b.id').on('d.kind', '=', 'jpeg'))
      .select(ARCHIVE_FILE_COLUMNS);
  /** Those in `state`. */
  const filesIn = (state: 'active' | 'trashed') => archiveFiles().where('f.state', '=', state);

  return {
    /** Stores an archive, or keeps the one of the same id and moves its expiry to this one's. */
    async upsert(row: Insertable<ArchivesTable>): Promise<void> {
      await db
        .insertInto('archives')
        .values(row)
        .onConflict((oc) => oc.column('id').doUpdateSet({ expires_at: row.expires_at }))
        .execute();
    },

    async find(id: string): Promise<ArchiveRow | undefined> {
      return db.selectFrom('archives').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Forgets archives whose URLs can no longer be valid. */
    async deleteExpired(now: number): Promise<void> {
      await db.deleteFrom('archives').where('expires_at', '<', now).execute();
    },

    /**
     * The active files of a job: those of `ids` (at most a download's worth), or all of them
     * in the order they were taken. Ids of other jobs and of trashed files are left out.
     */
    async activeFiles(jobId: string, ids: readonly string[] | undefined): Promise<ArchiveFileRow[]> {
      let query = filesIn('active').where('f.job_id', '=', jobId);
      if (ids !== undefined) query = query.where('f.id', 'in', ids.length > 0 ? ids : ['']);
      return query.orderBy('f.taken_at').orderBy('f.id').execute();
    },

    /**
     * How many active files a job holds and their bytes: an album's limits (spec 000 §5).
     * PostgreSQL answers counts and sums as text.
     */
    async jobTotals(jobId: string): Promise<{ count: number; bytes: number }> {
      const row = await db
        .selectFrom('files')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('count'),
          eb.fn.sum<number | string>('size').as('bytes'),
        ])
        .where('job_id', '=', jobId)
        .where('state', '=', 'active')
        .executeTakeFirst();
      return { count: Number(row?.count ?? 0), bytes: Number(row?.bytes ?? 0) };
    },

    /**
     * The files of a deleted album a restore would bring back (see `restoreAlbum`: those
     * active or trashed with the album, not before it), of `ids` or all, in taken order.
     */
    async deletedAlbumFiles(jobId: string, ids: readonly string[] | undefined): Promise<ArchiveFileRow[]> {
      let query = archiveFiles()
        .where('f.job_id', '=', jobId)
        .where('j.deleted_at', 'is not', null)
        .where((eb) =>
          eb.or([
            eb('f.state', '=', 'active'),
            eb.and([eb('f.state', '=', 'trashed'), eb('f.dtime', '>=', eb.ref('j.deleted_at'))]),
          ]),
        );
      if (ids !== undefined) query = query.where('f.id', 'in', ids.length > 0 ? ids : ['']);
      return query.orderBy('f.taken_at').orderBy('f.id').execute();
    },

    /** The trashed files of `ids` in the live jobs `ownerId` owns (spec 000 §6: their own trash). */
    async trashedFiles(ownerId: string, ids: readonly string[]): Promise<ArchiveFileRow[]> {
      return filesIn('trashed')
        .where('j.owner_id', '=', ownerId)
        .where('j.deleted_at', 'is', null)
        .where('f.id', 'in', ids.length > 0 ? ids : [''])
        .orderBy('f.dtime', 'desc')
        .orderBy('f.id', 'desc')
        .execute();
    },

    /** Records a CRC-32 computed on demand (see [Note: Zip layout]); first writer wins. */
    async setBlobCrc(blobId: string, crc32: number): Promise<void> {
      await db
        .updateTable('blobs')
        .set({ crc32 })
        .where('id', '=', blobId)
        .where('crc32', 'is', null)
        .execute();
    },

    async setJpegCrc(blobId: string, crc32: number): Promise<void> {
      await db
        .updateTable('derivatives')
        .set({ crc32 })
        .where('blob_id', '=', blobId)
        .where('kind', '=', 'jpeg')
        .where('crc32', 'is', null)
        .execute();
    },
  };
}
export type ArchivesRepository = ReturnType<typeof createArchivesRepository>;
