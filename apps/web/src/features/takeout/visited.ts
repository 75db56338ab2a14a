import type { JobInfo } from '@trove/contract';

/*
 * Visited markers of the takeout page (spec 000 §7: "stores a local marker per album (key
 * album id, value last-modified time) to mark it as visited"). The marker is written when an
 * album's download starts, with the album's `mtime` then; an album changed since (a file
 * added or removed moves its `mtime`) no longer matches it. Storage may be unavailable or
 * full (private browsing, a blocked site): the page then works without markers.
 */

/** How an album stands against its marker. */
export type VisitState = 'never' | 'visited' | 'changed';

/** The `mtime` stored for `albumId`, or undefined when there is none or storage cannot be read. */
export function findVisitedMtime(albumId: string): number | undefined {
  let stored: string | null;
  try {
    stored = localStorage.getItem(albumId);
  } catch {
    return undefined;
  }
  if (stored === null) return undefined;
  const mtime = Number(stored);
  return Number.isFinite(mtime) ? mtime : undefined;
}

/** Stores the marker of `album` at its current `mtime`; a storage that refuses it is ignored. */
export function markVisited(album: Pick<JobInfo, 'id' | 'mtime'>): void {
  try {
    localStorage.setItem(album.id, String(album.mtime));
  } catch {
    // Private mode or a full quota: the download itself went ahead; only the mark is lost.
  }
}

/** Whether `album` was downloaded here at its current state, before a change, or never. */
export function visitStateOf(album: Pick<JobInfo, 'id' | 'mtime'>): VisitState {
  const stored = findVisitedMtime(album.id);
  if (stored === undefined) return 'never';
  return stored === album.mtime ? 'visited' : 'changed';
}
