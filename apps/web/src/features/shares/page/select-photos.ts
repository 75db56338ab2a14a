import { SHARE_MAX_FILES, sharePath } from '@trove/contract';

/*
 * [Note: Select photos] /selectPhotos and /selectPhotos/{id} (spec 000 §2 "start and end of
 * external photo selection"; docs/SPEC-DEVIATIONS.md): a page of this origin opens
 * `/selectPhotos?max=N` in a window; the signed-in user picks up to N photos and videos from
 * the timeline; Next makes a share of them (POST /shares, the timeline as the source job) and
 * goes to `/selectPhotos/{shareId}`, which posts `{ type: 'trove:selectPhotos', shareId, url }`
 * to `window.opener` with this page's own origin as the target, so no other site can read it,
 * then offers to close the window. Cancel posts `{ type: 'trove:selectPhotos', shareId: null,
 * url: null }` the same way. A share holds at most SHARE_MAX_FILES files, so a larger or
 * missing `max` is that limit.
 */

/** The `type` of the messages posted to the opener. */
export const SELECT_PHOTOS_MESSAGE = 'trove:selectPhotos';

/** What the opener receives: the share made of the chosen files, or nulls when cancelled. */
export type SelectPhotosMessage =
  | { type: typeof SELECT_PHOTOS_MESSAGE; shareId: string; url: string }
  | { type: typeof SELECT_PHOTOS_MESSAGE; shareId: null; url: null };

/**
 * The picker's maximum from the `max` query value (spec 000 §5 "the optional maximum"): a
 * whole number from 1, at most SHARE_MAX_FILES; anything else (missing, 0, text) is that limit.
 */
export function selectionMax(value: string | null): number {
  if (value === null || !/^\d{1,6}$/.test(value)) return SHARE_MAX_FILES;
  const max = Number(value);
  return max >= 1 ? Math.min(max, SHARE_MAX_FILES) : SHARE_MAX_FILES;
}

/** The absolute link of a share, on `origin`. */
export function shareUrl(origin: string, shareId: string): string {
  return `${origin}${sharePath(shareId)}`;
}

/** The window that opened this one, when there is one and it is still open. */
export function findOpener(): Pick<Window, 'postMessage' | 'closed'> | null {
  // `opener` is a WindowProxy; null when there is none or it was cut (noopener).
  const opener = window.opener as Window | null;
  return opener && !opener.closed ? opener : null;
}

/**
 * Posts `message` to `opener` (by default the window that opened this one); targetOrigin is
 * `origin` (this page's): a caller of another origin, or an opener that navigated elsewhere
 * since, receives nothing. Answers whether it was posted.
 */
export function postToOpener(
  message: SelectPhotosMessage,
  origin: string,
  opener: Pick<Window, 'postMessage' | 'closed'> | null = findOpener(),
): boolean {
  if (!opener || opener.closed) return false;
  opener.postMessage(message, origin);
  return true;
}
