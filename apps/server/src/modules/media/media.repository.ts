import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { monthOf } from '@trove/contract';
import type { Database, DerivativesTable, FilesTable } from '../../db/schema.ts';
import { metadataWithoutPosition } from '../files/file-records.ts';

export type DerivativeRow = Selectable<DerivativesTable>;

/** What the media worker learns of a file's content, written to every file of that blob. */
export type MediaFacts = Pick<
  Updateable<FilesTable>,
  'width' | 'height' | 'duration' | 'taken_at' | 'metadata' | 'thumbhash' | 'media_status'
>;

/** Derived renditions of blobs (thumbnails, preview video, JPEG of HEIC) and media facts. */
export function createMediaRepository(db: Kysely<Database>) {
  return {
    /** The user of a session (ended ones too: the media signer refuses those). */
    async userOfSession(sessionId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('sessions')
        .select('user_id')
        .where('id', '=', sessionId)
        .executeTakeFirst();
      return row?.user_id;
    },
    findDerivative(blobId: string, kind: string): Promise<DerivativeRow | undefined> {
      return db
        .selectFrom('derivatives')
        .selectAll()
        .where('blob_id', '=', blobId)
        .where('kind', '=', kind)
        .executeTakeFirst();
    },
    listDerivatives(blobId: string): Promise<DerivativeRow[]> {
      return db.selectFrom('derivatives').selectAll().where('blob_id', '=', blobId).execute();
    },
    /** Adds a rendition; a rendition already there (a retried item) stays, and false says so. */
    async insertDerivative(row: Insertable<DerivativesTable>): Promise<boolean> {
      const result = await db
        .insertInto('derivatives')
        .values(row)
        .onConflict((oc) => oc.columns(['blob_id', 'kind']).doNothing())
        .executeTakeFirst();
      return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
    },
    /**
     * Gives blob `to` the renditions of blob `from`, naming the same stored bytes: a blob
     * that shares another's bytes (a copy to another user's timeline) shares its renditions.
     */
    async copyDerivatives(from: string, to: string): Promise<void> {
      await db
        .insertInto('derivatives')
        .columns(['blob_id', 'kind', 'store_key', 'size', 'content_type', 'crc32', 'created_at'])
        .expression((eb) =>
          eb
            .selectFrom('derivatives')
            .select([
              eb.val(to).as('blob_id'),
              'kind',
              'store_key',
              'size',
              'content_type',
              'crc32',
              'created_at',
            ])
            .where('blob_id', '=', from),
        )
        .onConflict((oc) => oc.columns(['blob_id', 'kind']).doNothing())
        .execute();
    },
    /** The digests the worker computes of stored bytes; each is written once, never changed. */
    async setBlobDigests(blobId: string, digests: { sha256: string; crc32: number }): Promise<void> {
      await db
        .updateTable('blobs')
        .set((eb) => ({
          sha256: eb.fn.coalesce('sha256', eb.val(digests.sha256)),
          crc32: eb.fn.coalesce('crc32', eb.val(digests.crc32)),
        }))
        .where('id', '=', blobId)
        .execute();
    },
    /** Every file (any job, any state) whose bytes are this blob. */
    listFilesOfBlob(blobId: string) {
      return db.selectFrom('files').selectAll().where('blob_id', '=', blobId).execute();
    },
    /**
     * Writes what the worker found to every file of the blob (the taken month with the time).
     * The position in the metadata goes only to rows their uploader added: a copy added by
     * anyone else (a share of a member's photo, a copy of a pending file) names the same blob
     * and gets the metadata without it, as [Note: Copies] writes copies.
     */
    async setMediaFacts(blobId: string, facts: MediaFacts): Promise<void> {
      const month = typeof facts.taken_at === 'number' ? { taken_month: monthOf(facts.taken_at) } : {};
      const { metadata, ...rest } = facts;
      await db
        .updateTable('files')
        .set((eb) => ({
          ...rest,
          ...month,
          // One statement: no reader ever sees a copy holding the position.
          ...(typeof metadata === 'string' && {
            metadata: eb
              .case()
              .when(eb.and([eb('uploaded_by', 'is not', null), eb('uploaded_by', '!=', eb.ref('added_by'))]))
              .then(metadataWithoutPosition(metadata))
              .else(metadata)
              .end(),
          }),
          ...(metadata === null && { metadata: null }),
        }))
        .where('blob_id', '=', blobId)
        .execute();
    },
  };
}
export type MediaRepository = ReturnType<typeof createMediaRepository>;
