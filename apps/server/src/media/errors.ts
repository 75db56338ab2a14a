/**
 * Why a media operation failed. The worker decides from the reason whether to mark the file
 * `media_status: failed` for good or to retry the work item:
 *
 * - `unsupported`: not a format Trove can decode (SVG, PSD, camera RAW, audio-only...). Permanent.
 * - `corrupt`: the decoder rejected the content (truncated, garbled, no frames). Permanent.
 * - `too_large`: over a pixel or size limit (decompression bomb guard). Permanent.
 * - `timeout`: the operation ran past its time limit and was stopped. Retry at most once or twice.
 * - `aborted`: the caller's AbortSignal fired (shutdown). Retry.
 * - `tool_missing`: ffmpeg/ffprobe could not be started (not installed, wrong FFMPEG_PATH). Retry
 *   after fixing the configuration.
 * - `tool_failed`: a worker thread or tool failed in an unexpected way. Retry.
 */
export const MEDIA_ERROR_REASONS = [
  'unsupported',
  'corrupt',
  'too_large',
  'timeout',
  'aborted',
  'tool_missing',
  'tool_failed',
] as const;
export type MediaErrorReason = (typeof MEDIA_ERROR_REASONS)[number];

/** Reasons that will fail the same way on every retry. */
const PERMANENT: ReadonlySet<MediaErrorReason> = new Set(['unsupported', 'corrupt', 'too_large']);

/** The one error type media functions reject with for bad input or failed tools. */
export class MediaError extends Error {
  readonly reason: MediaErrorReason;

  constructor(reason: MediaErrorReason, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MediaError';
    this.reason = reason;
  }

  /** True when retrying cannot help: the content itself is the problem. */
  get permanent(): boolean {
    return PERMANENT.has(this.reason);
  }
}

export function isMediaError(error: unknown, reason?: MediaErrorReason): error is MediaError {
  return error instanceof MediaError && (reason === undefined || error.reason === reason);
}

/** The error message of anything thrown, for wrapping. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
