import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  BlobNotFoundError,
  type BlobInfo,
  type BlobStore,
  type ByteRange,
  type PartialWrite,
} from './blob-store.ts';
import { DiskReserve } from './disk-reserve.ts';
import { SyncAhead } from './sync-ahead.ts';

/** The size of each read of a blob (see `get`). */
const READ_CHUNK_BYTES = 2 * 1024 * 1024;

const KEY_PATTERN = /^[0-9a-f]{32}$/;
const WRITE_BUFFER = 2 * 1024 * 1024;

/**
 * Blobs on the local disk: `<root>/blobs/ab/cd/<key>`, written as
 * temp file → fsync → rename → fsync of the directory (See: [Note: Blob storage]). The
 * temp folder sits on the same file system, so the rename is atomic. Writes stop while
 * `reserveBytes` are still free on the disk (see [Note: Disk reserve]).
 */
export function createFsBlobStore(root: string, options: { reserveBytes?: number } = {}): BlobStore {
  const blobsDir = path.join(root, 'blobs');
  const tmpDir = path.join(root, 'tmp');
  fs.mkdirSync(blobsDir, { recursive: true });
  fs.mkdirSync(tmpDir, { recursive: true });
  const reserve = new DiskReserve(root, options.reserveBytes ?? 0);

  const pathOf = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new BlobNotFoundError(key);
    return path.join(blobsDir, key.slice(0, 2), key.slice(2, 4), key);
  };

  const store: BlobStore = {
    kind: 'fs',

    put(source: Readable): Promise<BlobInfo> {
      return store.putAt(randomUUID().replaceAll('-', ''), source);
    },

    async putAt(key: string, source: Readable): Promise<BlobInfo> {
      if (!KEY_PATTERN.test(key)) throw new RangeError(`not a blob key: ${key}`);
      const target = pathOf(key);
      const tmp = path.join(tmpDir, `${key}.part`);
      await reserve.check();
      try {
        // `flush` fsyncs the file before it is closed; the pipeline settles after the close.
        // A 2 MiB buffer lets the socket keep flowing while a write waits on the disk, and
        // the queued chunks then go down in one writev: with the default 16 KiB the server
        // sat idle between 64 KiB writes (bench/ingest.ts: ingest rose from ~180 to ~240 MB/s).
        const output = await fs.promises.open(tmp, 'wx', 0o600);
        await pipeline(
          source,
          reserve.guard(),
          new SyncAhead(output),
          fs.createWriteStream('', { fd: output, flush: true, highWaterMark: WRITE_BUFFER }),
        );
      } catch (error) {
        await fs.promises.rm(tmp, { force: true });
        throw error;
      }
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.rename(tmp, target);
      await fsyncDir(path.dirname(target));
      const stat = await fs.promises.stat(target);
      return { key, size: stat.size, mtime: stat.mtimeMs };
    },

    async adopt(file: string): Promise<BlobInfo> {
      const key = randomUUID().replaceAll('-', '');
      const target = pathOf(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      try {
        // A link, not a rename: until the caller commits and removes its file, a crash
        // leaves that file in place (a retry links it again; this link is an orphan that
        // fsck removes) rather than a committed-looking upload without its bytes.
        await fs.promises.link(file, target);
      } catch (error) {
        // Another file system (EXDEV), or one without hard links: copy, durably.
        if (!isLinkRefused(error)) throw error;
        return store.put(fs.createReadStream(file));
      }
      await fsyncDir(path.dirname(target));
      const stat = await fs.promises.stat(target);
      return { key, size: stat.size, mtime: stat.mtimeMs };
    },

    async get(key: string, range?: ByteRange): Promise<Readable> {
      const file = pathOf(key);
      const handle = await fs.promises.open(file, 'r').catch((error: unknown) => {
        throw isMissing(error) ? new BlobNotFoundError(key) : error;
      });
      // Reads of 2 MiB, not Node's 64 KiB: streaming an original or a zip archive runs at
      // about twice the speed (bench/archives.ts); 1 MiB left the zip stream at 0.86 of a
      // plain read of the same blobs, 2 MiB at 0.97-1.04; 4 MiB passed the archive's memory
      // budget (56 MB of RSS growth). A small file is still read in one go of its size.
      return handle.createReadStream({
        highWaterMark: READ_CHUNK_BYTES,
        ...(range ? { start: range.start, end: range.end } : {}),
      });
    },

    async stat(key: string): Promise<BlobInfo | undefined> {
      if (!KEY_PATTERN.test(key)) return undefined;
      const stat = await fs.promises.stat(pathOf(key)).catch(() => undefined);
      return stat ? { key, size: stat.size, mtime: stat.mtimeMs } : undefined;
    },

    async delete(key: string): Promise<void> {
      if (!KEY_PATTERN.test(key)) return;
      await fs.promises.rm(pathOf(key), { force: true });
    },

    async *list(): AsyncIterable<BlobInfo> {
      for (const a of await readdirSafe(blobsDir)) {
        for (const b of await readdirSafe(path.join(blobsDir, a))) {
          for (const key of await readdirSafe(path.join(blobsDir, a, b))) {
            if (!KEY_PATTERN.test(key)) continue;
            const stat = await fs.promises.stat(path.join(blobsDir, a, b, key)).catch(() => undefined);
            if (stat?.isFile()) yield { key, size: stat.size, mtime: stat.mtimeMs };
          }
        }
      }
    },

    async listPartial(): Promise<PartialWrite[]> {
      const partial: PartialWrite[] = [];
      for (const name of await readdirSafe(tmpDir)) {
        const stat = await fs.promises.stat(path.join(tmpDir, name)).catch(() => undefined);
        if (stat) partial.push({ id: name, started: stat.mtimeMs });
      }
      return partial;
    },

    async discardPartial(id: string): Promise<void> {
      if (id.includes('/') || id.includes('\\') || id.startsWith('.')) return;
      await fs.promises.rm(path.join(tmpDir, id), { force: true });
    },
  };
  return store;
}

/** A rename is durable only once its directory is synced (Pillai et al., OSDI'14). */
async function fsyncDir(dir: string): Promise<void> {
  const handle = await fs.promises.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function isLinkRefused(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return (
    code === 'EXDEV' || code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP' || code === 'EMLINK'
  );
}

async function readdirSafe(dir: string): Promise<string[]> {
  return fs.promises.readdir(dir).catch(() => []);
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}
