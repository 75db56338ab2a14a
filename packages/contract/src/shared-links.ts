import { z } from 'zod/mini';

/*
 * "My shared links" (issue #23): every live link a user handed out, on one page. A link is
 * a share (spec 000 §3 Share: a snapshot of files at /share/{id}, expiring after
 * SHARE_LINK_DAYS days, spec 000 §9) or a shared album (privacy_mode shared, opened at
 * /a/{id} by anyone holding the link; it never expires). See docs/API.md.
 */

/** What a link opens: a share of files, or a shared album. */
export const SharedLinkKind = z.enum(['share', 'album']);
export type SharedLinkKind = z.infer<typeof SharedLinkKind>;

/** Most links in one page of `GET /shares`, and the default. */
export const SHARED_LINKS_MAX_PAGE = 100;
export const SHARED_LINKS_PAGE = 50;

/** How many thumbnails a share's row shows. */
export const SHARED_LINK_THUMBS = 4;

/**
 * GET /shares: a page of the caller's links, newest first. `cursor` is the `next` of the
 * page before; it never holds a link's id (a share's id is its secret).
 */
export const SharedLinksQuery = z.object({
  cursor: z.optional(z.string().check(z.regex(/^\d{1,16}\.\d{1,6}$/, 'not a cursor'))),
  limit: z._default(
    z.pipe(z.coerce.number(), z.int()).check(z.minimum(1), z.maximum(SHARED_LINKS_MAX_PAGE)),
    SHARED_LINKS_PAGE,
  ),
});
export type SharedLinksQuery = z.input<typeof SharedLinksQuery>;

/** One link: what it opens, its dates and password state, who made it. Times in seconds. */
export const SharedLink = z.object({
  kind: SharedLinkKind,
  /** The share's or the album's id: the link is built from it (`sharePath`, `/a/{id}`). */
  id: z.string(),
  /** The album's title; empty for a share. */
  title: z.string(),
  ctime: z.number(),
  /** When a share stops opening; null for an album (its link does not expire). */
  expires: z.nullable(z.number()),
  has_password: z.boolean(),
  /** Active files behind the link. */
  file_count: z.int().check(z.nonnegative()),
  /** Signed 256 thumbnail paths: a share's first few pictures, an album's cover. */
  thumbs: z.array(z.string()),
  /** Who made the link: the caller, or another member who shared from the caller's album. */
  made_by: z.object({ userID: z.string(), name: z.string(), is_me: z.boolean() }),
  /** The album a share was made from; null for a share of a timeline, and for an album. */
  from_album: z.nullable(z.object({ id: z.string(), title: z.string() })),
  /** The caller may end the link: stop the share, or make the album private. */
  can_stop: z.boolean(),
});
export type SharedLink = z.infer<typeof SharedLink>;

export const SharedLinkList = z.object({
  links: z.array(SharedLink),
  /** The cursor of the next page; null on the last. */
  next: z.nullable(z.string()),
});
export type SharedLinkList = z.infer<typeof SharedLinkList>;

/** The path of a shared album's link (spec 000 §2 /a/{albumId}): whoever holds it may visit. */
export function albumLinkPath(albumId: string): string {
  return `/a/${encodeURIComponent(albumId)}`;
}
