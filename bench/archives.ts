import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable, Writable } from 'node:stream';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { layoutZip } from '../apps/server/src/modules/archives/zip/zip-layout.ts';
import { streamZip } from '../apps/server/src/modules/archives/zip/zip-stream.ts';
import { createFsBlobStore } from '../apps/server/src/storage/fs-blob-store.ts';
import {
  createAccount,
  makeDataDir,
  removeDataDir,
  rssOf,
  startServer,
  type BenchServer,
} from './lib/server.ts';

const MiB = 1024 * 1024;

/** `total` bytes that sniff as JPEG, made from one random MiB so generating costs nothing. */
function* jpegBytes(total: number, seed: number): Generator<Buffer> {
  const block = Buffer.alloc(Math.min(MiB, total));
  for (let i = 0; i + 4 <= block.length; i += 4) block.writeUInt32LE((Math.random() * 0xffffffff) >>> 0, i);
  block.writeUInt32LE(seed >>> 0, 16);
  block.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00]);
  for (let sent = 0; sent < total; sent += block.length) {
    yield total - sent < block.length ? block.subarray(0, total - sent) : block;
  }
}

/** Uploads one file of `size` bytes (streamed multipart) and answers its id. */
export async function upload(
  server: BenchServer,
  job: string,
  name: string,
  size: number,
  seed: number,
): Promise<string> {
  const boundary = `----trove${String(Date.now())}${String(seed)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="path"\r\n\r\nbench/${name}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      'Content-Type: image/jpeg\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL(`${server.url}/st/4/jobs/${job}/upload?${server.session.query}`);
  const answer = await new Promise<string>((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        headers: { ...server.session.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => {
          if (response.statusCode === 200) resolve(body);
          else reject(new Error(`upload ${name}: ${String(response.statusCode)} ${body}`));
        });
      },
    );
    request.on('error', reject);
    pipeline(
      Readable.from(
        (function* () {
          yield head;
          yield* jpegBytes(size, seed);
          yield tail;
        })(),
      ),
      request,
    ).catch(reject);
  });
  return (JSON.parse(answer) as { uuid: string }).uuid;
}

/** POST files_as_archive: the signed URL and the archive's size. */
async function prepare(
  server: BenchServer,
  job: string,
  ids: string[],
): Promise<{ url: string; size: number }> {
  const response = await server.call(`/st/4/jobs/${job}/files_as_archive`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ file_ids: ids }),
  });
  if (!response.ok) throw new Error(`prepare: ${String(response.status)} ${await response.text()}`);
  return (await response.json()) as { url: string; size: number };
}

/**
 * GETs the archive as a browser would, discarding the bytes: the time to the first body
 * byte, the total time and the bytes received.
 */
export function download(url: string): Promise<{ firstByteMs: number; seconds: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let firstByteMs = NaN;
    let bytes = 0;
    http
      .get(url, (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`download: ${String(response.statusCode)}`));
          return;
        }
        response.on('data', (chunk: Buffer) => {
          if (bytes === 0) firstByteMs = performance.now() - started;
          bytes += chunk.length;
        });
        response.on('end', () => {
          resolve({ firstByteMs, seconds: (performance.now() - started) / 1000, bytes });
        });
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** A stream that counts and drops what it is given. */
function sink(count: (bytes: number) => void): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      count(chunk.length);
      callback();
    },
  });
}

/** Sequential read of the stored blobs (the same bytes, the same disk), as the baseline: MB/s. */
async function rawRead(files: readonly string[]): Promise<number> {
  let bytes = 0;
  const started = performance.now();
  for (const file of files) {
    await pipeline(
      fs.createReadStream(file, { highWaterMark: MiB }),
      sink((n) => (bytes += n)),
    );
  }
  return bytes / MiB / ((performance.now() - started) / 1000);
}

/**
 * Zip downloads through the real server (issue #14), on one part of `partMiB` (files of
 * 256 MiB) and on an archive of `smallFiles` files of 64 KiB:
 * - the server's zip stream (the layout and the blob store the server uses, made from the
 *   database rows the prepare left) against a raw sequential read of the same blob files:
 *   what zipping costs over reading the disk;
 * - the same part as an HTTP download of the archive against HTTP downloads of the same
 *   files as originals (files_by_id): what zipping costs over serving the bytes. On
 *   loopback with the client on the same two cores, HTTP itself runs at about a third of a
 *   page-cache read, so the first figure alone cannot show the archive's own cost over HTTP;
 * - the server's RSS growth during that HTTP download;
 * - POST (prepare) then GET to the first byte of the small archive, CRCs known.
 */
export async function benchArchives(
  partMiB: number,
  smallFiles: number,
): Promise<{
  /** Median of three rounds of zip MB/s ÷ the raw reads around it. */
  zipVsRaw: number;
  zipMBs: number[];
  rawReadMBs: number[];
  httpArchiveMBs: number;
  httpPlainMBs: number;
  rssGrowthMB: number;
  firstByteMs: number[];
  firstPrepareMs: number;
  partBytes: number;
}> {
  const dataDir = await makeDataDir();
  try {
    const session = await createAccount(dataDir);
    // No worker: thumbnails of fake JPEGs are not the subject (CRCs are computed at the first prepare).
    const server = await startServer(dataDir, session, { EMBEDDED_WORKER: 'false' });
    try {
      const job = ((await (await server.call('/st/4/jobs/default')).json()) as { id: string }).id;
      const fileMiB = 256;
      const big: string[] = [];
      for (let i = 0; i * fileMiB < partMiB; i++) {
        big.push(
          await upload(
            server,
            job,
            `big-${String(i)}.jpg`,
            Math.min(fileMiB, partMiB - i * fileMiB) * MiB,
            i,
          ),
        );
      }
      const part = await prepare(server, job, big);
      const database = openDatabase({ databaseUrl: '', sqliteFile: path.join(dataDir, 'trove.db') });
      const rows = await database.db
        .selectFrom('files')
        .innerJoin('blobs', 'blobs.id', 'files.blob_id')
        .select(['files.name', 'blobs.store_key', 'blobs.size', 'blobs.crc32'])
        .where('files.id', 'in', big)
        .execute();
      await database.close();
      const blobFiles = rows.map((row) =>
        path.join(dataDir, 'blobs', row.store_key.slice(0, 2), row.store_key.slice(2, 4), row.store_key),
      );

      // The server's zip stream against raw reads just before and after it.
      const store = createFsBlobStore(dataDir, { reserveBytes: 0 });
      const layout = layoutZip(
        rows.map((row) => ({
          name: row.name,
          size: row.size,
          crc32: row.crc32 ?? 0,
          mtime: 0,
          source: row.store_key,
        })),
      );
      // Disk speed drifts on a shared VM (page cache reclaimed, other work): three rounds,
      // each zip pass compared with the raw reads just before and after it; the median ratio.
      const ratios: number[] = [];
      const rawReads: number[] = [];
      const zipped: number[] = [];
      let rawBefore = await rawRead(blobFiles);
      for (let round = 0; round < 3; round++) {
        let bytes = 0;
        const started = performance.now();
        await pipeline(
          streamZip(layout, (key, range) => store.get(key, range)),
          sink((n) => (bytes += n)),
        );
        const zipMBs = bytes / MiB / ((performance.now() - started) / 1000);
        const rawAfter = await rawRead(blobFiles);
        ratios.push(zipMBs / ((rawBefore + rawAfter) / 2));
        rawReads.push(rawBefore);
        zipped.push(zipMBs);
        rawBefore = rawAfter;
      }
      rawReads.push(rawBefore);

      // Over HTTP: the archive (with the server's RSS sampled), then the same files as originals.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const baseline = rssOf(server.pid);
      let peak = baseline;
      const sampler = setInterval(() => {
        peak = Math.max(peak, rssOf(server.pid));
      }, 50);
      let archive: Awaited<ReturnType<typeof download>>;
      try {
        archive = await download(`${server.url}${part.url}`);
      } finally {
        clearInterval(sampler);
      }
      if (archive.bytes !== part.size)
        throw new Error(`bench: got ${String(archive.bytes)} of ${String(part.size)} bytes`);
      const listing = (await (await server.call(`/st/4/jobs/${job}/files?limit=500`)).json()) as {
        files: { id: string; file_url: string }[];
      };
      const urls = listing.files.filter((file) => big.includes(file.id)).map((file) => file.file_url);
      let plainBytes = 0;
      let plainSeconds = 0;
      for (const url of urls) {
        const got = await download(`${server.url}${url}`);
        plainBytes += got.bytes;
        plainSeconds += got.seconds;
      }

      // Small files: the first prepare computes their CRCs, later ones read them.
      const small: string[] = [];
      for (let i = 0; i < smallFiles; i++)
        small.push(await upload(server, job, `small-${String(i)}.jpg`, 64 * 1024, 1000 + i));
      const firstStarted = performance.now();
      await prepare(server, job, small);
      const firstPrepareMs = performance.now() - firstStarted;
      const firstByteMs: number[] = [];
      for (let run = 0; run < 5; run++) {
        const started = performance.now();
        const prepared = await prepare(server, job, small);
        const got = await download(`${server.url}${prepared.url}`);
        firstByteMs.push(performance.now() - started - (got.seconds * 1000 - got.firstByteMs));
      }
      return {
        zipVsRaw: median(ratios),
        zipMBs: zipped,
        rawReadMBs: rawReads,
        httpArchiveMBs: archive.bytes / MiB / archive.seconds,
        httpPlainMBs: plainBytes / MiB / plainSeconds,
        rssGrowthMB: (peak - baseline) / MiB,
        firstByteMs,
        firstPrepareMs,
        partBytes: part.size,
      };
    } finally {
      await server.stop();
    }
  } finally {
    removeDataDir(dataDir);
  }
}
