import { CAST_PRELOAD_COUNT, type CastItem, type CastPlayback, type CastReceiverView } from '@trove/contract';
import type { MediaLifetime } from '../../access/media-urls.ts';
import type { MediaLinks } from '../media/media-links.ts';
import type { CastReceiver, CastRepository } from './cast.repository.ts';

/**
 * A receiver's URLs live 20 to 30 minutes (the expiry rounded to 10 minutes, so the TV's
 * cache holds), not the hours a signed-in page's do: the TV is nobody's device. Every answer
 * the receiver gets carries fresh ones. See [Note: Casting].
 */
export const CAST_URL_LIFETIME: MediaLifetime = { validMs: 30 * 60_000, stepMs: 10 * 60_000 };

/** The queue of a receiver: file ids, in order. */
export function queueOf(row: Pick<CastReceiver, 'file_ids'>): string[] {
  if (row.file_ids === null) return [];
  const parsed: unknown = JSON.parse(row.file_ids);
  return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
}

export function playbackOf(row: CastReceiver): CastPlayback {
  return {
    index: row.item_index,
    playing: row.playing === 1,
    autoplay: row.autoplay === 1,
    position_ms: row.position_ms,
  };
}

/**
 * The indexes a receiver gets items for: the one before (the back key), the current and the
 * next CAST_PRELOAD_COUNT (spec 000 §9 "the next 4 items are preloaded"), wrapping as the
 * slideshow does.
 */
export function windowOf(index: number, count: number): number[] {
  const out: number[] = [];
  for (let step = -1; step <= CAST_PRELOAD_COUNT; step++) {
    const at = (((index + step) % count) + count) % count;
    if (!out.includes(at)) out.push(at);
  }
  return out;
}

/**
 * What the receiver sees: only the sender's queue, and of it only the window around the
 * current item, each through a short-lived URL signed in the sender's media scope (so the
 * sender's sign-out ends them too: [Note: Media URLs]).
 */
export async function receiverView(
  row: CastReceiver,
  paired: boolean,
  deps: { cast: Pick<CastRepository, 'filesOf'>; links: MediaLinks },
): Promise<CastReceiverView> {
  const queue = paired ? queueOf(row) : [];
  const playback = playbackOf(row);
  const base = { paired, serial: row.serial, count: queue.length, playback };
  if (!paired || row.job_id === null || row.media_scope === null || queue.length === 0)
    return { ...base, job_id: null, items: [] };
  const indexes = windowOf(Math.min(playback.index, queue.length - 1), queue.length);
  const files = new Map(
    (
      await deps.cast.filesOf(
        row.job_id,
        indexes.flatMap((i) => queue[i] ?? []),
      )
    ).map((f) => [f.id, f]),
  );
  const links = deps.links.shortLived(row.media_scope, CAST_URL_LIFETIME);
  const items: CastItem[] = [];
  for (const index of indexes) {
    const file = files.get(queue[index] ?? '');
    // A file removed since the queue was loaded is skipped by the receiver.
    if (!file || file.media_status !== 'ready' || file.type === 'Documents') continue;
    const isVideo = file.type === 'Movies';
    items.push({
      index,
      file_id: file.id,
      type: isVideo ? 'Movies' : 'Pictures',
      name: file.name,
      image_url: links.thumb(file.id, '1280'),
      video_url: isVideo ? links.preview(file.job_id, file.id) : null,
    });
  }
  return { ...base, job_id: row.job_id, items };
}
