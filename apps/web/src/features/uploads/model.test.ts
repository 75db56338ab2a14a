import { describe, expect, test } from 'vitest';
import { itemText } from './summary.ts';
import {
  INITIAL_UPLOADER_STATE,
  findStartable,
  isActive,
  uploadReducer,
  type NewUploadItem,
  type UploadAction,
  type UploadItem,
  type UploadStatus,
  type UploaderState,
} from './model.ts';

const file = (name: string, size = 1000): NewUploadItem => ({
  targetJob: 'job-timeline',
  alsoTimeline: false,
  targetFolder: '',
  name,
  size,
});

const run = (state: UploaderState, ...actions: UploadAction[]) => actions.reduce(uploadReducer, state);
const statuses = (state: UploaderState) => state.items.map((item) => item.status);

/** Three files added and checked: 0 and 1 pass, 2 is not a photo. */
function checkedQueue(): UploaderState {
  return run(
    INITIAL_UPLOADER_STATE,
    { type: 'ADD', items: [file('a.jpg'), file('b.jpg'), file('notes.exe')] },
    {
      type: 'CHECKED',
      results: [
        { id: 0, reason: null },
        { id: 1, reason: null },
        { id: 2, reason: 'UnSupported' },
      ],
    },
  );
}

/** A queue whose first item is Uploading. */
const uploading = () => run(checkedQueue(), { type: 'UPLOAD_STARTED', id: 0 });

describe('adding and checking (spec 000 §4 Pending → Enqueued | Rejected)', () => {
  test('new files are Pending with consecutive ids and nothing uploaded', () => {
    const state = run(INITIAL_UPLOADER_STATE, { type: 'ADD', items: [file('a.jpg'), file('b.jpg')] });
    expect(state.items.map((i) => [i.id, i.status, i.uploadedPercent, i.fileUUID])).toEqual([
      [0, 'Pending', 0, null],
      [1, 'Pending', 0, null],
    ]);
  });

  test('passing checks enqueue, failing ones reject with the reason', () => {
    const state = checkedQueue();
    expect(statuses(state)).toEqual<UploadStatus[]>(['Enqueued', 'Enqueued', 'Rejected']);
    expect(state.items[2]?.statusReason).toBe('UnSupported');
  });

  test('a verdict for an item that is no longer Pending changes nothing', () => {
    const state = uploading();
    expect(run(state, { type: 'CHECKED', results: [{ id: 0, reason: 'FileIsFolder' }] })).toBe(state);
  });
});

describe('start condition (spec 000 §4)', () => {
  test('the first Enqueued item may start when nothing blocks', () => {
    expect(findStartable(checkedQueue())?.id).toBe(0);
  });

  test.each<[string, UploadAction[]]>([
    ['paused', [{ type: 'PAUSE' }]],
    ['a stop is pending', [{ type: 'STOP_REQUESTED' }]],
    ['something is uploading', [{ type: 'UPLOAD_STARTED', id: 0 }]],
    [
      'offline',
      [
        { type: 'UPLOAD_STARTED', id: 0 },
        { type: 'UPLOAD_FAILED', id: 0 },
      ],
    ],
    [
      'out of storage',
      [
        { type: 'UPLOAD_STARTED', id: 0 },
        { type: 'REJECTED', id: 0, reason: 'NoStorage' },
      ],
    ],
  ])('nothing starts while %s', (_label, actions) => {
    const state = run(checkedQueue(), ...actions);
    expect(findStartable(state)).toBeUndefined();
    // The machine itself refuses a start the condition forbids.
    const second = state.items.find((item) => item.status === 'Enqueued');
    if (second) expect(run(state, { type: 'UPLOAD_STARTED', id: second.id })).toBe(state);
  });

  test('nothing starts when no item is Enqueued', () => {
    const state = run(INITIAL_UPLOADER_STATE, { type: 'ADD', items: [file('a.jpg')] });
    expect(findStartable(state)).toBeUndefined();
  });

  test('resuming and retrying allow starting again', () => {
    expect(findStartable(run(checkedQueue(), { type: 'PAUSE' }, { type: 'RESUME' }))?.id).toBe(0);
    const offline = run(uploading(), { type: 'UPLOAD_FAILED', id: 0 });
    expect(findStartable(run(offline, { type: 'RETRY' }))?.id).toBe(0);
  });

  test('a full server disk (507) waits like Offline, as ServerFull, until the retry', () => {
    const full = run(uploading(), { type: 'UPLOAD_FAILED', id: 0, isServerFull: true });
    expect(full.connection).toBe('ServerFull');
    expect(full.items[0]?.status).toBe('Enqueued');
    expect(findStartable(full)).toBeUndefined();
    const retrying = run(full, { type: 'RETRY' });
    expect(retrying.connection).toBe('Retrying');
    expect(findStartable(retrying)?.id).toBe(0);
  });

  test('an item that is not the next one cannot start', () => {
    const state = checkedQueue();
    expect(run(state, { type: 'UPLOAD_STARTED', id: 1 })).toBe(state);
  });
});

