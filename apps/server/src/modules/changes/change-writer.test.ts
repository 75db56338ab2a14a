import { ChangeType } from '@trove/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepositories } from '../repositories.ts';
import { createInProcessEventBus, jobChannel, type EventBus } from '../../events/event-bus.ts';
import {
  DIALECTS,
  createTestApp,
  fakeJpeg,
  signUp,
  timelineOf,
  uploadFile,
  type TestApp,
} from '../../test/harness.ts';
import type { FileRow } from '../files/files.repository.ts';
import { createChangeWriter } from './change-writer.ts';

/** See [Note: Change records]. */
describe.each(DIALECTS)('change writer (%s)', (dialect) => {
  let t: TestApp;
  let jobId: string;
  let file: FileRow;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const user = await signUp(t.app);
    jobId = await timelineOf(t.app, user);
    const uuid = (await uploadFile(t.app, user, jobId, { path: 'a.jpg', content: fakeJpeg() })).json<{
      uuid: string;
    }>().uuid;
    const row = await createRepositories(t.database.db).files.findFile(jobId, uuid);
    if (!row) throw new Error('the upload left no file');
    file = row;
  });
  afterAll(() => t.close());

  /** A bus that notes, at each wake-up, the serial a poller would read then. */
  function observingBus(): { bus: EventBus; seen: { channel: string; serial: number }[] } {
    const inner = createInProcessEventBus();
    const seen: { channel: string; serial: number }[] = [];
    const repos = createRepositories(t.database.db);
    return {
      seen,
      bus: {
        ...inner,
        async publish(channel, message) {
          seen.push({ channel, serial: (await repos.jobs.findById(jobId))?.last_event_serial ?? -1 });
          await inner.publish(channel, message);
        },
      },
    };
  }

  it('writes named records with the next serials and wakes the job once, after the commit', async () => {
    const { bus, seen } = observingBus();
    const writer = createChangeWriter({ db: t.database.db, bind: createRepositories, bus });
    const before = (await createRepositories(t.database.db).jobs.findById(jobId))?.last_event_serial ?? 0;

    const serials = await writer.transact(async (_tx, changes) => [
      await changes.fileRemoved(file, { by: file.added_by, at: 1_000_000 }),
      await changes.fileAdded(file, { by: file.added_by, at: 2_000_000, isRollback: true }),
    ]);

    expect(serials).toEqual([before + 1, before + 2]);
    // The poller woken reads the new serial: the wake-up came after the commit.
    expect(seen).toEqual([{ channel: jobChannel(jobId), serial: before + 2 }]);
    const rows = await createRepositories(t.database.db).changes.listSince(jobId, before, 10);
    expect(rows.map((r) => [r.type, r.file_id, r.created_at])).toEqual([
      [ChangeType.FileRemoved, file.id, 1_000_000],
      [ChangeType.FileAdded, file.id, 2_000_000],
    ]);
    expect(JSON.parse(rows[0]?.payload ?? '')).toEqual({ id: file.id });
    expect(JSON.parse(rows[1]?.payload ?? '')).toMatchObject({
      id: file.id,
      checksum: file.sha1,
      timestamp: Math.floor(file.taken_at / 1000),
      is_rollback: true,
    });
  });

  it('a transaction that fails writes no record and wakes nobody', async () => {
    const { bus, seen } = observingBus();
    const writer = createChangeWriter({ db: t.database.db, bind: createRepositories, bus });
    const before = (await createRepositories(t.database.db).jobs.findById(jobId))?.last_event_serial ?? 0;

    await expect(
      writer.transact(async (_tx, changes) => {
        await changes.fileRemoved(file, { by: file.added_by, at: 3_000_000 });
        throw new Error('the mutation failed');
      }),
    ).rejects.toThrow('the mutation failed');

    expect(seen).toEqual([]);
    expect((await createRepositories(t.database.db).jobs.findById(jobId))?.last_event_serial).toBe(before);
    expect(await createRepositories(t.database.db).changes.listSince(jobId, before, 10)).toEqual([]);
  });
});
