import type { TestApp } from '../../test/harness.ts';

/** The blob row a file names: its id, stored key and size. */
export function blobOfFile(t: TestApp, fileId: string) {
  return t.database.db
    .selectFrom('files')
    .innerJoin('blobs', 'blobs.id', 'files.blob_id')
    .select(['blobs.id', 'blobs.store_key', 'blobs.size'])
    .where('files.id', '=', fileId)
    .executeTakeFirstOrThrow();
}

/**
 * Makes the file's small thumbnail "ready" without the worker: its media status, and a
 * rendition row naming real stored bytes (the file's own), so signed thumbnail URLs serve.
 */
export async function markThumbnailReady(t: TestApp, fileId: string): Promise<void> {
  const row = await blobOfFile(t, fileId);
  await t.database.db.updateTable('files').set({ media_status: 'ready' }).where('id', '=', fileId).execute();
  await t.database.db
    .insertInto('derivatives')
    .values({
      blob_id: row.id,
      kind: 'thumb256',
      store_key: row.store_key,
      size: row.size,
      content_type: 'image/webp',
      created_at: t.clock.now(),
    })
    .execute();
}
