import { readFile, stat } from 'node:fs/promises';
import { MediaError } from './errors.ts';
import { createWorkerPool, DEFAULT_DECODE_CONCURRENCY, type WorkerPool } from './pool.ts';

/**
 * HEIC/HEIF decoding. sharp in this build has no HEVC decoder, so heic-decode (libheif in
 * WASM) turns the file into RGBA in a worker thread (heic-worker.ts); sharp takes it from there.
 */

/**
 * Largest HEIC decoded: 8192 x 8192 (67 MP). The WASM decode holds the whole image, about
 * 10 bytes per pixel at peak (48 MP measured: 650-840 MB RSS), so this bound is lower than
 * sharp's; iPhone "HEIF Max" 48 MP (8064 x 6048) fits.
 */
export const MAX_HEIC_PIXELS = 8192 * 8192;

/** HEIC files are read into memory whole; phone HEICs are 1-15 MB. */
export const MAX_HEIC_FILE_BYTES = 128 * 1024 * 1024;

/** A 48 MP decode takes about 2 s here; this leaves room for a slow, busy machine. */
export const DEFAULT_HEIC_TIMEOUT_MS = 60_000;

/** Message to heic-worker.ts. */
export interface HeicRequest {
  buffer: Uint8Array;
  maxPixels: number;
}

/** Decoded pixels: RGBA, already rotated and mirrored as the file says (libheif applies irot/imir). */
export interface HeicPixels {
  width: number;
  height: number;
  data: Uint8Array<ArrayBuffer>;
}

export interface DecodeHeicOptions {
  maxPixels?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
}

let pool: WorkerPool<HeicRequest, HeicPixels> | undefined;

function heicPool(): WorkerPool<HeicRequest, HeicPixels> {
  pool ??= createWorkerPool<HeicRequest, HeicPixels>({
    url: new URL('./heic-worker.ts', import.meta.url),
    size: DEFAULT_DECODE_CONCURRENCY,
  });
  return pool;
}

/** Decodes the primary image of a HEIC file or buffer to RGBA, off the main thread. */
export async function decodeHeic(
  input: string | Buffer,
  options: DecodeHeicOptions = {},
): Promise<HeicPixels> {
  let buffer: Uint8Array;
  if (typeof input === 'string') {
    const { size } = await stat(input);
    if (size > MAX_HEIC_FILE_BYTES) {
      throw new MediaError('too_large', `HEIC file of ${size} bytes exceeds ${MAX_HEIC_FILE_BYTES}`);
    }
    buffer = await readFile(input);
  } else {
    buffer = input;
  }
  return heicPool().run(
    { buffer, maxPixels: options.maxPixels ?? MAX_HEIC_PIXELS },
    { timeoutMs: options.timeoutMs ?? DEFAULT_HEIC_TIMEOUT_MS, signal: options.signal },
  );
}

/** Ends the HEIC worker threads (graceful shutdown, tests); the next decode starts new ones. */
export async function closeHeicWorkers(): Promise<void> {
  await pool?.close();
}
