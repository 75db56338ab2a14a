import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The reads and safe repairs of `trove fsck`. */
export function createFsckRepository(db: Kysely<Database>) {
  return {
    /** Every store key the database names: originals and renditions. */
    async knownKeys(): Promise<Set<string>> {
      const blobs = await db.selectFrom('blobs').select('store_key').execute();
      const derivatives = await db.selectFrom('derivatives').select('store_key').execute();
      return new Set([...blobs, ...derivatives].map((row) => row.store_key));
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
    async hasResumable(id: string): Promise<boolean> {
      const row = await db
        .selectFrom('resumable_uploads')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst();
      return row !== undefined;
    },
    async deleteDerivative(blobId: string, kind: string): Promise<void> {
      await db.deleteFrom('derivatives').where('blob_id', '=', blobId).where('kind', '=', kind).execute();
    },
  };
}
export type FsckRepository = ReturnType<typeof createFsckRepository>;
