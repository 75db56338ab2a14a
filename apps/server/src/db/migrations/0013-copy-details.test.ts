import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../test/harness.ts';
import { insertOldUsers, useDatabaseBefore } from './migration.test-support.ts';

/**
 * Migration 0013 (issue #23) on copies written before it: a row its uploader did not add
 * loses the uploader's folders from its path and the position from its metadata; the
 * uploader's own rows keep both.
 */
describe.each(DIALECTS)('migration 0013-copy-details (%s)', (dialect) => {
  const databaseBefore = useDatabaseBefore(dialect);

  it("strips the uploader's folders and position from rows someone else added", async () => {
    const { db, migrator } = await databaseBefore('0012-share-sources');

    const t = 1_700_000_000_000;
    await insertOldUsers(db, [
      { id: 'ann', created_at: t },
      { id: 'bo', created_at: t },
    ]);
    await db
      .insertInto('jobs')
      .values(
        ['ann-tl', 'bo-tl'].map((id) => ({
          id,
          owner_id: id.slice(0, -3),
          type: 'timeline',
          title: '',
          privacy_mode: 'private',
          permissions: 3,
          created_at: t,
          updated_at: t,
          deleted_at: null,
          cover_id: null,
          password_hash: null,
          sort_order: null,
          purge_started_at: null,
          expires_at: null,
        })),
      )
      .execute();
    await db
      .insertInto('blobs')
      .values({
        id: 'b',
        owner_id: 'ann',
        store_key: 'k',
        size: 10,
        sha1: 's',
        sha256: null,
        crc32: null,
        created_at: t,
      })
      .execute();
    const placed = JSON.stringify({ model: 'Pocket', latitude: 59.9, longitude: 10.7 });
    const file = (id: string, jobId: string, addedBy: string, metadata: string | null) => ({
      id,
      job_id: jobId,
      blob_id: 'b',
      added_by: addedBy,
      uploaded_by: 'ann',
      source_file_id: null,
      path: 'Home/Ann/Camera/a.jpg',
      name: 'a.jpg',
      type: 'Pictures',
      size: 10,
      sha1: 's',
      ctime: t,
      mtime: t,
      uploaded_at: t,
      taken_at: t,
      taken_month: 202311,
      metadata,
      thumbhash: null,
      media_status: 'ready',
      state: 'active',
      dtime: null,
      group_type: null,
      group_id: null,
    });
    await db
      .insertInto('files')
      .values([
        file('hers', 'ann-tl', 'ann', placed),
        file('his', 'bo-tl', 'bo', placed),
        file('his-unread', 'bo-tl', 'bo', 'not json "latitude"'),
        file('his-bare', 'bo-tl', 'bo', null),
      ])
      .execute();

    const { error } = await migrator.migrateToLatest();
    expect(error).toBeUndefined();
    const rows = await db.selectFrom('files').select(['id', 'path', 'metadata']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'hers', path: 'Home/Ann/Camera/a.jpg', metadata: placed },
      { id: 'his', path: 'a.jpg', metadata: JSON.stringify({ model: 'Pocket' }) },
      { id: 'his-bare', path: 'a.jpg', metadata: null },
      // Metadata that is not JSON is left as it is: nothing reads a position out of it.
      { id: 'his-unread', path: 'a.jpg', metadata: 'not json "latitude"' },
    ]);
    expect((await migrator.migrateTo('0012-share-sources')).error).toBeUndefined();
  });
});
