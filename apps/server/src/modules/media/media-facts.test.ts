import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CreatedShare } from '@trove/contract';
import { createRepositories } from '../repositories.ts';
import { createInProcessEventBus } from '../../events/event-bus.ts';
import { createFsBlobStore } from '../../storage/fs-blob-store.ts';
import { albumClient, expectStatus } from '../../test/albums.ts';
import { DIALECTS, createTestApp, signUp, type TestApp } from '../../test/harness.ts';
import { createChangeWriter } from '../changes/change-writer.ts';
import { createMediaHandler } from './media.worker.ts';

/**
 * The media worker writes what it learns of a blob to every file naming it (issue #23,
 * [Note: Copies]): where the photo was taken only to the rows its uploader added. A share a
 * participant made of the owner's photo before it was processed names the owner's blob, and
 * must not get the position when the worker gets to it.
 */
describe.each(DIALECTS)('media facts of a blob named by copies (%s)', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
  });

  it('gives the position to the uploader’s rows, never to a copy someone else added', async () => {
    const bus = createInProcessEventBus();
    t = await createTestApp(dialect, { deps: { bus } });
    const c = albumClient(t);
    const ann = await signUp(t.app, { name: 'Ann' });
    const bo = await signUp(t.app, { name: 'Bo' });
    const album = (await c.createShared(ann, 'Walk')).id;
    const second = (await c.createShared(ann, 'Walk again')).id;
    expectStatus(await c.subscribe(bo, album), 200);
    const photo = await c.uploaded(ann, album, 'walk.jpg', 4800);
    // Both made while the photo is still pending: they take the facts when the worker ends.
    const made = await c.send(bo, 'POST', '/shares', { payload: { source_job: album, file_uuids: [photo] } });
    expectStatus(made, 200);
    const shareId = made.json<CreatedShare>().id;
    const copied = await c.send(ann, 'POST', `/jobs/${second}/copy_files`, {
      payload: { source_job: album, file_uuids: [photo] },
    });
    expectStatus(copied, 200);

    const db = t.database.db;
    const { blob_id: blobId } = await db
      .selectFrom('files')
      .select('blob_id')
      .where('id', '=', photo)
      .executeTakeFirstOrThrow();
    const rows = () =>
      db
        .selectFrom('files')
        .select(['job_id', 'added_by', 'metadata', 'blob_id', 'media_status'])
        .where('blob_id', '=', blobId)
        .execute();
    const before = await rows();
    expect(before.map((row) => row.job_id).sort()).toEqual([album, second, shareId].sort());

    const repos = createRepositories(db);
    const media = createMediaHandler({
      repos,
      changeWriter: createChangeWriter({ db, bind: createRepositories, bus }),
      store: createFsBlobStore(t.config.DATA_DIR),
      tools: {
        analyze: () =>
          Promise.resolve({
            width: 40,
            height: 30,
            duration: 0,
            metadata: { model: 'Pocket', latitude: 59.91, longitude: 10.75 },
            thumbhash: '',
            renditions: {},
          }),
        isPermanent: () => false,
      },
      workDir: path.join(t.config.DATA_DIR, 'work'),
      now: t.clock.now,
    });
    await media({ blobId }, { id: 'facts', attempts: 1, signal: new AbortController().signal });

    const after = await rows();
    const metadataIn = (job: string) => {
      const row = after.find((one) => one.job_id === job);
      expect(row?.media_status).toBe('ready');
      return JSON.parse(row?.metadata ?? 'null') as Record<string, unknown>;
    };
    expect(metadataIn(album)).toEqual({ model: 'Pocket', latitude: 59.91, longitude: 10.75 });
    expect(metadataIn(second)).toEqual({ model: 'Pocket', latitude: 59.91, longitude: 10.75 });
    expect(metadataIn(shareId)).toEqual({ model: 'Pocket' });
    expect(after.find((row) => row.job_id === shareId)?.added_by).toBe(bo.userId);
  });
});
