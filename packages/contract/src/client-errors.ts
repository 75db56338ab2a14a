import { z } from 'zod/mini';

/*
 * App crash reports (spec 001 §8, §9). A file of their own: the client's first load uses the
 * privacy schemas, and these only after a crash (See: [Note: Crash reports]).
 */

/**
 * Share of app crashes the client reports (spec 001 §9 "Error sample rate 0.5"); the client
 * decides, so a crash not sampled costs no request.
 */
export const ERROR_SAMPLE_RATE = 0.5;

/** Name under which a crash report is kept with the usage events (it is one, of a kind). */
export const CLIENT_CRASH_EVENT = 'client_crash';

/**
 * POST /client_errors: an app crash the client reports (spec 001 §8 "App crash shows fallback
 * and is reported"). Kept only while help_us_improve holds, like usage events. No query
 * strings: the client strips them, and the path goes through pathForAnalytics.
 */
export const ClientErrorBody = z.object({
  /** The error's name (`TypeError`). */
  name: z.string().check(z.minLength(1), z.maxLength(64)),
  message: z.string().check(z.maxLength(500)),
  /** The first lines of the JS stack and of React's component stack. */
  stack: z.optional(z.string().check(z.maxLength(4000))),
  /** The page's path when it crashed. */
  path: z.string().check(z.maxLength(1024)),
  client_version: z.string().check(z.maxLength(32)),
  /** When it happened on the client, milliseconds since the epoch. */
  time: z.int().check(z.nonnegative()),
});
export type ClientErrorBody = z.infer<typeof ClientErrorBody>;

/** Answer of POST /client_errors: whether the report was kept (false without help_us_improve). */
export const ClientErrorResponse = z.object({ accepted: z.boolean() });
export type ClientErrorResponse = z.infer<typeof ClientErrorResponse>;
