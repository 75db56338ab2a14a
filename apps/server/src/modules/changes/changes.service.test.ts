import { randomBytes } from 'node:crypto';
import { accessFor } from '../../access/access.ts';
import { sessionCaller } from '../../access/caller.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { createRepositories, type Repositories } from '../repositories.ts';
import { createInProcessEventBus } from '../../events/event-bus.ts';
import {
  DIALECTS,
  createTestApp,
  fakeJpeg,
  signUp,
  timelineOf,
  uploadFile,
  type TestApp,
} from '../../test/harness.ts';
import { createChangeWriter } from './change-writer.ts';
import { createChangesService } from './changes.service.ts';

describe.each(DIALECTS)('changes with the uploads still processing (%s)', (dialect) => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  it('a file failing while the answer is read is in it, or still counted as pending', async () => {
    t = await createTestApp(dialect);
    const user = await signUp(t.app);
    const jobId = await timelineOf(t.app, user);
    const fileId = (await uploadFile(t.app, user, jobId, { path: 'a.jpg', content: fakeJpeg() })).json<{
      uuid: string;
    }>().uuid;
    const repos = createRepositories(t.database.db);
    const job = await repos.jobs.findById(jobId);
    if (!job) throw new Error('no job');
    const bus = createInProcessEventBus();
    const writer = createChangeWriter({ db: t.database.db, bind: createRepositories, bus });
    // What the media worker does when it gives up on a file (media.worker.ts markMediaFailed).
    const failTheFile = () =>
      writer.transact(async (tx, changes) => {
        const file = await tx.files.findFile(jobId, fileId);
        if (!file) throw new Error('no file');
        await tx.media.setMediaFacts(file.blob_id, { media_status: 'failed' });
        const failed = { ...file, media_status: 'failed' };
        await changes.fileAdded(failed, { by: file.added_by, at: 1_000, isRollback: false });
      });

    // The failure commits right after the service's first read of the changes or the count.
    let hasFailed = false;
    const thenFail =
      <A extends unknown[], R>(read: (...args: A) => Promise<R>) =>
      async (...args: A): Promise<R> => {
        const result = await read(...args);
        if (!hasFailed) {
          hasFailed = true;
          await failTheFile();
        }
        return result;
      };
    const racing: Repositories = {
      ...repos,
      changes: {
        ...repos.changes,
        listSince: thenFail((id: string, since: number, limit: number) =>
          repos.changes.listSince(id, since, limit),
        ),
      },
      files: {
        ...repos.files,
        countPendingMedia: thenFail((id: string) => repos.files.countPendingMedia(id)),
      },
    };
    const service = createChangesService({ repos: racing, access: accessFor(repos, randomBytes(32)), bus });

    const answer = await service.sinceWithPending(
      sessionCaller({ userId: job.owner_id, sessionId: 's', deviceId: 'd' }),
      jobId,
      job.last_event_serial,
    );
    expect(hasFailed).toBe(true);
    // Nothing pending and no record would end the upload panel's wait as if the file were fine.
    expect(answer).toMatchObject({
      pending_uploads: 1,
      changes: [{ data: { id: fileId, media_status: 'failed' } }],
    });
  });
});
