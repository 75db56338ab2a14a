import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createAccount, makeDataDir, removeDataDir, rssOf, startServer } from './lib/server.ts';

const MiB = 1024 * 1024;
const CHUNK = 1 * MiB;

/** `total` bytes that sniff as JPEG, made from one random MiB so generating costs nothing. */
function* bytes(total: number): Generator<Buffer> {
  const block = Buffer.alloc(CHUNK);
  for (let i = 0; i < CHUNK; i += 4) block.writeUInt32LE((Math.random() * 0xffffffff) >>> 0, i);
  const head = Buffer.from(block);
  head.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00]);
  for (let sent = 0; sent < total; sent += CHUNK) {
    const chunk = sent === 0 ? head : block;
    yield total - sent < CHUNK ? chunk.subarray(0, total - sent) : chunk;
  }
}

/** A multipart body streamed around the bytes, as a browser sends an upload. */
function* multipart(boundary: string, total: number): Generator<Buffer> {
  yield Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="path"\r\n\r\nbench/big.jpg\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\n` +
      'Content-Type: image/jpeg\r\n\r\n',
  );
  yield* bytes(total);
  yield Buffer.from(`\r\n--${boundary}--\r\n`);
}

/** POSTs the chunks with backpressure and returns the status and body of the answer. */
function postStream(
  url: URL,
  headers: Record<string, string>,
  chunks: Iterable<Buffer>,
): Promise<{ status: number; answer: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', headers }, (response) => {
      let answer = '';
      response.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, answer });
      });
    });
    request.on('error', reject);
    pipeline(Readable.from(chunks), request).catch(reject);
  });
}

/** Raw sequential write of the same bytes to the same disk, fsynced, as the baseline. */
async function rawWrite(dir: string, total: number): Promise<number> {
  const file = path.join(dir, 'raw.bin');
  const started = performance.now();
  await pipeline(Readable.from(bytes(total)), fs.createWriteStream(file, { flush: true }));
  const seconds = (performance.now() - started) / 1000;
  fs.rmSync(file);
  return total / MiB / seconds;
}

/**
 * Upload ingest through the real server (HTTP, multipart, SHA-1, sniffing, temp file,
 * fsync, rename) against a raw write of the same bytes, and the server's memory while it
 * ingests: it must stream, never hold a file.
 */
export async function benchIngest(
  sizeMiB: number,
): Promise<{ ingestMBs: number; rawMBs: number; rssGrowthMB: number }> {
  const dataDir = await makeDataDir();
  try {
    const session = await createAccount(dataDir);
    // No worker: the bench measures ingest, not thumbnails of a fake JPEG.
    const server = await startServer(dataDir, session, { EMBEDDED_WORKER: 'false' });
    try {
      const job = ((await (await server.call('/st/4/jobs/default')).json()) as { id: string }).id;
      const total = sizeMiB * MiB;
      // The disk's speed drifts over minutes on a shared VM: the baseline is the mean of a
      // raw write just before and just after the upload.
      const rawBefore = await rawWrite(dataDir, total);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const baseline = rssOf(server.pid);
      let peak = baseline;
      const sampler = setInterval(() => {
        peak = Math.max(peak, rssOf(server.pid));
      }, 50);
      const boundary = `----trove${String(Date.now())}`;
      const started = performance.now();
      // Plain node:http with a known length: the client should cost the shared two cores
      // as little as a browser on another machine would (fetch with a web stream costs more).
      const { status, answer } = await postStream(
        new URL(`${server.url}/st/4/jobs/${job}/upload?${session.query}`),
        { ...session.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        multipart(boundary, total),
      );
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      if (status !== 200) throw new Error(`upload failed: ${String(status)} ${answer}`);
      const rawAfter = await rawWrite(dataDir, total);
      return {
        ingestMBs: total / MiB / seconds,
        rawMBs: (rawBefore + rawAfter) / 2,
        rssGrowthMB: (peak - baseline) / MiB,
      };
    } finally {
      await server.stop();
    }
  } finally {
    removeDataDir(dataDir);
  }
}
