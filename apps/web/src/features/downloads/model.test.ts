import { describe, expect, it } from 'vitest';
import {
  dismissAction,
  downloadReducer,
  INITIAL_DOWNLOAD,
  isPreparing,
  startedCount,
  type DownloadModalInfo,
  type DownloadModel,
} from './model.ts';
import type { DownloadPage } from './parts.ts';

const page = (name: string, ids: string[]): DownloadPage => ({
  fileIDs: ids,
  totalSize: ids.length * 100,
  name,
  hasHEIC: false,
  clicked: false,
});
const INFO: DownloadModalInfo = { jobID: 'job-1', pages: 2, count: 3, size: 300, downloadType: 'fileList' };
const TARGET = { kind: 'job', jobId: 'job-1' } as const;

function opened(): DownloadModel {
  return downloadReducer(INITIAL_DOWNLOAD, {
    type: 'open',
    info: INFO,
    pages: [page('Photos(1)', ['a', 'b']), page('Photos(2)', ['c'])],
    target: TARGET,
  });
}

describe('download modal (spec 000 §4: off, max, min)', () => {
  it('opens at max with every part waiting, and goes min and max again', () => {
    const state = opened();
    expect(state.modal).toBe('max');
    expect(state.info).toEqual(INFO);
    expect(state.parts.map((p) => [p.name, p.count, p.status, p.clicked])).toEqual([
      ['Photos(1)', 2, 'idle', false],
      ['Photos(2)', 1, 'idle', false],
    ]);
    const min = downloadReducer(state, { type: 'minimize' });
    expect(min.modal).toBe('min');
    expect(downloadReducer(min, { type: 'maximize' }).modal).toBe('max');
    // Off stays off: nothing to minimise or show.
    expect(downloadReducer(INITIAL_DOWNLOAD, { type: 'minimize' }).modal).toBe('off');
    expect(downloadReducer(INITIAL_DOWNLOAD, { type: 'maximize' }).modal).toBe('off');
  });

  it('a part is prepared, then started and clicked (spec 000 §3 Download page)', () => {
    let state = opened();
    const { serial } = state;
    state = downloadReducer(state, { type: 'preparing', serial, index: 1 });
    expect(isPreparing(state)).toBe(true);
    state = downloadReducer(state, {
      type: 'started',
      serial,
      index: 1,
      url: '/zip?sig=x',
      fileName: 'b.zip',
    });
    expect(state.parts[1]).toMatchObject({
      status: 'started',
      clicked: true,
      url: '/zip?sig=x',
      fileName: 'b.zip',
    });
    expect(state.parts[0]?.clicked).toBe(false);
    expect(startedCount(state)).toBe(1);
    expect(isPreparing(state)).toBe(false);
  });

  it('a failed part records its kind (spec 000 §8) and can be tried again; a started one stays started', () => {
    let state = opened();
    const { serial } = state;
    state = downloadReducer(state, { type: 'preparing', serial, index: 0 });
    state = downloadReducer(state, { type: 'failed', serial, index: 0, failure: 'files' });
    expect(state.parts[0]).toMatchObject({ status: 'failed', failure: 'files', clicked: false });
    state = downloadReducer(state, { type: 'preparing', serial, index: 0 });
    state = downloadReducer(state, { type: 'started', serial, index: 0, url: '/u', fileName: 'a.zip' });
    expect(state.parts[0]).toMatchObject({ status: 'started', failure: undefined });
    expect(downloadReducer(state, { type: 'failed', serial, index: 0, failure: 'files' })).toEqual(state);
  });

  it('closing drops the parts; answers about them that come later change nothing', () => {
    const before = opened();
    const closed = downloadReducer(before, { type: 'close' });
    expect(closed).toMatchObject({ modal: 'off', info: null, target: null, parts: [] });
    const late = downloadReducer(closed, {
      type: 'started',
      serial: before.serial,
      index: 0,
      url: '/u',
      fileName: 'a.zip',
    });
    expect(late).toBe(closed);
    // A newer download is not touched by the older one's answers either.
    const next = downloadReducer(closed, {
      type: 'open',
      info: INFO,
      pages: [page('X', ['x'])],
      target: TARGET,
    });
    expect(downloadReducer(next, { type: 'failed', serial: before.serial, index: 0, failure: 'files' })).toBe(
      next,
    );
  });

  it('the HEIC choice starts off for each download', () => {
    const chosen = downloadReducer(opened(), { type: 'setHeicToJpeg', value: true });
    expect(chosen.heicToJpeg).toBe(true);
    const next = downloadReducer(chosen, {
      type: 'open',
      info: INFO,
      pages: [page('X', ['x'])],
      target: TARGET,
    });
    expect(next.heicToJpeg).toBe(false);
  });

  it('a whole album names no files: its part counts the album’s files', () => {
    const state = downloadReducer(INITIAL_DOWNLOAD, {
      type: 'open',
      info: { ...INFO, pages: 1, count: 42, downloadType: 'jobArchive' },
      pages: [page('Cabin', [])],
      target: TARGET,
    });
    expect(state.parts[0]?.count).toBe(42);
  });

  it('Escape closes a download nothing happened to yet, else minimises it', () => {
    const state = opened();
    expect(dismissAction(state)).toBe('close');
    const preparing = downloadReducer(state, { type: 'preparing', serial: state.serial, index: 0 });
    expect(dismissAction(preparing)).toBe('minimize');
    const started = downloadReducer(preparing, {
      type: 'started',
      serial: state.serial,
      index: 0,
      url: '/u',
      fileName: 'a.zip',
    });
    expect(dismissAction(started)).toBe('minimize');
  });
});
