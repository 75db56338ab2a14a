import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';

/** Issue #4 §5 hashing throughput, measured in Chromium on the uploader's worker as built. */

export interface HashResult {
  mib: number;
  /** Bytes ÷ time from posting the blob to the worker's answer (the worker already started). */
  mbPerSecond: number;
  /** The same, by the worker's own clock (from the message to the digest). */
  workerMbPerSecond: number;
  /**
   * Up to 128 MiB of the same bytes as 8 MiB photos hashed one after another (per-file
   * overhead included; the blobs are made before the clock starts, as files exist).
   */
  photosMbPerSecond: number;
  /**
   * Whether the worker script's Content-Security-Policy lets it compile WebAssembly
   * ('wasm-unsafe-eval'); without it the worker hashes with its plain-JS fallback.
   */
  wasmAllowed: boolean;
}

/**
 * 5. The uploader's hashing worker exactly as built (apps/web/src/features/uploads/
 * sha1.worker.ts, see [Note: Upload hashing]), sent a `mib` MiB blob made in the page after
 * a 1 MiB warm-up (worker start, WebAssembly compile). Its answer is checked against
 * Node's SHA-1 of the same bytes. A blob in memory is the best case: a File is read from
 * disk. Undefined when the build has no such worker.
 */
export async function hashThroughput(
  browser: Browser,
  url: string,
  webDist: string,
  mib: number,
): Promise<HashResult | undefined> {
  const asset = fs
    .readdirSync(path.join(webDist, 'assets'))
    .find((name) => /^sha1\.worker-.*\.js$/.test(name));
  if (!asset) return undefined;
  const policy = (await fetch(`${url}/assets/${asset}`)).headers.get('content-security-policy');
  const wasmAllowed =
    policy === null || /'(wasm-)?unsafe-eval'/.test(policy) || !/script-src|default-src/.test(policy);
  const bytes = mib * 1024 * 1024;
  // The same bytes here and in the page (hashing speed does not depend on them).
  const data = new Uint8Array(bytes);
  for (let index = 0; index < bytes; index++) data[index] = (index * 31 + (index >>> 13)) & 255;
  const expected = createHash('sha1').update(data).digest('hex');
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    // Any page of the server's origin: a module worker must come from the page's origin.
    await page.goto(`${url}/healthz`);
    const timed = await page.evaluate(
      async ({ workerUrl, size, PHOTO_BYTES }) => {
        const data = new Uint8Array(size);
        for (let index = 0; index < size; index++) data[index] = (index * 31 + (index >>> 13)) & 255;
        const worker = new Worker(workerUrl, { type: 'module' });
        const hash = (id: number, file: Blob) =>
          new Promise<{ sha1?: string; ms?: number; error?: string }>((resolve) => {
            worker.onmessage = (event: MessageEvent<{ sha1?: string; ms?: number; error?: string }>) => {
              resolve(event.data);
            };
            worker.onerror = (event) => {
              resolve({ error: event.message });
            };
            worker.postMessage({ type: 'hash', id, file });
          });
        await hash(1, new Blob([data.subarray(0, 1024 * 1024)]));
        const blob = new Blob([data]);
        const started = performance.now();
        const answer = await hash(2, blob);
        const ms = performance.now() - started;
        // The same bytes as photo-sized files, one after another, as the uploader sends them.
        // They exist before the clock starts, as a user's files do: making a Blob copies its
        // bytes to the browser process, which is no part of hashing. At most 128 MiB of them,
        // beside the big blob: Chromium refuses reads ('network error') past its blob memory.
        const photo = 8 * 1024 * 1024;
        const photos: Blob[] = [];
        for (let at = 0; at + photo <= Math.min(size, PHOTO_BYTES); at += photo) {
          photos.push(new Blob([data.subarray(at, at + photo)]));
        }
        const photosStarted = performance.now();
        let firstPhoto: string | undefined;
        for (const [index, file] of photos.entries()) {
          const answered = await hash(3 + index, file);
          firstPhoto ??= answered.sha1;
        }
        const photosMs = performance.now() - photosStarted;
        worker.terminate();
        return { ...answer, roundTripMs: ms, photosMs, firstPhoto, photoBytes: photos.length * photo };
      },
      { workerUrl: `${url}/assets/${asset}`, size: bytes, PHOTO_BYTES: 128 * 1024 * 1024 },
    );
    if (timed.sha1 !== expected) {
      throw new Error(`the SHA-1 worker answered ${JSON.stringify(timed)}, not ${expected}`);
    }
    const firstPhoto = createHash('sha1')
      .update(data.subarray(0, 8 * 1024 * 1024))
      .digest('hex');
    if (timed.firstPhoto !== firstPhoto) throw new Error('the SHA-1 worker hashed a photo wrong');
    return {
      mib,
      mbPerSecond: bytes / 1e6 / (timed.roundTripMs / 1000),
      workerMbPerSecond: timed.ms ? bytes / 1e6 / (timed.ms / 1000) : NaN,
      photosMbPerSecond: timed.photoBytes / 1e6 / (timed.photosMs / 1000),
      wasmAllowed,
    };
  } finally {
    await context.close();
  }
}
