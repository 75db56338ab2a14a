import { createStore } from 'zustand/vanilla';
import { describe, expect, test } from 'vitest';
import { fakeApi } from '../../test/fake-api.ts';
import { aFile, PLAIN_JPEG } from '../../test/factories.ts';
import {
  INITIAL_UPLOADER_VIEW,
  uploadReducer,
  type UploadAction,
  type UploaderView,
  type UploadItem,
} from '../uploads/index.ts';
import { copyUploadOf, saveEditedCopy, SaveCopyError, type SavePhase } from './save-copy.ts';

const anItem = (overrides: Partial<UploadItem>): UploadItem => ({
  id: 1,
  targetJob: 'job-timeline',
  alsoTimeline: false,
  targetFolder: '',
  name: 'IMG_1 (edited).jpg',
  size: 100,
  status: 'Enqueued',
  uploadedPercent: 0,
  fileUUID: null,
  statusReason: null,
  isMediaFailed: false,
  ...overrides,
});

describe("the save's progress from the copy's upload item (issue #27)", () => {
  test.each([
    [
      { status: 'Uploading', uploadedPercent: 40 },
      false,
      { kind: 'sending', phase: { kind: 'uploading', percent: 40 } },
    ],
    // Queued behind other uploads, with room: on its way.
    [{ status: 'Enqueued' }, false, { kind: 'sending', phase: { kind: 'uploading', percent: 0 } }],
    // The server refused it for storage: back in Enqueued, the queue out of storage.
    [{ status: 'Enqueued' }, true, { kind: 'sending', phase: { kind: 'waitingForStorage' } }],
    [{ status: 'BackendSucceeded', fileUUID: 'f-9' }, false, { kind: 'uploaded', fileId: 'f-9' }],
    // The same bytes were on the server already.
    [{ status: 'Succeeded', fileUUID: 'f-1' }, true, { kind: 'uploaded', fileId: 'f-1' }],
    [{ status: 'Rejected', statusReason: 'NoStorage' }, false, { kind: 'failed', reason: 'noStorage' }],
    [{ status: 'Rejected', statusReason: 'UnSupported' }, false, { kind: 'failed', reason: 'rejected' }],
    [{ status: 'Cancelled' }, true, { kind: 'failed', reason: 'cancelled' }],
  ] as const)('%o, out of storage %s', (item, isOutOfStorage, expected) => {
    expect(copyUploadOf(anItem(item), isOutOfStorage)).toEqual(expected);
  });
});

/**
 * An upload queue on the real state machine (uploads/model.ts): `addFiles` queues the file and
 * passes its checks, or refuses it as the uploader does when it does not fit (false).
 */
function aQueue(fits: boolean) {
  const store = createStore<UploaderView>(() => INITIAL_UPLOADER_VIEW);
  const dispatch = (action: UploadAction) => {
    store.setState({ queue: uploadReducer(store.getState().queue, action) });
  };
  const addFiles = (picked: readonly { file: File }[]) => {
    if (!fits) {
      store.setState({ notice: 'insufficientStorage', isPanelOpen: true });
      return Promise.resolve(false);
    }
    const { firstId, items } = store.getState().queue;
    dispatch({
      type: 'ADD',
      items: picked.map(({ file }) => ({
        targetJob: 'job-timeline',
        alsoTimeline: false,
        targetFolder: '',
        name: file.name,
        size: file.size,
      })),
    });
    dispatch({
      type: 'CHECKED',
      results: picked.map((_, index) => ({ id: firstId + items.length + index, reason: null })),
    });
    return Promise.resolve(true);
  };
  return { uploader: { store, addFiles }, dispatch };
}

const original = aFile({ id: 'file-1', name: 'IMG_1.heic' });
const { api } = fakeApi({
  'GET /st/4/jobs/job-timeline/metadata/file-1': { body: {} },
  'GET /st/4/jobs/job-timeline/files_by_id/file-1/albums': { body: { albums: [] } },
});
const save = (uploader: ReturnType<typeof aQueue>['uploader'], phases: SavePhase[]) =>
  saveEditedCopy(
    { api, uploader },
    {
      original,
      jobId: 'job-timeline',
      timelineJobId: 'job-timeline',
      jpegDataUrl: PLAIN_JPEG,
      onPhase: (phase) => phases.push(phase),
    },
  );

describe('saving an edited copy when the storage is full (issue #27)', () => {
  test('a copy that does not fit is refused as noStorage, and nothing is queued to send later', async () => {
    const { uploader } = aQueue(false);
    const error = await save(uploader, []).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SaveCopyError);
    expect((error as SaveCopyError).reason).toBe('noStorage');
    expect(uploader.store.getState().queue.items).toEqual([]);
  });

  test('a copy the server refuses for storage waits for room, then is saved', async () => {
    const { uploader, dispatch } = aQueue(true);
    const phases: SavePhase[] = [];
    const saved = save(uploader, phases);
    await expect.poll(() => uploader.store.getState().queue.items.length).toBe(1);
    dispatch({ type: 'UPLOAD_STARTED', id: 0 });
    dispatch({ type: 'REJECTED', id: 0, reason: 'NoStorage' });
    expect(phases.at(-1)).toEqual({ kind: 'waitingForStorage' });
    // Space is freed (spec 000 §4): the queue sends it again, and the server takes it.
    dispatch({ type: 'STORAGE_FREED' });
    dispatch({ type: 'UPLOAD_STARTED', id: 0 });
    dispatch({ type: 'SERVER_ANSWERED', id: 0, answer: 'processing', fileUUID: 'copy-1' });
    await expect(saved).resolves.toEqual({ fileId: 'copy-1', placed: 0, notPlaced: 0 });
    // Each change of the queue tells the phase again: the kinds in turn, repeats aside.
    const kinds = phases.map((phase) => phase.kind).filter((kind, i, all) => kind !== all[i - 1]);
    expect(kinds).toEqual(['preparing', 'uploading', 'waitingForStorage', 'uploading', 'placing']);
  });
});
