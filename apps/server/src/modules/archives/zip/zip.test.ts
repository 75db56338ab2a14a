import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32 } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { layoutZip, type ZipEntry } from './zip-layout.ts';
import { streamZip, type OpenSource } from './zip-stream.ts';
import { pythonEntries, pythonListing, unzipList, unzipTest } from './zip.test-support.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-zip-'));
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const contents = new Map<string, Buffer>();
const open: OpenSource = (source, range) => {
  const bytes = contents.get(source);
  if (!bytes) return Promise.reject(new Error(`no ${source}`));
  return Promise.resolve(Readable.from([bytes.subarray(range.start, range.end + 1)]));
};

function entry(name: string, bytes: Buffer, mtime = Date.UTC(2024, 6, 14, 10, 30, 12)): ZipEntry {
  const source = `s${String(contents.size)}`;
  contents.set(source, bytes);
  return { name, size: bytes.length, crc32: crc32(bytes), mtime, source };
}

async function toBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function writeZip(entries: ZipEntry[], options: { forceZip64?: boolean } = {}) {
  const layout = layoutZip(entries, options);
  const file = path.join(dir, `${randomBytes(4).toString('hex')}.zip`);
  await pipeline(streamZip(layout, open), fs.createWriteStream(file));
  return { file, layout };
}

const sha1 = (bytes: Buffer) => createHash('sha1').update(bytes).digest('hex');

describe('zip archives (see [Note: Zip layout])', () => {
  const photos = [
    entry('Summer 2024/IMG_0001.jpg', randomBytes(300_000)),
    entry('Summer 2024/Ærø фото 写真.jpg', randomBytes(70_001)),
    entry('empty.txt', Buffer.alloc(0)),
    entry('video.mp4', randomBytes(1_000_003), Date.UTC(2019, 0, 2, 3, 4, 5)),
  ];

  for (const forceZip64 of [false, true]) {
    it(`is read byte for byte by unzip and Python's zipfile${forceZip64 ? ' in ZIP64 form' : ''}`, async () => {
      const { file, layout } = await writeZip(photos, { forceZip64 });
      expect(fs.statSync(file).size).toBe(layout.size);
      expect(unzipTest(file)).toContain('No errors detected');
      const read = pythonEntries(file);
      expect(read.map((one) => one.name)).toEqual(photos.map((one) => one.name));
      for (const [i, one] of read.entries()) {
        const original = photos[i];
        if (!original) throw new Error('entry count differs');
        expect(one.size).toBe(original.size);
        expect(one.sha1).toBe(sha1(contents.get(original.source) ?? Buffer.alloc(1)));
        expect(one.mtime).toBe(Math.floor(original.mtime / 1000));
      }
      expect(read[3]?.date).toEqual([2019, 1, 2, 3, 4, 4]);
    });
  }

  it('switches to ZIP64 by itself for an entry over 4 GiB', { timeout: 60_000 }, async () => {
    // 4 GiB + 1 MiB of zeros, written as a hole of a sparse file: no disk, no memory.
    const size = 2 ** 32 + 2 ** 20;
    const zeros = Buffer.alloc(2 ** 24);
    let crc = 0;
    for (let done = 0; done < size; done += zeros.length)
      crc = crc32(zeros.subarray(0, Math.min(zeros.length, size - done)), crc);
    const small = entry('after.txt', Buffer.from('after the big one'));
    const layout = layoutZip([{ name: 'big.bin', size, crc32: crc, mtime: 0, source: 'zeros' }, small]);
    const file = path.join(dir, 'zip64.zip');
    const handle = await fs.promises.open(file, 'w');
    let at = 0;
    for (const segment of layout.segments) {
      if (segment.kind === 'bytes') await handle.write(segment.bytes, 0, segment.bytes.length, at);
      else if (segment.source !== 'zeros')
        await handle.write(contents.get(segment.source) ?? Buffer.alloc(0), 0, segment.length, at);
      at += segment.kind === 'bytes' ? segment.bytes.length : segment.length;
    }
    await handle.truncate(layout.size);
    await handle.close();
    // Read from the directory and the ZIP64 records alone; the small entry after the big one
    // is read (and its CRC checked) from its local header past 4 GiB.
    expect(unzipList(file)).toMatch(/4296015872\s+\S+\s+\S+\s+big\.bin/);
    expect(pythonListing(file, ['after.txt'])).toEqual([
      { name: 'big.bin', size },
      { name: 'after.txt', size: 17, text: 'after the big one' },
    ]);
  });

  it('answers any range with exactly the bytes of the whole archive there', async () => {
    const layout = layoutZip(photos);
    const whole = await toBuffer(streamZip(layout, open));
    expect(whole.length).toBe(layout.size);
    const cuts = [0, 1, 29, 30, 31, 1000, 300_050, 370_000, whole.length - 23, whole.length - 1];
    for (const start of cuts) {
      for (const end of [start, start + 17, whole.length - 1]) {
        if (end >= whole.length) continue;
        const part = await toBuffer(streamZip(layout, open, { start, end }));
        expect(part.equals(whole.subarray(start, end + 1))).toBe(true);
      }
    }
  });

  it('makes an empty archive that readers accept', async () => {
    const { file } = await writeZip([]);
    expect(pythonEntries(file)).toEqual([]);
  });

  it('fails the stream when a source is shorter than its recorded size', async () => {
    const short = { ...entry('short.jpg', randomBytes(100)), size: 200 };
    await expect(toBuffer(streamZip(layoutZip([short]), open))).rejects.toThrow(/ended 100 bytes early/);
  });

  it('leaves no listeners behind on the output, however many sources it pipes', async () => {
    const many = Array.from({ length: 40 }, (_, i) => entry(`f${String(i)}.jpg`, randomBytes(10)));
    const stream = streamZip(layoutZip(many), open);
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    await toBuffer(stream);
    process.off('warning', onWarning);
    expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
    expect(stream.listenerCount('close')).toBeLessThan(5);
  });

  it('stops reading a source when the reader goes away', async () => {
    const big = entry('big.bin', randomBytes(4 * 1024 * 1024));
    const opened: Readable[] = [];
    const slow: OpenSource = (source, range) => {
      const bytes = contents.get(source) ?? Buffer.alloc(0);
      // In 64 KiB pieces, as a disk gives them.
      const pieces = [];
      for (let at = range.start; at <= range.end; at += 65_536)
        pieces.push(bytes.subarray(at, Math.min(range.end + 1, at + 65_536)));
      const stream = Readable.from(pieces, { objectMode: false });
      opened.push(stream);
      return Promise.resolve(stream);
    };
    const stream = streamZip(layoutZip([big]), slow);
    await new Promise<void>((resolve) =>
      stream.once('data', () => {
        resolve();
      }),
    );
    stream.destroy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(opened).toHaveLength(1);
    expect(opened[0]?.destroyed).toBe(true);
  });

  it('fails the stream when a source is longer than its recorded size', async () => {
    const long = { ...entry('long.jpg', randomBytes(300)), size: 100 };
    const lying: OpenSource = (source) =>
      Promise.resolve(Readable.from([contents.get(source) ?? Buffer.alloc(0)]));
    await expect(toBuffer(streamZip(layoutZip([long]), lying))).rejects.toThrow(
      /longer than its recorded size/,
    );
  });

  it('is the same archive every time for the same entries', () => {
    const once = layoutZip(photos);
    const again = layoutZip(photos);
    expect(again).toEqual(once);
  });
});
