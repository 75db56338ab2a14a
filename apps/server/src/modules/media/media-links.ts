import { APP_BASE_PATH } from '@trove/contract';
import type { MediaLifetime, MediaSigner, MediaVariant } from '../../access/media-urls.ts';

/** Thumbnail areas of spec 000 §7 (`area=256|1280`) and the variant each one serves. */
export const THUMB_AREAS = { '256': 'thumb256', '1280': 'thumb1280' } as const satisfies Record<
  string,
  MediaVariant
>;

/**
 * Builds the signed media paths a file listing hands out to one session (see [Note: Media
 * URLs] in access/media-urls.ts). Paths only: the client puts the right host in front.
 */
export function createMediaLinks(signer: MediaSigner) {
  return {
    /** The links of one session: they stop working when that session ends. */
    forSession: (sessionId: string) => sessionLinks(signer, sessionId),
    /** Links of the same scope that die sooner: a cast receiver's (issue #27). */
    shortLived: (sessionId: string, lifetime: MediaLifetime) => sessionLinks(signer, sessionId, lifetime),
  };
}
export type MediaLinks = ReturnType<typeof createMediaLinks>;

function sessionLinks(signer: MediaSigner, sessionId: string, lifetime?: MediaLifetime) {
  // `extra` is a fixed, URL-safe prefix, the session id a UUID and sig base64url: plain
  // concatenation is exact and cheaper than URLSearchParams on a page of hundreds of links.
  const sid = encodeURIComponent(sessionId);
  const signed = (path: string, fileId: string, variant: MediaVariant, extra = '') => {
    const { exp, sig } = signer.sign(fileId, variant, sessionId, lifetime);
    return `${path}?${extra}exp=${String(exp)}&sid=${sid}&sig=${sig}`;
  };
  const filePath = (jobId: string, fileId: string) =>
    `${APP_BASE_PATH}/jobs/${encodeURIComponent(jobId)}/files_by_id/${encodeURIComponent(fileId)}`;
  return {
    thumb: (fileId: string, area: keyof typeof THUMB_AREAS) =>
      signed(`/th/3/${encodeURIComponent(fileId)}`, fileId, THUMB_AREAS[area], `area=${area}&`),
    original: (jobId: string, fileId: string) => signed(filePath(jobId, fileId), fileId, 'original'),
    jpeg: (jobId: string, fileId: string) => signed(filePath(jobId, fileId), fileId, 'jpeg', 'to_jpeg=1&'),
    preview: (jobId: string, fileId: string) => signed(filePath(jobId, fileId), fileId, 'preview', 'sub=1&'),
    /** The thumbnail of a file in the trash (its owner's listing only). */
    trashedThumb: (fileId: string) =>
      signed(`/th/3/${encodeURIComponent(fileId)}`, fileId, 'trashed256', 'area=256&trashed=1&'),
  };
}
export type SessionLinks = ReturnType<typeof sessionLinks>;
