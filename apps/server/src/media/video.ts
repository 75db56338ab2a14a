import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { z } from 'zod/mini';
import { writeAtomically } from './atomic.ts';
import { MediaError } from './errors.ts';
import { runTool } from './run-tool.ts';

/**
 * Videos through ffprobe/ffmpeg (Debian ffmpeg 5.1; FFMPEG_PATH overrides). Tools are spawned
 * with argument arrays, never a shell. Inputs are passed as absolute `file:` URLs with only the
 * file protocol allowed, so no path is read as an option, a protocol (`http:`, `concat:`) or a
 * playlist that fetches other files.
 */

export interface ToolOptions {
  /** ffmpeg binary; the caller passes FFMPEG_PATH. */
  ffmpegPath?: string;
  /** ffprobe binary; by default the `ffprobe` beside a custom ffmpeg path, else `ffprobe`. */
  ffprobePath?: string;
  timeoutMs?: number;
  /** Aborting kills the tool (SIGKILL) and rejects with MediaError `aborted`. */
  signal?: AbortSignal;
}

export const DEFAULT_PROBE_TIMEOUT_MS = 30_000;
export const DEFAULT_POSTER_TIMEOUT_MS = 60_000;
/** A long clip on a slow machine; callers that know the duration should pass less. */
export const DEFAULT_TRANSCODE_TIMEOUT_MS = 30 * 60_000;

/** The preview's shorter side (720p); a preview is never larger than its original. */
export const PREVIEW_MAX_SHORT_SIDE = 720;
/** x264 constant quality: visibly softer than the original, about 1-2 Mbit/s at 720p. */
export const PREVIEW_CRF = 28;
/** Posters fit this box; the thumbnails made from them are no larger. */
const POSTER_MAX_SIDE = 1280;
/** A PNG of at most 1280 px is a few MB; more on stdout means something is wrong. */
const MAX_POSTER_BYTES = 32 * 1024 * 1024;

const fileUrl = (path: string) => `file:${resolve(path)}`;

/** An input for ffmpeg; a missing file rejects with the usual ENOENT error, as for pictures. */
async function inputUrl(path: string): Promise<string> {
  await stat(path);
  return fileUrl(path);
}
const INPUT_GUARD = ['-hide_banner', '-loglevel', 'error', '-protocol_whitelist', 'file'];
/** ffmpeg must never wait for (or read commands from) the server's stdin. */
const FFMPEG_GUARD = ['-nostdin', ...INPUT_GUARD];

function ffprobeOf(options: ToolOptions): string {
  if (options.ffprobePath) return options.ffprobePath;
  const ffmpeg = options.ffmpegPath;
  return ffmpeg?.endsWith('ffmpeg') ? `${ffmpeg.slice(0, -'ffmpeg'.length)}ffprobe` : 'ffprobe';
}

const ProbeStream = z.object({
  codec_type: z.optional(z.string()),
  codec_name: z.optional(z.string()),
  width: z.optional(z.number()),
  height: z.optional(z.number()),
  duration: z.optional(z.string()),
  disposition: z.optional(z.object({ attached_pic: z.optional(z.number()) })),
  tags: z.optional(z.record(z.string(), z.unknown())),
  side_data_list: z.optional(z.array(z.object({ rotation: z.optional(z.number()) }))),
});
const ProbeOutput = z.object({
  streams: z._default(z.array(ProbeStream), []),
  format: z._default(
    z.object({
      format_name: z.optional(z.string()),
      duration: z.optional(z.string()),
      tags: z.optional(z.record(z.string(), z.unknown())),
    }),
    {},
  ),
});

export interface VideoProbe {
  /** Whole seconds, rounded, at least 1: in the spec a duration of 0 means a picture. */
  durationSeconds: number;
  /** Exact duration when the container states one. */
  durationMs?: number;
  /** As displayed: after the rotation in the file's display matrix. */
  width: number;
  height: number;
  /** Clockwise rotation that displaying applies (0, 90, 180 or 270). */
  rotation: number;
  videoCodec: string;
  audioCodec?: string;
  /** ffprobe's container name list, e.g. "mov,mp4,m4a,3gp,3g2,mj2". */
  container: string;
  /** When recorded, ms since the epoch (Apple's local-time tag first, else creation_time). */
  creationTime?: number;
}

