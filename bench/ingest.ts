import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createAccount, makeDataDir, removeDataDir, rssOf, startServer } from './lib/server.ts';

const MiB = 1024 * 1024;
const CHUNK = 1 * MiB;
// One connection kept alive across PATCHes, as a browser keeps one.
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

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

/** Sends the chunks with backpressure and returns the status and body of the answer. */
function sendStream(
  url: URL,
  method: 'POST' | 'PATCH',
  headers: Record<string, string>,
  chunks: Iterable<Buffer>,
): Promise<{ status: number; answer: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, agent }, (response) => {
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

/** The web client's PATCH size (apps/web/src/features/uploads/tus.ts). */
const TUS_CHUNK = 64 * MiB;

/** A tus upload as the web client sends one: create, then PATCHes of 64 MiB. */
async function tusUpload(
  base: string,
  query: string,
  headers: Record<string, string>,
  total: number,
): Promise<void> {
  const tus = { ...headers, 'tus-resumable': '1.0.0' };
  const b64 = (value: string) => Buffer.from(value).toString('base64');
  const created = await fetch(`${base}/uploads?${query}`, {
    method: 'POST',
    headers: {
      ...tus,
      'upload-length': String(total),
      'upload-metadata': `path ${b64('bench/big-tus.jpg')}`,
    },
  });
  const location = created.headers.get('location');
  if (created.status !== 201 || !location) throw new Error(`tus create failed: ${String(created.status)}`);
  // The Location carries the client query (a standard tus client sends to it as it is).
  const url = new URL(location, base);
  const source = bytes(total)[Symbol.iterator]();
  for (let offset = 0; offset < total;) {
    const length = Math.min(TUS_CHUNK, total - offset);
    const chunks = function* (): Generator<Buffer> {
      for (let sent = 0; sent < length;) {
        const next = source.next();
        if (next.done) return;
        sent += next.value.length;
        yield next.value;
      }
    };
    const { status, answer } = await sendStream(
      url,
      'PATCH',
      {
        ...tus,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(length),
      },
      chunks(),
    );
    if (status !== 204 && status !== 200) throw new Error(`tus PATCH failed: ${String(status)} ${answer}`);
    offset += length;
  }
}

/** Runs `upload` while sampling the server's RSS: seconds taken and the growth in MB. */
async function measured(
  pid: number,
  upload: () => Promise<void>,
): Promise<{ seconds: number; rssGrowthMB: number }> {
  await new Promise((resolve) => setTimeout(resolve, 500));
  const baseline = rssOf(pid);
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 50);
  const started = performance.now();
  try {
    await upload();
  } finally {
    clearInterval(sampler);
  }
  return { seconds: (performance.now() - started) / 1000, rssGrowthMB: (peak - baseline) / MiB };
}

/**
 * Upload ingest through the real server against a raw write of the same bytes, and the
 * server's memory while it ingests: it must stream, never hold a file. Both upload paths
 * the web client uses: a multipart POST (HTTP, multipart parsing, SHA-1, sniffing, temp
 * file, fsync, rename) and tus (64 MiB PATCHes, each fsynced, then the commit).
 */
export async function benchIngest(sizeMiB: number): Promise<{
  multipartMBs: number;
  /** The raw write around the multipart upload. */
  multipartRawMBs: number;
  tusMBs: number;
  tusRawMBs: number;
  rssGrowthMB: number;
}> {
  const dataDir = await makeDataDir();
  try {
    const session = await createAccount(dataDir);
    // No worker: the bench measures ingest, not thumbnails of a fake JPEG.
    const server = await startServer(dataDir, session, { EMBEDDED_WORKER: 'false' });
    try {
      const job = ((await (await server.call('/st/4/jobs/default')).json()) as { id: string }).id;
      const total = sizeMiB * MiB;
      const base = `${server.url}/st/4/jobs/${job}`;
      // The disk's speed drifts over minutes on a shared VM (and a cloud disk slows once
      // its burst is spent): each upload is compared with the mean of the raw writes just
      // before and just after it.
      const rawBefore = await rawWrite(dataDir, total);
      const multipartRun = await measured(server.pid, async () => {
        const boundary = `----trove${String(Date.now())}`;
        // Plain node:http with a known length: the client should cost the shared two cores
        // as little as a browser on another machine would (fetch with a web stream costs more).
        const { status, answer } = await sendStream(
          new URL(`${base}/upload?${session.query}`),
          'POST',
          { ...session.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
          multipart(boundary, total),
        );
        if (status !== 200) throw new Error(`upload failed: ${String(status)} ${answer}`);
      });
      const rawBetween = await rawWrite(dataDir, total);
      const tusRun = await measured(server.pid, () => tusUpload(base, session.query, session.headers, total));
      const rawAfter = await rawWrite(dataDir, total);
      return {
        multipartMBs: total / MiB / multipartRun.seconds,
        multipartRawMBs: (rawBefore + rawBetween) / 2,
        tusMBs: total / MiB / tusRun.seconds,
        tusRawMBs: (rawBetween + rawAfter) / 2,
        rssGrowthMB: Math.max(multipartRun.rssGrowthMB, tusRun.rssGrowthMB),
      };
    } finally {
      await server.stop();
    }
  } finally {
    removeDataDir(dataDir);
  }
}
