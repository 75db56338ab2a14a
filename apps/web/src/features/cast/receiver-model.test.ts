import type { CastItem, CastReceiverView } from '@trove/contract';
import { describe, expect, it } from 'vitest';
import {
  INITIAL_RECEIVER,
  applyRemote,
  applyView,
  preloadItems,
  remoteActionOf,
  slideDelayOf,
  type ReceiverState,
} from './receiver-model.ts';

const item = (index: number, type: CastItem['type'] = 'Pictures'): CastItem => ({
  index,
  file_id: `f${String(index)}`,
  type,
  name: `f${String(index)}.jpg`,
  image_url: `/th/3/f${String(index)}?v=1`,
  video_url: type === 'Movies' ? `/v/f${String(index)}` : null,
});

function view(over: Partial<CastReceiverView> = {}): CastReceiverView {
  return {
    paired: true,
    serial: 1,
    job_id: 'job',
    count: 8,
    playback: { index: 0, playing: true, autoplay: true, position_ms: 0 },
    items: [7, 0, 1, 2, 3, 4].map((i) => item(i)),
    ...over,
  };
}

/** The TV receiver's model (issue #27, spec 000 §7, §9). */
describe('the cast receiver model', () => {
  it('applies a sender message once, and keeps its own steps against a report’s answer', () => {
    const loaded = applyView(INITIAL_RECEIVER, view(), 0);
    expect(loaded.playback.index).toBe(0);
    const stepped = applyRemote(loaded, 'next');
    expect(stepped.playback.index).toBe(1);
    // The report's answer carries the same serial: the TV's own step stands.
    const answered = applyView(stepped, view({ playback: { ...view().playback, index: 0 } }), 1);
    expect(answered.playback.index).toBe(1);
    // A new message (serial 2) wins.
    const paused = applyView(
      answered,
      view({ serial: 2, playback: { ...view().playback, playing: false } }),
      2,
    );
    expect(paused.playback.playing).toBe(false);
  });

  it('moves the video only for a load or a seek, not for a pause', () => {
    const loaded = applyView(
      INITIAL_RECEIVER,
      view({ playback: { ...view().playback, position_ms: 1200 } }),
      0,
    );
    const paused = applyView(
      loaded,
      view({ serial: 2, playback: { ...loaded.playback, playing: false } }),
      0,
    );
    expect(paused.seekToken).toBe(loaded.seekToken);
    const sought = applyView(
      paused,
      view({ serial: 3, playback: { ...paused.playback, position_ms: 0 } }),
      0,
    );
    expect(sought.seekToken).toBe(paused.seekToken + 1);
  });

  it('keeps the URLs it holds for a file for 10 minutes', () => {
    const first = applyView(INITIAL_RECEIVER, view(), 0);
    const fresh = view({ items: [{ ...item(0), image_url: '/th/3/f0?v=2' }] });
    expect(applyView(first, fresh, 60_000).items.get(0)?.item.image_url).toBe('/th/3/f0?v=1');
    expect(applyView(first, fresh, 11 * 60_000).items.get(0)?.item.image_url).toBe('/th/3/f0?v=2');
  });

  it('preloads the next 4 (spec 000 §9) and wraps', () => {
    const state = applyView(INITIAL_RECEIVER, view(), 0);
    expect(preloadItems(state).map((i) => i.index)).toEqual([1, 2, 3, 4]);
    const back = applyRemote(state, 'previous');
    expect(back.playback.index).toBe(7);
  });

  it('shows a picture 5000 ms and moves 1 ms after a video ended, only while playing the slideshow', () => {
    const state = applyView(INITIAL_RECEIVER, view(), 0);
    expect(slideDelayOf(state, false)).toBe(5000);
    const video: ReceiverState = applyView(INITIAL_RECEIVER, view({ items: [item(0, 'Movies')] }), 0);
    expect(slideDelayOf(video, false)).toBeNull();
    expect(slideDelayOf(video, true)).toBe(1);
    expect(slideDelayOf(applyRemote(state, 'playPause'), false)).toBeNull();
    const stopped = applyRemote(state, 'stop');
    expect(stopped.playback).toMatchObject({ playing: false, autoplay: false, position_ms: 0 });
    expect(slideDelayOf(applyRemote(stopped, 'playPause'), false)).toBeNull();
  });

  it('reads the remote’s keys b, p, s and the arrows', () => {
    expect(['b', 'p', 's', 'ArrowLeft', 'ArrowRight', 'x'].map(remoteActionOf)).toEqual([
      'previous',
      'playPause',
      'stop',
      'previous',
      'next',
      undefined,
    ]);
  });
});