/** "2024-05-01T14:34:56+0200" and other ISO forms; 0 / 1904 / 1970 placeholders give undefined. */
function parseCreationTime(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const at = Date.parse(value.trim().replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isFinite(at) && at >= Date.UTC(1971, 0, 1) ? at : undefined;
}

/** Reads duration, displayed size, rotation, codecs and creation time of a video file. */
export async function probeVideo(path: string, options: ToolOptions = {}): Promise<VideoProbe> {
  const input = await inputUrl(path);
  const args = [...INPUT_GUARD, '-print_format', 'json', '-show_format', '-show_streams', input];
  const stdout = await runTool(ffprobeOf(options), args, {
    timeoutMs: options.timeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS,
    signal: options.signal,
    maxStdoutBytes: 4 * 1024 * 1024,
    failure: 'corrupt', // ffprobe only reads the input: its failures are the input's
  });
  let parsed: z.infer<typeof ProbeOutput>;
  try {
    parsed = ProbeOutput.parse(JSON.parse(stdout.toString('utf8')));
  } catch (error) {
    throw new MediaError('tool_failed', 'ffprobe output could not be read', { cause: error });
  }
  const { streams, format } = parsed;
  const video = streams.find((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1);
  if (!video?.width || !video.height) throw new MediaError('unsupported', 'No video stream');
  const audio = streams.find((s) => s.codec_type === 'audio');

  const degrees = video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? 0;
  // ffprobe gives the display matrix's counter-clockwise angle (an iPhone portrait clip: -90).
  const rotation = (((Math.round(-degrees / 90) * 90) % 360) + 360) % 360;
  const sideways = rotation === 90 || rotation === 270;

  const seconds = Number(format.duration ?? video.duration);
  const durationMs = Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : undefined;
  const creationTime =
    parseCreationTime(format.tags?.['com.apple.quicktime.creationdate']) ??
    parseCreationTime(format.tags?.creation_time) ??
    parseCreationTime(video.tags?.creation_time);
  return {
    durationSeconds: Math.max(1, Math.round((durationMs ?? 0) / 1000)),
    durationMs,
    width: sideways ? video.height : video.width,
    height: sideways ? video.width : video.height,
    rotation,
    videoCodec: video.codec_name ?? 'unknown',
    audioCodec: audio?.codec_name,
    container: format.format_name ?? 'unknown',
    creationTime,
  };
}

export interface PosterOptions extends ToolOptions {
  /** Where to take the frame; by default 1 s in, or the first frame of clips under 2 s. */
  atSeconds?: number;
  /** From probeVideo, to skip the 1 s attempt on short clips. */
  durationSeconds?: number;
}

/**
 * Square pixels (anamorphic video is stretched to its display shape), then at most 1280 px on
 * the long side, never enlarged. ffmpeg has already applied the rotation (autorotate).
 */
const POSTER_FILTER = [
  'scale=w=trunc(iw*sar/2)*2:h=ih',
  'setsar=1',
  `scale=w='if(gte(iw,ih),min(${POSTER_MAX_SIDE},iw),-2)':h='if(gte(iw,ih),-2,min(${POSTER_MAX_SIDE},ih))'`,
].join(',');

/**
 * One upright frame as PNG bytes, to feed processImage (same thumbnails and thumbhash as a
 * photo). Takes the frame at ~1 s (past fade-ins and black first frames); when there is none
 * there (a shorter clip), the first frame.
 */
export async function videoPoster(path: string, options: PosterOptions = {}): Promise<Buffer> {
  const input = await inputUrl(path);
  const grab = (at: number) =>
    runTool(
      options.ffmpegPath ?? 'ffmpeg',
      [
        ...FFMPEG_GUARD,
        ...['-ss', String(at), '-i', input],
        ...['-map', '0:V:0', '-frames:v', '1', '-an', '-sn', '-dn', '-vf', POSTER_FILTER],
        ...['-f', 'image2pipe', '-c:v', 'png', 'pipe:1'],
      ],
      {
        timeoutMs: options.timeoutMs ?? DEFAULT_POSTER_TIMEOUT_MS,
        signal: options.signal,
        maxStdoutBytes: MAX_POSTER_BYTES,
        failure: 'tool_failed',
      },
    );
  const short = options.durationSeconds !== undefined && options.durationSeconds < 2;
  const at = options.atSeconds ?? (short ? 0 : 1);
  let frame = await grab(at);
  if (frame.length === 0 && at > 0) frame = await grab(0); // seeking past the end gives nothing
  if (frame.length === 0) throw new MediaError('corrupt', 'No video frame could be decoded');
  return frame;
}

export interface TranscodeOptions extends ToolOptions {
  maxShortSide?: number;
  crf?: number;
}

export interface TranscodeResult {
  bytes: number;
}

/**
 * Writes a low-quality MP4 for playback and hover preview: H.264 (x264 veryfast, CRF 28,
 * yuv420p, High profile) and AAC 96 kbit/s stereo, shorter side at most 720 px, at most 30 fps,
 * rotation applied, metadata dropped, `faststart` so playback (and the client's first-5-MB
 * range request) can start before the whole file arrives. The output appears only when
 * complete; timeout or abort kill ffmpeg and leave nothing behind.
 */
export async function transcodePreview(
  inputPath: string,
  outputPath: string,
  options: TranscodeOptions = {},
): Promise<TranscodeResult> {
  const side = options.maxShortSide ?? PREVIEW_MAX_SHORT_SIDE;
  const even = (dimension: string) => `trunc(min(${side},${dimension})/2)*2`;
  const input = await inputUrl(inputPath);
  const scale = `scale=w='if(gte(iw,ih),-2,${even('iw')})':h='if(gte(iw,ih),${even('ih')},-2)'`;
  return writeAtomically(outputPath, async (tempPath) => {
    await runTool(
      options.ffmpegPath ?? 'ffmpeg',
      [
        ...FFMPEG_GUARD,
        ...['-y', '-i', input],
        ...['-map', '0:V:0', '-map', '0:a:0?', '-map_metadata', '-1', '-map_chapters', '-1'],
        ...['-vf', scale, '-fpsmax', '30'],
        ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', String(options.crf ?? PREVIEW_CRF)],
        ...['-pix_fmt', 'yuv420p', '-profile:v', 'high'],
        ...['-c:a', 'aac', '-b:a', '96k', '-ac', '2'],
        ...['-movflags', '+faststart', '-f', 'mp4', fileUrl(tempPath)],
      ],
      {
        timeoutMs: options.timeoutMs ?? DEFAULT_TRANSCODE_TIMEOUT_MS,
        signal: options.signal,
        maxStdoutBytes: 0,
        failure: 'tool_failed',
      },
    );
    return { bytes: (await stat(tempPath)).size };
  });
}
