import { describe, expect, test } from 'vitest';
import {
  INITIAL_TRANSCODE,
  positionOf,
  slideDelay,
  targetAfterDelete,
  targetOf,
  transcodeReducer,
  type CarouselView,
  type TranscodeEvent,
  type TranscodeState,
} from './model.ts';

const MARCH = { start: 100, end: 200 };
const FEBRUARY = { start: 50, end: 100 };
const JANUARY = { start: 0, end: 50 };

/** Three months, newest first; `loaded` says which have their files. */
function view(loaded: Record<number, string[]>): CarouselView {
  return {
    months: [MARCH, FEBRUARY, JANUARY],
    filesOf: (start) => loaded[start]?.map((id) => ({ id })),
  };
}

const all = view({ 100: ['m1', 'm2'], 50: ['f1'], 0: ['j1', 'j2'] });

describe('carousel order (spec 000 §4 Carousel)', () => {
  test('finds a file by its month and index', () => {
    expect(positionOf(all, 50, 'f1')).toEqual({ monthIndex: 1, fileIndex: 0 });
    expect(positionOf(all, 100, 'f1')).toBeUndefined();
    expect(positionOf(view({}), 100, 'm1')).toBeUndefined();
  });

  test('next and previous move within a month', () => {
    expect(targetOf(all, { monthIndex: 0, fileIndex: 0 }, 'next')).toEqual({ kind: 'file', fileId: 'm2' });
    expect(targetOf(all, { monthIndex: 0, fileIndex: 1 }, 'previous')).toEqual({
      kind: 'file',
      fileId: 'm1',
    });
  });

  test('across a month boundary they take the first or last file of the adjacent month', () => {
    expect(targetOf(all, { monthIndex: 0, fileIndex: 1 }, 'next')).toEqual({ kind: 'file', fileId: 'f1' });
    expect(targetOf(all, { monthIndex: 2, fileIndex: 0 }, 'previous')).toEqual({
      kind: 'file',
      fileId: 'f1',
    });
  });

  test('an adjacent month not loaded yet must load first', () => {
    const partial = view({ 100: ['m1', 'm2'] });
    expect(targetOf(partial, { monthIndex: 0, fileIndex: 1 }, 'next')).toEqual({
      kind: 'month',
      start: 50,
      edge: 'first',
    });
    expect(targetOf(partial, { monthIndex: 0, fileIndex: 0 }, 'last')).toEqual({
      kind: 'month',
      start: 0,
      edge: 'last',
    });
  });

  test('a month found empty is skipped', () => {
    const emptied = view({ 100: ['m1'], 50: [], 0: ['j1'] });
    expect(targetOf(emptied, { monthIndex: 0, fileIndex: 0 }, 'next')).toEqual({
      kind: 'file',
      fileId: 'j1',
    });
    expect(targetOf(emptied, { monthIndex: 2, fileIndex: 0 }, 'previous')).toEqual({
      kind: 'file',
      fileId: 'm1',
    });
  });

  test('Home and End go to the newest and the oldest file', () => {
    expect(targetOf(all, { monthIndex: 1, fileIndex: 0 }, 'first')).toEqual({ kind: 'file', fileId: 'm1' });
    expect(targetOf(all, { monthIndex: 1, fileIndex: 0 }, 'last')).toEqual({ kind: 'file', fileId: 'j2' });
  });

  test('the ends stop, unless wrapping (the slideshow)', () => {
    const end = { monthIndex: 2, fileIndex: 1 };
    const start = { monthIndex: 0, fileIndex: 0 };
    expect(targetOf(all, end, 'next')).toEqual({ kind: 'none' });
    expect(targetOf(all, start, 'previous')).toEqual({ kind: 'none' });
    expect(targetOf(all, end, 'next', true)).toEqual({ kind: 'file', fileId: 'm1' });
    expect(targetOf(all, start, 'previous', true)).toEqual({ kind: 'file', fileId: 'j2' });
  });

  test('after a delete the viewer moves on to the next file, else the previous, else leaves', () => {
    expect(targetAfterDelete(all, { monthIndex: 1, fileIndex: 0 })).toEqual({ kind: 'file', fileId: 'j1' });
    expect(targetAfterDelete(all, { monthIndex: 2, fileIndex: 1 })).toEqual({ kind: 'file', fileId: 'j1' });
    const single: CarouselView = { months: [MARCH], filesOf: () => [{ id: 'only' }] };
    expect(targetAfterDelete(single, { monthIndex: 0, fileIndex: 0 })).toEqual({ kind: 'none' });
  });
});

describe('slideshow (spec 000 §9)', () => {
  test('a picture stays 5000 ms', () => {
    expect(slideDelay({ isVideo: false })).toBe(5000);
  });

  test('a playable video stays until it finished, then 1 ms', () => {
    expect(slideDelay({ isVideo: true, encoding: 'FETCHING' })).toBeNull();
    expect(slideDelay({ isVideo: true, encoding: 'ENCODED', play: 'playing' })).toBeNull();
    expect(slideDelay({ isVideo: true, encoding: 'ENCODED', play: 'paused' })).toBeNull();
    expect(slideDelay({ isVideo: true, encoding: 'ENCODED', play: 'finished' })).toBe(1);
  });

  test('a video that cannot play stays as long as a picture', () => {
    expect(slideDelay({ isVideo: true, encoding: 'PROCESSING' })).toBe(5000);
    expect(slideDelay({ isVideo: true, encoding: 'ERROR' })).toBe(5000);
  });
});

describe('video transcode (spec 000 §4)', () => {
  const run = (...events: TranscodeEvent[]): TranscodeState =>
    events.reduce(transcodeReducer, INITIAL_TRANSCODE);

  test('start gives FETCHING', () => {
    expect(run({ type: 'answered', result: 'ready' }, { type: 'start' })).toEqual({
      status: 'FETCHING',
      round: 0,
    });
  });

  test('queued gives PROCESSING and asks for another check', () => {
    const once = run({ type: 'answered', result: 'queued' });
    expect(once).toEqual({ status: 'PROCESSING', round: 1 });
    expect(transcodeReducer(once, { type: 'answered', result: 'queued' }).round).toBe(2);
  });

  test('ready gives ENCODED, also after queued', () => {
    expect(run({ type: 'answered', result: 'ready' }).status).toBe('ENCODED');
    expect(run({ type: 'answered', result: 'queued' }, { type: 'answered', result: 'ready' }).status).toBe(
      'ENCODED',
    );
  });

  test('anything else gives ERROR', () => {
    expect(run({ type: 'answered', result: 'error' }).status).toBe('ERROR');
    expect(run({ type: 'answered', result: 'what' }).status).toBe('ERROR');
    expect(run({ type: 'answered', result: 'queued' }, { type: 'failed' }).status).toBe('ERROR');
  });

  test('a check slower than 2 s shows PROCESSING, and its answer still counts', () => {
    const slow = run({ type: 'slow' });
    expect(slow.status).toBe('PROCESSING');
    expect(transcodeReducer(slow, { type: 'answered', result: 'ready' }).status).toBe('ENCODED');
  });

  test('ENCODED and ERROR are final: a late slow timer does not undo them', () => {
    expect(run({ type: 'answered', result: 'ready' }, { type: 'slow' }).status).toBe('ENCODED');
    expect(run({ type: 'failed' }, { type: 'answered', result: 'ready' }).status).toBe('ERROR');
  });
});
