import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createRepositories } from '../repositories.ts';
import { createInProcessEventBus } from '../../events/event-bus.ts';
import { createDatabaseWorkQueue, type WorkQueue } from '../../queue/work-queue.ts';
import { createFsBlobStore } from '../../storage/fs-blob-store.ts';
import { DIALECTS, createTestApp, signUp, timelineOf, uploadFile, type TestApp } from '../../test/harness.ts';
import { until } from '../../test/wait.ts';
import { createChangeWriter } from '../changes/change-writer.ts';
import { createMediaHandler } from './media.worker.ts';

const clip = fs.readFileSync(path.join(import.meta.dirname, '../../media/fixtures/clip.mp4'));

describe.each(DIALECTS)('media work that runs out of attempts (%s)', (dialect) => {
  let t: TestApp | undefined;
  let queue: WorkQueue | undefined;
  afterEach(async () => {
    await queue?.stop();
    await t?.close();
  });

  it('marks the file failed, tells the job’s clients, and v_check answers error', async () => {
    const bus = createInProcessEventBus();
    t = await createTestApp(dialect, { deps: { bus } });
    const app = t.app;
    const user = await signUp(app);
    const job = await timelineOf(app, user);
    const uploaded = await uploadFile(app, user, job, { path: 'Camera/VID_1.mp4', content: clip });
    const fileId = uploaded.json<{ uuid: string }>().uuid;
    const get = (url: string) =>
      app.inject({ url: `${url}${url.includes('?') ? '&' : '?'}${user.query}`, headers: user.headers });
    const changes = async () =>
      (await get(`/st/4/jobs/${job}/changes?since=0`)).json<{
        changes: { data: Record<string, unknown> }[];
      }>().changes;
    const changesBefore = (await changes()).length;

    const repos = createRepositories(t.database.db);
    const media = createMediaHandler({
      repos,
      changeWriter: createChangeWriter({ db: t.database.db, bind: createRepositories, bus }),
      store: createFsBlobStore(t.config.DATA_DIR),
      // A decoder that fails in a way a retry might fix, every time.
      tools: { analyze: () => Promise.reject(new Error('ffprobe timed out')), isPermanent: () => false },
      workDir: path.join(t.config.DATA_DIR, 'work'),
      now: t.clock.now,
    });
    const check = () => get(`/st/4/jobs/${job}/files_by_id/${fileId}/v_check`);
    expect((await check()).json()).toEqual({ result: 'queued' });
    queue = createDatabaseWorkQueue({ workItems: repos.workItems, bus, concurrency: 1, maxAttempts: 1 });
    queue.start({ media });
    await until(
      async () => (await check()).json<{ result: string }>().result !== 'queued',
      'v_check to settle',
    );
    expect((await check()).json()).toEqual({ result: 'error' });
    const listed = (await get(`/st/4/jobs/${job}/files`)).json<{ files: { media_status: string }[] }>();
    expect(listed.files.map((f) => f.media_status)).toEqual(['failed']);
    const after = await changes();
    expect(after.length).toBeGreaterThan(changesBefore);
    // The record that ends the clients' wait says the file failed: the upload panel shows it.
    expect(after.at(-1)?.data).toMatchObject({ id: fileId, media_status: 'failed' });
  });
});
