import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { hashWorkers } from '../apps/web/src/features/uploads/hasher.ts';

/** Issue #4 §5 hashing throughput, measured in Chromium on the uploader's worker as built. */

export interface HashResult {
  mib: number;
  /** Bytes ÷ time from posting the blob to the worker's answer (the worker already started). */
  mbPerSecond: number;
  /** The same, by the worker's own clock (from the message to the digest). */
  workerMbPerSecond: number;
  /**
   * Up to 128 MiB of the same bytes as 8 MiB photos queued at once to the uploader's pool (per-file
   * overhead included; the blobs are made before the clock starts, as files exist).
   */
  photosMbPerSecond: number;
  /** Workers in the uploader's pool on this browser (hasher.ts). */
  width: number;
  /**
   * The ceiling of the same run: a worker that reads the same big blob as a stream, and
   * the same photo blobs whole, without hashing (issue #23: the hashing figure is judged
   * against what reading alone reaches on this machine).
   */
  readMbPerSecond: number;
  photosReadMbPerSecond: number;
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
  // bypassCSP: the read-only ceiling runs in a worker made from a blob: URL, which the
  // app's policy (rightly) does not allow.
  const context = await browser.newContext({ bypassCSP: true });
  try {
    const page = await context.newPage();
    // Any page of the server's origin: a module worker must come from the page's origin.
    await page.goto(`${url}/healthz`);
    const width = hashWorkers(await page.evaluate(() => navigator.hardwareConcurrency));
    const timed = await page.evaluate(
      async ({ workerUrl, size, PHOTO_BYTES, width }) => {
        const data = new Uint8Array(size);
        for (let index = 0; index < size; index++) data[index] = (index * 31 + (index >>> 13)) & 255;
        type Answer = { sha1?: string; ms?: number; error?: string };
        // The uploader's pool (hasher.ts): `width` workers, a file to the least busy one.
        const workers = Array.from({ length: width }, () => new Worker(workerUrl, { type: 'module' }));
        const answers = new Map<number, (answer: Answer) => void>();
        for (const worker of workers) {
          worker.onmessage = (event: MessageEvent<Answer & { id: number }>) => {
            answers.get(event.data.id)?.(event.data);
          };
          worker.onerror = (event) => {
            for (const resolve of answers.values()) resolve({ error: event.message });
          };
        }
        const hash = (id: number, file: Blob, worker = workers[id % workers.length]) =>
          new Promise<Answer>((resolve) => {
            answers.set(id, resolve);
            worker?.postMessage({ type: 'hash', id, file });
          });
        await Promise.all(
          workers.map((worker, index) => hash(index, new Blob([data.subarray(0, 1024 * 1024)]), worker)),
        );
        const blob = new Blob([data]);
        // The same bytes as photo-sized files, all queued at once as the uploader queues a
        // picked folder (it keeps `width` hashes ahead of the file it sends, see
        // upload-hashes.ts). They exist before the clock starts, as a user's files do: making
        // a Blob copies its bytes to the browser process, which is no part of hashing. At
        // most 128 MiB of them, beside the big blob: Chromium refuses reads ('network error')
        // past its blob memory.
        const photo = 8 * 1024 * 1024;
        const photos: Blob[] = [];
        for (let at = 0; at + photo <= Math.min(size, PHOTO_BYTES); at += photo) {
          photos.push(new Blob([data.subarray(at, at + photo)]));
        }
        // The ceiling: the same reads in a worker, nothing hashed. A big blob is read as the
        // uploader reads it (a stream), photos whole (arrayBuffer), as crypto.subtle needs them.
        const reader = new Worker(
          URL.createObjectURL(
            new Blob(
              [
                `onmessage = async (event) => {
                  const started = performance.now();
                  let bytes = 0;
                  for (const file of event.data) {
                    if (file.size > 64 * 1024 * 1024) {
                      const stream = file.stream().getReader();
                      for (;;) {
                        const { done, value } = await stream.read();
                        if (done) break;
                        bytes += value.byteLength;
                      }
                    } else {
                      bytes += (await file.arrayBuffer()).byteLength;
                    }
                  }
                  postMessage({ bytes, ms: performance.now() - started });
                };`,
              ],
              { type: 'text/javascript' },
            ),
          ),
        );
        const read = (files: Blob[]) =>
          new Promise<{ bytes: number; ms: number }>((resolve) => {
            reader.onmessage = (event: MessageEvent<{ bytes: number; ms: number }>) => {
              resolve(event.data);
            };
            reader.postMessage(files);
          });
        await read([new Blob([data.subarray(0, 1024 * 1024)])]);
        // Reading and hashing take turns, ROUNDS times each, and each figure is the median of
        // its rounds: a ratio of one pass against another drifted with the machine's load
        // (0.51, 0.96 and 0.71 in three runs in a row here), and the first pass over new blobs
        // also waited for their bytes to reach the browser process.
        const ROUNDS = 3;
        const median = (values: number[]) =>
          [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
        const bigMs: number[] = [];
        const readBigMs: number[] = [];
        const photosMsAll: number[] = [];
        const readPhotosMs: number[] = [];
        let answer: Answer = {};
        let firstPhoto: string | undefined;
        let readBytes = 0;
        let readPhotoBytes = 0;
        for (let round = 0; round < ROUNDS; round++) {
          const readBig = await read([blob]);
          readBigMs.push(readBig.ms);
          readBytes = readBig.bytes;
          const started = performance.now();
          answer = await hash(100 + round, blob, workers[0]);
          bigMs.push(performance.now() - started);
          const readPhotos = await read(photos);
          readPhotosMs.push(readPhotos.ms);
          readPhotoBytes = readPhotos.bytes;
          const photosStarted = performance.now();
          const photoAnswers = await Promise.all(
            photos.map((file, index) => hash(200 + round * 100 + index, file)),
          );
          photosMsAll.push(performance.now() - photosStarted);
          firstPhoto = photoAnswers[0]?.sha1;
        }
        for (const worker of workers) worker.terminate();
        reader.terminate();
        const ms = median(bigMs);
        const photosMs = median(photosMsAll);
        const readBig = { bytes: readBytes, ms: median(readBigMs) };
        const readPhotos = { bytes: readPhotoBytes, ms: median(readPhotosMs) };
        return {
          ...answer,
          roundTripMs: ms,
          photosMs,
          firstPhoto,
          photoBytes: photos.length * photo,
          readBig,
          readPhotos,
        };
      },
      { workerUrl: `${url}/assets/${asset}`, size: bytes, PHOTO_BYTES: 128 * 1024 * 1024, width },
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
      width,
      photosMbPerSecond: timed.photoBytes / 1e6 / (timed.photosMs / 1000),
      readMbPerSecond: timed.readBig.bytes / 1e6 / (timed.readBig.ms / 1000),
      photosReadMbPerSecond: timed.readPhotos.bytes / 1e6 / (timed.readPhotos.ms / 1000),
      wasmAllowed,
    };
  } finally {
    await context.close();
  }
}
