import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { createBackupHolds } from '../backup/backup-holds.ts';

/** The reads and safe repairs of `trove fsck`. */
export function createFsckRepository(db: Kysely<Database>) {
  const holds = createBackupHolds(db);
  return {
    /** Whether a backup holds stored bytes at `now` (See: [Note: Backup hold]). */
    backupHeld(now: number): Promise<boolean> {
      return holds.isHeld(now);
    },
    /** Every store key the database names: originals, renditions, resumable uploads' parts. */
    async knownKeys(): Promise<Set<string>> {
      const blobs = await db.selectFrom('blobs').select('store_key').execute();
      const derivatives = await db.selectFrom('derivatives').select('store_key').execute();
      // Profile pictures name their bytes outside `blobs` ([Note: Profile pictures]).
      const pictures = await db.selectFrom('profile_pictures').select(['store_key', 'thumb_key']).execute();
      // Parts of resumable uploads in progress (see [Note: Resumable uploads]).
      const parts = await db.selectFrom('resumable_parts').select('store_key').execute();
      return new Set([
        ...[...blobs, ...derivatives, ...parts].map((row) => row.store_key),
        ...pictures.flatMap((row) => [row.store_key, row.thumb_key]),
      ]);
    },
    /** Blob rows no file names, made before `before` (an upload in flight commits both). */
    async listUnreferencedBlobs(before: number): Promise<string[]> {
      const rows = await db
        .selectFrom('blobs as b')
        .select('b.id')
        .where('b.created_at', '<', before)
        .where((eb) =>
          eb.not(eb.exists(eb.selectFrom('files').select('files.id').whereRef('files.blob_id', '=', 'b.id'))),
        )
        .execute();
      return rows.map((row) => row.id);
    },
    listBlobs() {
      return db.selectFrom('blobs').select(['id', 'store_key', 'size', 'sha1', 'sha256']).execute();
    },
    listDerivatives() {
      return db.selectFrom('derivatives').select(['blob_id', 'kind', 'store_key', 'size']).execute();
    },
    countFilesOfBlob(blobId: string): Promise<number> {
      return db
        .selectFrom('files')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('blob_id', '=', blobId)
        .executeTakeFirstOrThrow()
        .then((row) => row.n);
    },
    /** A resumable upload by id, and whether its last byte arrived and was committed. */
    async findResumable(id: string): Promise<{ finished: boolean } | undefined> {
      const row = await db
        .selectFrom('resumable_uploads')
        .select('result')
        .where('id', '=', id)
        .executeTakeFirst();
      return row && { finished: row.result !== null };
    },
    /** Blobs whose media is still pending with no work item to make it: lost work. */
    async listPendingWithoutWork(): Promise<string[]> {
      const pending = await db
        .selectFrom('files')
        .select('blob_id as id')
        .distinct()
        .where('media_status', '=', 'pending')
        .execute();
      if (pending.length === 0) return [];
      const items = await db.selectFrom('work_items').select('payload').where('kind', '=', 'media').execute();
      const queued = new Set(items.map((item) => (JSON.parse(item.payload) as { blobId?: unknown }).blobId));
      return pending.map((row) => row.id).filter((id) => !queued.has(id));
    },
    async deleteDerivative(blobId: string, kind: string): Promise<void> {
      await db.deleteFrom('derivatives').where('blob_id', '=', blobId).where('kind', '=', kind).execute();
    },
  };
}
export type FsckRepository = ReturnType<typeof createFsckRepository>;
