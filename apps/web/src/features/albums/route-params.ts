/**
 * Route helpers of albums (spec 000 §2 "Helper rules"): where an album page finds its id,
 * where a flow returns to, and the paths of the create/edit screens.
 */

/** spec 000 §8: the error of a route with neither id. */
export const MISSING_ALBUM_ID = 'Must have params for either albumID or albumIDB64';

/** The id of a new album not saved yet, in `/albums/new/edit/a`. */
export const NEW_ALBUM_ID = 'new';

/** The default tab of the edit route (spec 000 §2 "default tab value a"). */
export const DEFAULT_EDIT_TAB = 'a';
/** The tab of step 2, adding photos (spec 000 §2 `/albums/{albumId}/edit/addPhotos`). */
export const ADD_PHOTOS_TAB = 'addPhotos';

/** The `goToAfter` value that returns to the timeline (spec 000 §2). */
export const GO_TO_TIMELINE = 't';

/** The base64 form of an album id (albumIDB64), URL-safe and unpadded. */
export function encodeAlbumIdB64(albumId: string): string {
  const bytes = new TextEncoder().encode(albumId);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** Decodes an albumIDB64 (standard or URL-safe, padded or not); undefined when it is not base64. */
export function decodeAlbumIdB64(value: string): string | undefined {
  const standard = value.replaceAll('-', '+').replaceAll('_', '/');
  try {
    const binary = atob(standard.padEnd(Math.ceil(standard.length / 4) * 4, '='));
    const id = new TextDecoder('utf-8', { fatal: true }).decode(
      Uint8Array.from(binary, (c) => c.charCodeAt(0)),
    );
    return id === '' ? undefined : id;
  } catch {
    return undefined;
  }
}

/**
 * spec 000 §2: an album page reads its id from albumID, or from the base64 albumIDB64, and
 * fails with 'Must have params for either albumID or albumIDB64' (§8) when neither is there.
 */
export function albumIdFromParams(params: { albumID?: string; albumIDB64?: string }): string {
  if (params.albumID) return params.albumID;
  const decoded = params.albumIDB64 ? decodeAlbumIdB64(params.albumIDB64) : undefined;
  if (decoded) return decoded;
  throw new Error(MISSING_ALBUM_ID);
}

/** spec 000 §2: a return target of t goes to the timeline, anything else to the albums. */
export function returnPath(goToAfter: string | null | undefined): '/photos' | '/albums' {
  return goToAfter === GO_TO_TIMELINE ? '/photos' : '/albums';
}

/** `/albums/{albumId}/edit/{tab}`, keeping `goToAfter` when given. */
export function albumEditPath(
  albumId: string,
  tab: string = DEFAULT_EDIT_TAB,
  goToAfter?: string | null,
): string {
  const path = `/albums/${encodeURIComponent(albumId)}/edit/${encodeURIComponent(tab)}`;
  return goToAfter ? `${path}?goToAfter=${encodeURIComponent(goToAfter)}` : path;
}

/** The create flow's first step: `/albums/new/edit/a` (spec 000 §4 Album create). */
export function newAlbumPath(goToAfter?: string | null): string {
  return albumEditPath(NEW_ALBUM_ID, DEFAULT_EDIT_TAB, goToAfter);
}

/**
 * The first segment of the create-album-after-more-photos route (spec 000 §2: "a
 * create-album-after-more-photos route", path not shown): step 2 of Album create, where the
 * album just created gets its photos, addressed by albumIDB64 as the more-photos route.
 */
export const CREATE_AFTER_MORE_PHOTOS = 'createAlbumAfterMorePhotos';

/** `/createAlbumAfterMorePhotos/{albumIDB64}`, keeping `goToAfter` when given. */
export function createAlbumAfterMorePhotosPath(albumId: string, goToAfter?: string | null): string {
  const path = `/${CREATE_AFTER_MORE_PHOTOS}/${encodeAlbumIdB64(albumId)}`;
  return goToAfter ? `${path}?goToAfter=${encodeURIComponent(goToAfter)}` : path;
}

/** The add-photos picker of an album (spec 000 §2 `/addPhotos/{albumId}`). */
export function addPhotosPath(albumId: string): string {
  return `/addPhotos/${encodeURIComponent(albumId)}`;
}

/** The album page. */
export function albumPath(albumId: string): string {
  return `/albums/${encodeURIComponent(albumId)}`;
}