describe('uploading (spec 000 §4 Enqueued → Uploading → …)', () => {
  test('starting sets Uploading at 0 %', () => {
    expect(uploading().items[0]).toMatchObject({ status: 'Uploading', uploadedPercent: 0 });
  });

  test('progress moves in whole steps of at least 1 %', () => {
    let state = run(uploading(), { type: 'PROGRESS', id: 0, percent: 10.7 });
    expect(state.items[0]?.uploadedPercent).toBe(10);
    const same = run(state, { type: 'PROGRESS', id: 0, percent: 10.9 });
    expect(same).toBe(state);
    state = run(state, { type: 'PROGRESS', id: 0, percent: 11 });
    expect(state.items[0]?.uploadedPercent).toBe(11);
  });

  test('progress of an item that is not uploading is ignored', () => {
    const state = checkedQueue();
    expect(run(state, { type: 'PROGRESS', id: 1, percent: 50 })).toBe(state);
  });

  test.each<[string, UploadStatus, string | null]>([
    ['processing', 'BackendSucceeded', null],
    ['exists', 'Succeeded', null],
    ['deleted', 'Rejected', 'FileWasDeleted'],
    ['trashed', 'Rejected', 'FileWasDeleted'],
  ])('the server answering %s gives %s', (answer, status, reason) => {
    const state = run(uploading(), {
      type: 'SERVER_ANSWERED',
      id: 0,
      answer: answer as 'processing',
      fileUUID: 'f-1',
    });
    expect(state.items[0]).toMatchObject({ status, statusReason: reason, fileUUID: 'f-1' });
  });

  test('BackendSucceeded becomes Succeeded when the file shows up processed', () => {
    const processing = run(uploading(), {
      type: 'SERVER_ANSWERED',
      id: 0,
      answer: 'processing',
      fileUUID: 'f-1',
    });
    expect(run(processing, { type: 'BACKEND_DONE', ids: [0] }).items[0]?.status).toBe('Succeeded');
    expect(run(processing, { type: 'BACKEND_DONE', ids: [1] })).toBe(processing);
  });

  test('a file the server could not process completes marked so (issue #10 §3)', () => {
    const processing = run(uploading(), {
      type: 'SERVER_ANSWERED',
      id: 0,
      answer: 'processing',
      fileUUID: 'f-1',
    });
    const failed = run(processing, { type: 'MEDIA_FAILED', ids: [0] }, { type: 'BACKEND_DONE', ids: [0] });
    expect(failed.items[0]).toMatchObject({ status: 'Succeeded', isMediaFailed: true });
    expect(run(processing, { type: 'BACKEND_DONE', ids: [0] }).items[0]).toMatchObject({
      status: 'Succeeded',
      isMediaFailed: false,
    });
    // Only a file still being processed can fail its processing.
    expect(run(uploading(), { type: 'MEDIA_FAILED', ids: [0] })).toEqual(uploading());
  });

  test('a copy to the timeline that failed for good completes the item with its reason (issue #27)', () => {
    const processing = run(uploading(), {
      type: 'SERVER_ANSWERED',
      id: 0,
      answer: 'processing',
      fileUUID: 'f-1',
    });
    const failed = run(processing, {
      type: 'TIMELINE_COPY_FAILED',
      failures: [{ id: 0, reason: 'quota_exceeded' }],
    });
    expect(failed.items[0]).toMatchObject({ status: 'Succeeded', timelineCopyFailure: 'quota_exceeded' });
    expect(isActive(failed.items[0] as UploadItem)).toBe(false);
    expect(itemText(failed.items[0] as UploadItem, failed, { itemId: null, seconds: 0 })).toEqual({
      kind: 'timelineCopyFailed',
      reason: 'quota_exceeded',
    });
    // Only a file waiting for its copy.
    expect(
      run(uploading(), { type: 'TIMELINE_COPY_FAILED', failures: [{ id: 0, reason: 'failed' }] }),
    ).toEqual(uploading());
  });

  test.each(['FileIsFolder', 'LocalFileUnavailable', 'UnSupported', 'TooLargeFile', 'Unknown'] as const)(
    'a rejection for %s is final',
    (reason) => {
      const state = run(uploading(), { type: 'REJECTED', id: 0, reason });
      expect(state.items[0]).toMatchObject({ status: 'Rejected', statusReason: reason });
      expect(state.isOutOfStorage).toBe(false);
      expect(findStartable(state)?.id).toBe(1);
    },
  );
});

