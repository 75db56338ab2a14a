import { ChangeType, GIB, SUPPORTED_EXTENSIONS } from '@trove/contract';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { resolveDirectory } from '../../api/boot.ts';
import { createHttpClient } from '../../api/http-client.ts';
import { fakeFetch, type FakeRoutes } from '../../test/fake-fetch.ts';
import { CHANGE_POLL_MS } from './completion.ts';
import type { UploadItem } from './model.ts';
import { createUploader, type PickedFile, type UploadTarget } from './uploader.ts';

const JOB = 'job-timeline';
const DOCUMENTS: UploadTarget = { jobId: JOB, alsoTimeline: false, kind: 'documents' };

/**
 * A real uploader against a fake server that stores every file sent (uuid `up-<name>`) and
 * whose change feed holds one type 0 record per stored file, with another file of the job
 * still awaiting its media work (`pending_uploads: 1`), so only the records can finish one.
 */
function uploaderAgainstServer(routes: FakeRoutes = {}, isReadOnly = false) {
  const stored: string[] = [];
  const { fetch, requests } = fakeFetch({
    'GET /st/4/supported_extensions': { body: SUPPORTED_EXTENSIONS },
    [`POST /st/4/jobs/${JOB}/files_dedup`]: { body: { status: 'not_found', uuid: null } },
    [`GET /st/4/jobs/${JOB}/changes`]: { body: { changes: [], last_serial: 10 } },
    [`GET /st/4/jobs/${JOB}/changes_and_async_upload_status`]: () => ({
      body: {
        changes: stored.map((id, index) => ({
          serial: 11 + index,
          type: ChangeType.FileAdded,
          timestamp: 1_710_000_000,
          data: { id, media_status: 'ready' },
        })),
        last_serial: 10 + stored.length,
        pending_uploads: 1,
      },
    }),
    ...routes,
  });
  const api = createHttpClient({
    directory: resolveDirectory(
      { app: '', thumb: '', video: '', poll: '', download: '', login: '', payment: '' },
      'http://localhost:3000',
    ),
    session: { findToken: () => 'tok', getDeviceId: () => 'device' },
    fetch,
    logger: { warn: () => undefined },
  });
  const sent: string[] = [];
  const uploader = createUploader({
    api,
    send: (request) => {
      const file = request.body instanceof FormData ? request.body.get('file') : null;
      const name = file instanceof File ? file.name : '?';
      sent.push(name);
      stored.push(`up-${name}`);
      return Promise.resolve({
        status: 200,
        header: () => null,
        body: { status: 'processing', uuid: `up-${name}` },
      });
    },
    hasher: { sha1: () => Promise.resolve('a'.repeat(40)), width: 1, dispose: () => undefined },
    getTimelineJobId: () => Promise.resolve(JOB),
    getAccount: () => Promise.resolve({ used_space: 0, max_space: 15 * GIB, is_read_only_user: isReadOnly }),
  });
  const items = () => uploader.store.getState().queue.items;
  const byName = (name: string): UploadItem | undefined => items().find((item) => item.name === name);
  return { uploader, items, byName, sent, requests };
}

const picked = (...names: string[]): PickedFile[] =>
  names.map((name) => ({ file: new File([`bytes of ${name}`], name), folder: '' }));

/** Lets the queue run until nothing is Pending, Enqueued or Uploading. */
async function settled(items: () => readonly UploadItem[]): Promise<void> {
  await vi.waitFor(() => {
    expect(items().every((item) => !['Pending', 'Enqueued', 'Uploading'].includes(item.status))).toBe(true);
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('what each upload target accepts (spec 000 §5, §2 /documents)', () => {
  test('the documents target sends documents and refuses pictures and movies as UnSupported', async () => {
    const { uploader, items, byName, sent } = uploaderAgainstServer();
    await uploader.addFiles(picked('report.pdf', 'notes.txt', 'beach.jpg', 'clip.mp4'), DOCUMENTS);
    await settled(items);
    expect(sent).toEqual(['report.pdf', 'notes.txt']);
    expect(byName('beach.jpg')).toMatchObject({ status: 'Rejected', statusReason: 'UnSupported' });
    expect(byName('clip.mp4')).toMatchObject({ status: 'Rejected', statusReason: 'UnSupported' });
    expect(byName('report.pdf')).toMatchObject({ targetJob: JOB, fileUUID: 'up-report.pdf' });
  });

  test("a read-only user's files for the timeline are refused with the subscription notice (spec 001 §4)", async () => {
    const { uploader, items, sent, requests } = uploaderAgainstServer({}, true);
    expect(await uploader.addFiles(picked('beach.jpg'))).toBe(false);
    expect(uploader.store.getState().notice).toBe('needsSubscription');
    expect(items()).toHaveLength(0);
    expect(sent).toEqual([]);
    expect(requests.some((r) => r.url.pathname.endsWith('/files_dedup'))).toBe(false);
  });

  test('the timeline (no target) and albums still refuse documents (spec 000 §5)', async () => {
    const { uploader, items, byName, sent } = uploaderAgainstServer();
    await uploader.addFiles(picked('report.pdf', 'beach.jpg'));
    await uploader.addFiles(picked('notes.txt'), { jobId: 'job-album', alsoTimeline: false });
    await settled(items);
    expect(byName('report.pdf')).toMatchObject({ status: 'Rejected', statusReason: 'UnSupported' });
    expect(byName('notes.txt')).toMatchObject({ status: 'Rejected', statusReason: 'UnSupported' });
    expect(sent).toEqual(['beach.jpg']);
  });

  test("the server's own list of documents decides, when it answers", async () => {
    const { uploader, items, byName } = uploaderAgainstServer({
      'GET /st/4/supported_extensions': { body: { ...SUPPORTED_EXTENSIONS, documents: ['pdf'] } },
    });
    await uploader.addFiles(picked('report.pdf', 'notes.txt'), DOCUMENTS);
    await settled(items);
    expect(byName('notes.txt')).toMatchObject({ status: 'Rejected', statusReason: 'UnSupported' });
    expect(byName('report.pdf')?.status).not.toBe('Rejected');
  });
});

describe('completion of a document (See: [Note: Upload completion])', () => {
  test('a document sent with its bytes is complete at its first change record', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { uploader, items, byName } = uploaderAgainstServer();
    await uploader.addFiles(picked('report.pdf'), DOCUMENTS);
    await settled(items);
    expect(byName('report.pdf')?.status).toBe('BackendSucceeded');
    await vi.advanceTimersByTimeAsync(CHANGE_POLL_MS);
    await vi.waitFor(() => {
      expect(byName('report.pdf')?.status).toBe('Succeeded');
    });
  });

  test('a photo with one record still waits for its media work', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { uploader, items, byName, requests } = uploaderAgainstServer();
    await uploader.addFiles(picked('beach.jpg'));
    await settled(items);
    await vi.advanceTimersByTimeAsync(CHANGE_POLL_MS);
    await vi.waitFor(() => {
      expect(requests.some((r) => r.url.pathname.endsWith('/changes_and_async_upload_status'))).toBe(true);
    });
    expect(byName('beach.jpg')?.status).toBe('BackendSucceeded');
  });
});
