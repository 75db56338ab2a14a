/**
 * Business constants of spec 000 §9 and spec 001 §9 that the code uses so far. Names follow
 * the spec so a reader with the spec open finds them by search.
 */

/** 2^30 bytes: the spec converts sizes in GB with this factor (spec 001 §9). */
export const GIB = 1024 ** 3;
/** Base free quota, 15 GiB (spec 001 §1, §9). The server's default; configurable. */
export const BASE_QUOTA_BYTES = 15 * GIB;
/** max_space at or above this counts as unlimited (spec 001 §3, spec 000 §9). */
export const UNLIMITED_QUOTA_THRESHOLD = 1000 * GIB;
/** Client version shown in the footer and sent as `client_v` (spec 000 §9, 001 §9). */
export const CLIENT_VERSION = '1.2.3300.6';
/** Title and name max length (spec 000 §9). */
export const MAX_NAME_LENGTH = 255;
/** Trash retention in days (spec 000 §9). */
export const TRASH_RETENTION_DAYS = 90;
/** Share link lifetime in days (spec 000 §9). */
export const SHARE_LINK_DAYS = 30;
/** Maximum size of one uploaded file: 200 GiB (spec 000 §5, §9). */
export const MAX_UPLOAD_BYTES = 200 * GIB;
/** At most this many items in one download (spec 000 §5, §9); larger ones go in parts. */
export const DOWNLOAD_MAX_ITEMS = 500;
/** At most 3.5 GB (base 1024) in one download (spec 000 §5, §9). */
export const DOWNLOAD_MAX_BYTES = 3.5 * GIB;
/** Thumbnail areas served by the thumb host (spec 000 §7, §9). */
export const THUMB_SIZES = [256, 1280] as const;

/**
 * [Note: Layout constants] The layout numbers of spec 000 §2 and §9 (and spec 001 §2), the
 * one place they are written. The web client reads them from here: its scripts import
 * LAYOUT, and its stylesheets get them as custom properties and custom media queries that
 * the build writes from LAYOUT (apps/web/layout-css.ts); a test fails when a stylesheet
 * spells one of the breakpoints out. LAYOUT is in layout.ts; the parts the first load of
 * /photos needs are here, exported alone (HEADER_HEIGHT, MOBILE_BREAKPOINT, GRID_SPACING…), and
 * LAYOUT is made of them: a bundler places a whole module in a chunk, and LAYOUT in this
 * module would ride along on the first load.
 */
export const HEADER_HEIGHT = 56;
/** The mobile breakpoint (spec 000 §2): under 600 px is a phone. */
export const MOBILE_BREAKPOINT = 600;
/** Breakpoints (spec 000 §2): under `mobile` is a phone; TV from 1400 px. */
export const BREAKPOINTS = { mobile: MOBILE_BREAKPOINT, tablet: 900, desktop: 1200, tv: 1400 } as const;
/** Timeline grid element on a phone, and the spacing of the grid (spec 000 §9). */
export const GRID_ELEMENT_MOBILE = 176;
export const GRID_SPACING = 2;
/** Timeline grid element: 180 px desktop, 176 mobile, 2 px apart (spec 000 §9). */
export const GRID_ELEMENT = { desktop: 180, mobile: GRID_ELEMENT_MOBILE, spacing: GRID_SPACING } as const;

/** Toasts auto-dismiss after 4 seconds unless stated (spec 001 §8, spec 000 §8). */
export const TOAST_DURATION_MS = 4000;
/** Tooltip open delay and max width (spec 000 §9, spec 001 §9). */
export const TOOLTIP = { openDelayMs: 500, maxWidth: 400 } as const;

/*
 * Timings and distances of spec 000 §9 that the client's interaction follows, each its own
 * constant (a bundler inlines a number; an object's fields ride along whole).
 */
/** A hint (and an upload notice) hides after 3 s. */
export const HINT_AUTO_HIDE_MS = 3000;
/** A failed job poll is tried again after 1 s. */
export const JOB_POLL_RETRY_MS = 1000;
/** A change list that stops short of the serial the poll announced is read again after 400 ms. */
export const CHANGES_RELOOK_MS = 400;
/** A scroll of 30 px or more counts as the user scrolling. */
export const SCROLL_THRESHOLD_PX = 30;
/** Two fingers must move 20 px apart or together to count as a pinch. */
export const PINCH_THRESHOLD_PX = 20;