describe('no storage (spec 000 §4)', () => {
  const full = () => run(uploading(), { type: 'REJECTED', id: 0, reason: 'NoStorage' });

  test('returns the item to Enqueued and flags out of storage', () => {
    const state = full();
    expect(state.items[0]).toMatchObject({ status: 'Enqueued', uploadedPercent: 0, statusReason: null });
    expect(state.isOutOfStorage).toBe(true);
  });

  test('freeing storage (deletion, purchase, plan change) clears the flag and the queue goes on', () => {
    const state = run(full(), { type: 'STORAGE_FREED' });
    expect(state.isOutOfStorage).toBe(false);
    expect(findStartable(state)?.id).toBe(0);
  });
});

describe('connection (spec 000 §4 Offline → Retrying → Online)', () => {
  const offline = () =>
    run(uploading(), { type: 'PROGRESS', id: 0, percent: 30 }, { type: 'UPLOAD_FAILED', id: 0 });

  test('a failed upload returns the item to Enqueued at 0 % and marks the uploader Offline', () => {
    const state = offline();
    expect(state.items[0]).toMatchObject({ status: 'Enqueued', uploadedPercent: 0 });
    expect(state.connection).toBe('Offline');
  });

  test('retry sets Retrying; only from Offline', () => {
    expect(run(offline(), { type: 'RETRY' }).connection).toBe('Retrying');
    const online = checkedQueue();
    expect(run(online, { type: 'RETRY' })).toBe(online);
  });

  test('progress above zero returns Online; zero does not', () => {
    const retrying = run(offline(), { type: 'RETRY' }, { type: 'UPLOAD_STARTED', id: 0 });
    expect(run(retrying, { type: 'PROGRESS', id: 0, percent: 0 }).connection).toBe('Retrying');
    expect(run(retrying, { type: 'PROGRESS', id: 0, percent: 1 }).connection).toBe('Online');
  });

  test('a server answer after a retry returns Online too', () => {
    const retrying = run(offline(), { type: 'RETRY' }, { type: 'UPLOAD_STARTED', id: 0 });
    const state = run(retrying, { type: 'SERVER_ANSWERED', id: 0, answer: 'exists', fileUUID: 'f-1' });
    expect(state.connection).toBe('Online');
  });
});

describe('stop (spec 000 §4)', () => {
  test('asking sets a pending stop; cancelling clears it and changes nothing else', () => {
    const asked = run(uploading(), { type: 'STOP_REQUESTED' });
    expect(asked.isStopPending).toBe(true);
    const cancelled = run(asked, { type: 'STOP_CANCELLED' });
    expect(cancelled.isStopPending).toBe(false);
    expect(cancelled.items).toBe(asked.items);
  });

  test('confirming cancels Pending, Enqueued and Uploading below 100 %, not finished ones', () => {
    const state = run(
      checkedQueue(),
      { type: 'ADD', items: [file('late.jpg')] },
      { type: 'UPLOAD_STARTED', id: 0 },
      { type: 'PROGRESS', id: 0, percent: 40 },
      { type: 'STOP_REQUESTED' },
      { type: 'STOP_CONFIRMED' },
    );
    expect(statuses(state)).toEqual<UploadStatus[]>(['Cancelled', 'Cancelled', 'Rejected', 'Cancelled']);
    expect(state.isStopPending).toBe(false);
  });

  test('an upload at 100 % (the last bytes are out) is not cancelled', () => {
    const state = run(
      uploading(),
      { type: 'PROGRESS', id: 0, percent: 100 },
      { type: 'STOP_REQUESTED' },
      { type: 'STOP_CONFIRMED' },
    );
    expect(state.items[0]?.status).toBe('Uploading');
    // A late answer for a cancelled item changes nothing.
    expect(run(state, { type: 'REJECTED', id: 1, reason: 'Unknown' })).toBe(state);
  });
});

describe('clear (spec 000 §4 queue cleared when uploads finish)', () => {
  test('is refused while work is left', () => {
    const state = uploading();
    expect(run(state, { type: 'CLEAR' })).toBe(state);
  });

  test('empties a finished queue; ids keep growing so stale events miss', () => {
    const done = run(
      uploading(),
      { type: 'SERVER_ANSWERED', id: 0, answer: 'exists', fileUUID: 'f-0' },
      { type: 'UPLOAD_STARTED', id: 1 },
      { type: 'SERVER_ANSWERED', id: 1, answer: 'exists', fileUUID: 'f-1' },
    );
    const cleared = run(done, { type: 'CLEAR' });
    expect(cleared.items).toEqual([]);
    const next = run(cleared, { type: 'ADD', items: [file('c.jpg')] });
    expect(next.items[0]?.id).toBe(3);
    expect(run(next, { type: 'CHECKED', results: [{ id: 0, reason: null }] })).toBe(next);
  });
});
