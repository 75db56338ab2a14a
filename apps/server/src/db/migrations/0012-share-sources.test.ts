import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../test/harness.ts';
import { insertOldUsers, useDatabaseBefore } from './migration.test-support.ts';

/**
 * Migration 0012 (issue #23) on data written before it: every file gets its uploader (its
 * blob's owner); a copy into an album that named another user's blob becomes its adder's
 * own bytes and charge; live shares holding another user's bytes, which may have been made
 * by a visitor and recorded no source to revoke them by, are stopped; shares of the owner's
 * own bytes live on.
 */
describe.each(DIALECTS)('migration 0012-share-sources (%s)', (dialect) => {
  const databaseBefore = useDatabaseBefore(dialect);

  it('backfills uploaders, makes old copies their adders own bytes, stops live legacy shares of others bytes', async () => {
    const { db, migrator } = await databaseBefore('0011-shares');

    const t = 1_700_000_000_000;
    await insertOldUsers(db, [
      { id: 'ann', used_space: 30, created_at: t },
      { id: 'bo', created_at: t },
    ]);
    const job = (id: string, owner: string, type: string, deleted: number | null = null) => ({
      id,
      owner_id: owner,
      type,
      title: '',
      privacy_mode: type === 'timeline' ? 'private' : 'shared',
      permissions: 3,
      created_at: t,
      updated_at: t,
      deleted_at: deleted,
      cover_id: null,
      password_hash: null,
      sort_order: null,
      purge_started_at: null,
      expires_at: type === 'share' ? t + 1e12 : null,
    });
    await db
      .insertInto('jobs')
      .values([
        job('album', 'ann', 'story'),
        job('bo-tl', 'bo', 'timeline'),
        job('reshare', 'bo', 'share'),
        job('own-share', 'ann', 'share'),
        job('old-stop', 'bo', 'share', t + 5),
      ])
      .execute();
    const blob = (id: string, sha1: string, size: number) => ({
      id,
      owner_id: 'ann',
      store_key: `k-${id}`,
      size,
      sha1,
      sha256: null,
      crc32: null,
      created_at: t,
    });
    await db
      .insertInto('blobs')
      .values([blob('b-ann', 's', 10), blob('b-gone', 's2', 20)])
      .execute();
    await db
      .insertInto('derivatives')
      .values({
        blob_id: 'b-gone',
        kind: 'thumb256',
        store_key: 'k-thumb',
        size: 5,
        content_type: 'image/jpeg',
        crc32: null,
        created_at: t,
      })
      .execute();
    const file = (id: string, jobId: string, addedBy: string, blobId = 'b-ann') => ({
      id,
      job_id: jobId,
      blob_id: blobId,
      added_by: addedBy,
      path: 'Camera/a.jpg',
      name: 'a.jpg',
      type: 'Pictures',
      size: 10,
      sha1: 's',
      ctime: t,
      mtime: t,
      uploaded_at: t,
      taken_at: t,
      taken_month: 202311,
      metadata: null,
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
        file('original', 'album', 'ann'),
        // A copy_files copy of before: Bo's row naming Ann's bytes.
        file('copied', 'bo-tl', 'bo'),
        // Another, whose original Ann already deleted for good: only the copy kept her bytes.
        file('copied-only', 'bo-tl', 'bo', 'b-gone'),
        file('in-reshare', 'reshare', 'bo'),
        file('in-own', 'own-share', 'ann'),
        file('in-old', 'old-stop', 'bo'),
      ])
      .execute();

    const { error, results } = await migrator.migrateToLatest();
    expect(error).toBeUndefined();
    expect(results?.map((r) => r.migrationName)).toContain('0012-share-sources');

    const files = await db
      .selectFrom('files')
      .select(['id', 'uploaded_by', 'source_file_id'])
      .orderBy('id')
      .execute();
    // Every file's bytes were Ann's upload: hers is the position, whoever added the row.
    expect(files.every((f: { uploaded_by: string }) => f.uploaded_by === 'ann')).toBe(true);
    expect(files.every((f: { source_file_id: string | null }) => f.source_file_id === null)).toBe(true);
    const jobs = await db.selectFrom('jobs').select(['id', 'deleted_at', 'source_job_id']).execute();
    const deleted = Object.fromEntries(
      jobs.map((j: { id: string; deleted_at: number | string | null }) => [
        j.id,
        j.deleted_at === null ? null : Number(j.deleted_at),
      ]),
    );
    expect(deleted.reshare).not.toBeNull();
    expect(deleted['own-share']).toBeNull();
    expect(deleted['old-stop']).toBe(t + 5);
    expect(deleted.album).toBeNull();
    // Bo's copies are his bytes now: the same stored bytes and renditions, charged to him;
    // Ann's blob that only his copy named is gone with its charge.
    const blobs = await db
      .selectFrom('files')
      .innerJoin('blobs', 'blobs.id', 'files.blob_id')
      .select(['files.id', 'blobs.id as blob', 'blobs.owner_id', 'blobs.store_key'])
      .where('files.id', 'in', ['copied', 'copied-only', 'original', 'in-reshare'])
      .orderBy('files.id')
      .execute();
    expect(
      blobs.map((b: { id: string; owner_id: string; store_key: string }) => [b.id, b.owner_id, b.store_key]),
    ).toEqual([
      ['copied', 'bo', 'k-b-ann'],
      ['copied-only', 'bo', 'k-b-gone'],
      ['in-reshare', 'ann', 'k-b-ann'],
      ['original', 'ann', 'k-b-ann'],
    ]);
    expect(
      await db.selectFrom('blobs').select('id').where('id', '=', 'b-gone').executeTakeFirst(),
    ).toBeUndefined();
    const used = await db.selectFrom('users').select(['id', 'used_space']).orderBy('id').execute();
    expect(used.map((u: { used_space: number | string }) => Number(u.used_space))).toEqual([10, 30]);
    const thumbs = await db.selectFrom('derivatives').select(['blob_id', 'store_key']).execute();
    expect(thumbs).toHaveLength(1);
    expect(thumbs[0]).toMatchObject({ store_key: 'k-thumb' });
    // And back down: the columns go, the data before them stays.
    expect((await migrator.migrateTo('0011-shares')).error).toBeUndefined();
    expect((await db.selectFrom('files').select('id').execute()).length).toBe(6);
  });
});
