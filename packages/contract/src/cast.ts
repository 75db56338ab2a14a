import { z } from 'zod/mini';

/*
 * Casting to a TV (spec 000 §2 album view and carousel "casting", §7 cast receiver messages,
 * §9 casting; issue #27). A TV opens Trove's own receiver page (/tv), which shows a short
 * pairing code; a signed-in sender pairs with it and then sends the §7 messages through the
 * server, which wakes the receiver's long poll over the event bus. See [Note: Casting] in
 * apps/server/src/modules/cast/cast.service.ts and docs/SPEC-DEVIATIONS.md.
 */

/** spec 000 §9: "the next 4 items are preloaded". */
export const CAST_PRELOAD_COUNT = 4;
/** spec 000 §9: "default image duration 5000 ms". */
export const CAST_IMAGE_DURATION_MS = 5000;
/** spec 000 §9: the slideshow "advances … 1 ms after a video finishes". */
export const CAST_VIDEO_END_DELAY_MS = 1;
/** A pairing code lives this long, and is used once. */
export const CAST_CODE_TTL_MS = 10 * 60_000;
/** A pairing ends after this long without a call from its sender. */
export const CAST_IDLE_MS = 15 * 60_000;
/** The pairing secret travels in this header, never in a URL. */
export const CAST_SECRET_HEADER = 'x-trove-cast-secret';
/** At most this many files in one cast queue. */
export const CAST_MAX_QUEUE = 5000;
/** Letters a code is made of: no 0/O, 1/I/L, easy to read from across a room. */
export const CAST_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CAST_CODE_LENGTH = 6;

/** A code as typed: case and spaces do not matter. */
export function normalizeCastCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '');
}

const Id = z.string().check(z.minLength(1), z.maxLength(100));
const Position = z.int().check(z.nonnegative(), z.maximum(365 * 86_400_000));

/** POST /cast/receivers: a new receiver, its secret (kept by the TV) and its first code. */
export const CastReceiverCreated = z.object({
  receiver_id: z.string(),
  secret: z.string(),
  code: z.string(),
  code_expires_in_ms: z.int(),
});
export type CastReceiverCreated = z.infer<typeof CastReceiverCreated>;

/** POST /cast/pair: a sender pairs with the code a TV shows. */
export const CastPairBody = z.object({ code: z.string().check(z.minLength(1), z.maxLength(20)) });
export type CastPairBody = z.infer<typeof CastPairBody>;

/** A receiver paired to the caller's account. */
export const CastReceiverInfo = z.object({ id: z.string(), paired_at: z.number() });
export type CastReceiverInfo = z.infer<typeof CastReceiverInfo>;
export const CastReceiverList = z.object({ receivers: z.array(CastReceiverInfo) });
export type CastReceiverList = z.infer<typeof CastReceiverList>;

/**
 * The receiver messages of spec 000 §7, as a sender sends them. `load` is "load single
 * item": the item at `index` of `file_ids` (the queue the receiver steps and preloads in);
 * `autoplay_changed` turns the slideshow on or off; `play_or_pause`; `seek` within a video;
 * `get_receiver_state` only asks.
 */
export const CastMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('load'),
    job_id: Id,
    file_ids: z.array(Id).check(z.minLength(1), z.maxLength(CAST_MAX_QUEUE)),
    index: z.int().check(z.nonnegative()),
    autoplay: z.boolean(),
    position_ms: z.optional(Position),
  }),
  z.object({ type: z.literal('autoplay_changed'), autoplay: z.boolean() }),
  z.object({ type: z.literal('play_or_pause'), playing: z.boolean() }),
  z.object({ type: z.literal('seek'), position_ms: Position }),
  z.object({ type: z.literal('get_receiver_state') }),
]);
export type CastMessage = z.infer<typeof CastMessage>;

/** What the receiver shows, as it last said (or as the last message made it). */
export const CastPlayback = z.object({
  index: z.int().check(z.nonnegative()),
  playing: z.boolean(),
  autoplay: z.boolean(),
  position_ms: Position,
});
export type CastPlayback = z.infer<typeof CastPlayback>;

/** The answer to every message: the receiver's state (spec 000 §7 "get receiver state"). */
export const CastReceiverState = z.object({
  receiver_id: z.string(),
  /** The file on the TV, if a queue was loaded. */
  file_id: z.nullable(z.string()),
  count: z.int(),
  playback: CastPlayback,
  /** When the receiver last said where it is, ms since the epoch; null before it did. */
  reported_at: z.nullable(z.number()),
});
export type CastReceiverState = z.infer<typeof CastReceiverState>;

/** One item of the receiver's window: what to show, through short-lived signed URLs. */
export const CastItem = z.object({
  index: z.int(),
  file_id: z.string(),
  type: z.enum(['Pictures', 'Movies']),
  name: z.string(),
  /** The large rendition of a picture, a video's poster. */
  image_url: z.nullable(z.string()),
  /** A video's playable rendition. */
  video_url: z.nullable(z.string()),
});
export type CastItem = z.infer<typeof CastItem>;

/**
 * GET /cast/receiver (long poll) and POST /cast/receiver/report: the receiver's view.
 * `serial` counts the sender's messages: a receiver applies `playback` when it grows.
 * `items` are the current item, the one before and the next {@link CAST_PRELOAD_COUNT}.
 */
export const CastReceiverView = z.object({
  paired: z.boolean(),
  serial: z.int(),
  job_id: z.nullable(z.string()),
  count: z.int(),
  playback: CastPlayback,
  items: z.array(CastItem),
});
export type CastReceiverView = z.infer<typeof CastReceiverView>;

/** POST /cast/receiver/report: where the receiver is after a key, a slideshow step or a video's progress. */
export const CastReport = CastPlayback;
export type CastReport = z.infer<typeof CastReport>;
