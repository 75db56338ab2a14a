import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobNotFoundError, type BlobStore } from './blob-store.ts';

/** What an adapter's test gives the shared suite. */
export interface OpenedBlobStore {
  /** A store with no blobs and no unfinished writes. */
  store: BlobStore;
  /** Leaves an unfinished write behind, the way a crash mid-`put` would. */
  startPartial(): Promise<void>;
  cleanup(): Promise<void>;
}

const MiB = 1024 * 1024;
/** Larger than two S3 parts (16 MiB) and not a multiple of anything, to cross part edges. */
const BIG_SIZE = 37 * MiB + 12_345;
const MISSING_KEY = '0123456789abcdef0123456789abcdef';

/**
 * [Note: Blob storage] as a test suite, run against every adapter so that they stay
 * interchangeable: the filesystem store and S3 must pass the same assertions.
 */
export function describeBlobStore(name: string, open: () => Promise<OpenedBlobStore>): void {
  describe(`BlobStore conformance: ${name}`, { timeout: 60_000 }, () => {
    let opened: OpenedBlobStore | undefined;
    const store = () => {
      if (!opened) throw new Error('the store did not open');
      return opened.store;
    };
    beforeAll(async () => {
      opened = await open();
    });
    afterAll(async () => {
      await opened?.cleanup();
    });

    // One big blob shared by the tests that read it, uploaded once on first use.
    const bigData = randomBytes(BIG_SIZE);
    let bigPut: Promise<string> | undefined;
    const bigKey = () =>
      (bigPut ??= store()
        .put(streamOf(bigData))
        .then((info) => info.key));

    it('puts a multi-megabyte stream and gets the same bytes back', async () => {
      const before = Date.now();
      const info = await store().put(streamOf(bigData));
      expect(info.size).toBe(BIG_SIZE);
      // S3 times have one-second resolution and come from the server's clock.
      expect(Math.abs(info.mtime - before)).toBeLessThan(5 * 60_000);
      const back = await readAll(await store().get(info.key));
      expect(back.length).toBe(BIG_SIZE);
      expect(sha256(back)).toBe(sha256(bigData));
    });

    it('adopts a local file as a new blob and leaves the file in place', async () => {
      const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'trove-adopt-'));
      try {
        const file = path.join(dir, 'upload.bin');
        const data = randomBytes(3 * MiB + 17);
        await fs.promises.writeFile(file, data);
        const info = await store().adopt(file);
        expect(info.size).toBe(data.length);
        expect(sha256(await readAll(await store().get(info.key)))).toBe(sha256(data));
        // The caller removes its file; the blob must not go with it.
        expect(fs.existsSync(file)).toBe(true);
        await fs.promises.rm(file);
        expect((await store().stat(info.key))?.size).toBe(data.length);
        expect(sha256(await readAll(await store().get(info.key)))).toBe(sha256(data));
      } finally {
        await fs.promises.rm(dir, { recursive: true, force: true });
      }
    });

    it('gets inclusive byte ranges', async () => {
      const key = await bigKey();
      const head = await readAll(await store().get(key, { start: 0, end: 4_999_999 }));
      expect(head.length).toBe(5_000_000);
      expect(sha256(head)).toBe(sha256(bigData.subarray(0, 5_000_000)));
      // Straddles the first S3 part boundary.
      const start = 16 * MiB - 100;
      const end = 16 * MiB + 3_000_000;
      const middle = await readAll(await store().get(key, { start, end }));
      expect(sha256(middle)).toBe(sha256(bigData.subarray(start, end + 1)));
      const last = await readAll(await store().get(key, { start: BIG_SIZE - 1, end: BIG_SIZE - 1 }));
      expect([...last]).toEqual([bigData[BIG_SIZE - 1]]);
    });

    it('stats blobs, and reports missing ones as undefined', async () => {
      const key = await bigKey();
      const info = await store().stat(key);
      expect(info).toMatchObject({ key, size: BIG_SIZE });
      expect(await store().stat(MISSING_KEY)).toBeUndefined();
      expect(await store().stat('../../etc/passwd')).toBeUndefined();
    });

    it('stores an empty blob', async () => {
      const info = await store().put(streamOf(Buffer.alloc(0)));
      expect(info.size).toBe(0);
      expect((await readAll(await store().get(info.key))).length).toBe(0);
    });

    it('rejects a get of a missing blob with BlobNotFoundError', async () => {
      await expect(store().get(MISSING_KEY)).rejects.toBeInstanceOf(BlobNotFoundError);
      await expect(store().get(MISSING_KEY, { start: 0, end: 9 })).rejects.toBeInstanceOf(BlobNotFoundError);
      await expect(store().get('../blobs/x')).rejects.toBeInstanceOf(BlobNotFoundError);
    });

    it('puts a blob back under its own key (a restore), replacing whatever was there', async () => {
      const { key } = await store().put(streamOf(Buffer.from('original')));
      await store().delete(key);
      const back = await store().putAt(key, streamOf(Buffer.from('restored')));
      expect(back).toMatchObject({ key, size: 8 });
      expect((await readAll(await store().get(key))).toString()).toBe('restored');
      await store().putAt(key, streamOf(Buffer.from('again')));
      expect((await readAll(await store().get(key))).toString()).toBe('again');
      expect((await listAll(store())).get(key)).toMatchObject({ size: 5 });
      await expect(store().putAt('../../etc/passwd', streamOf(Buffer.from('x')))).rejects.toThrow(
        /not a blob key/,
      );
    });

    it('deletes, and deleting again or deleting a missing blob is not an error', async () => {
      const { key } = await store().put(streamOf(Buffer.from('short-lived')));
      await store().delete(key);
      expect(await store().stat(key)).toBeUndefined();
      await expect(store().get(key)).rejects.toBeInstanceOf(BlobNotFoundError);
      await store().delete(key);
      await store().delete(MISSING_KEY);
      await store().delete('../../etc/passwd');
    });

    it('lists what was put and not what was deleted', async () => {
      const kept = await store().put(streamOf(Buffer.from('kept')));
      const gone = await store().put(streamOf(Buffer.from('gone')));
      await store().delete(gone.key);
      const listed = await listAll(store());
      expect(listed.get(kept.key)).toMatchObject({ key: kept.key, size: 4 });
      expect(listed.has(gone.key)).toBe(false);
    });

    it('makes up opaque keys: no user path, a new key for every put', async () => {
      const a = await store().put(streamOf(Buffer.from('same')));
      const b = await store().put(streamOf(Buffer.from('same')));
      expect(a.key).not.toBe(b.key);
      for (const key of [a.key, b.key]) expect(key).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    });

    it('shows nothing of a put until it completes', async () => {
      const released = Promise.withResolvers<undefined>();
      const paused = Promise.withResolvers<undefined>();
      const data = randomBytes(20 * MiB);
      const source = Readable.from(
        (async function* () {
          yield* chunks(data);
          paused.resolve(undefined);
          await released.promise;
          yield Buffer.from('tail');
        })(),
        { objectMode: false },
      );
      const before = await listAll(store());
      const putting = store().put(source);
      await paused.promise;
      expect([...(await listAll(store())).keys()].sort()).toEqual([...before.keys()].sort());
      released.resolve(undefined);
      const info = await putting;
      expect(info.size).toBe(20 * MiB + 4);
      expect((await listAll(store())).has(info.key)).toBe(true);
    });

    it('leaves no blob and no partial write when the source stream fails midway', async () => {
      const before = await listAll(store());
      const partialBefore = await store().listPartial();
      const failing = Readable.from(
        (function* () {
          // More than one S3 part, so a multipart upload exists when the error comes.
          yield* chunks(randomBytes(20 * MiB));
          throw new Error('source broke');
        })(),
        { objectMode: false },
      );
      await expect(store().put(failing)).rejects.toThrow(/source broke/);
      expect([...(await listAll(store())).keys()].sort()).toEqual([...before.keys()].sort());
      expect(await store().listPartial()).toEqual(partialBefore);
    });

    it('lists and discards unfinished writes', async () => {
      const opening = opened;
      if (!opening) throw new Error('the store did not open');
      const before = new Set((await store().listPartial()).map((partial) => partial.id));
      const blobsBefore = [...(await listAll(store())).keys()].sort();
      const startedAt = Date.now();
      await opening.startPartial();
      // An unfinished write never shows up as a blob.
      expect([...(await listAll(store())).keys()].sort()).toEqual(blobsBefore);
      const added = (await store().listPartial()).filter((partial) => !before.has(partial.id));
      expect(added).toHaveLength(1);
      const [partial] = added;
      if (!partial) throw new Error('unreachable');
      expect(Math.abs(partial.started - startedAt)).toBeLessThan(5 * 60_000);
      await store().discardPartial(partial.id);
      expect((await store().listPartial()).map((p) => p.id)).not.toContain(partial.id);
      // Discarding twice, or something that never existed, is not an error either.
      await store().discardPartial(partial.id);
      await store().discardPartial('no such write');
    });
  });
}

/** Streams `data` in uneven chunks, as a network upload would arrive. */
function* chunks(data: Buffer): Generator<Buffer> {
  let offset = 0;
  for (let i = 0; offset < data.length; i++) {
    const size = 60_000 + (i % 7) * 3_001;
    yield data.subarray(offset, offset + size);
    offset += size;
  }
}

function streamOf(data: Buffer): Readable {
  return Readable.from(chunks(data), { objectMode: false });
}

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) parts.push(chunk);
  return Buffer.concat(parts);
}

function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

async function listAll(store: BlobStore): Promise<Map<string, { key: string; size: number }>> {
  const all = new Map<string, { key: string; size: number }>();
  for await (const info of store.list()) all.set(info.key, info);
  return all;
}
