/*
 * [Note: Zip layout]
 *
 * Archives (spec 000 §7 download host) are stored zips (no compression: photos and videos do
 * not shrink) whose every byte is known before the first one is sent. Each entry's size and
 * CRC-32 come from the database (blobs.crc32, computed once), so the archive is a fixed list
 * of segments: small header buffers made here, and ranges of stored blobs. That gives:
 * - an exact `Content-Length` before the first byte, so the browser shows real progress;
 * - `Range`: a resumed download starts at the segment holding its first byte and reads the
 *   blob from that offset; nothing before it is read again;
 * - throughput of a plain file copy: bytes go from the store to the socket untouched, no
 *   checksum is computed while streaming.
 * The streaming zip libraries STACK.md names (yazl 3, archiver 8) compute each CRC while
 * streaming and write it after the data (a data descriptor), and take no precomputed CRC:
 * they cannot start in the middle, so a resume at 3 GB would re-read and re-checksum 3 GB,
 * and every download pays the checksum (yazl's is JavaScript, far below a disk's read speed;
 * bench/archives.ts needs 0.9 of it). Hence this small writer of stored entries, checked in
 * the tests by two readers we did not write: Info-ZIP's unzip and Python's zipfile.
 *
 * Format (APPNOTE.TXT 6.3.10): local header, data, then the central directory and its end
 * record. Names are UTF-8 (general purpose bit 11). An entry, an offset or the directory
 * that does not fit 32 bits, or more than 65535 entries, switches to ZIP64 (extra field
 * 0x0001, the ZIP64 end record and its locator); `forceZip64` does it for every entry, so
 * tests can check readers accept our ZIP64 without writing 4 GiB. Times are in the DOS
 * fields (UTC, 2-second steps) and exactly in the extended timestamp field (0x5455).
 */

/** One file of an archive: its name inside the zip and facts of its bytes. */
export interface ZipEntry {
  /** A safe relative path with `/` between folders (see names.ts). */
  name: string;
  size: number;
  crc32: number;
  /** Modification time, milliseconds since the epoch. */
  mtime: number;
  /** Where the bytes come from; the layout only passes it through to the streamer. */
  source: string;
}

/** A piece of the archive: bytes made here, or `length` bytes of a source from `offset`. */
export type ZipSegment =
  { kind: 'bytes'; bytes: Buffer } | { kind: 'source'; source: string; offset: number; length: number };

export interface ZipLayout {
  segments: ZipSegment[];
  /** The archive's length in bytes. */
  size: number;
}

const UINT16_MAX = 0xffff;
const UINT32_MAX = 0xffffffff;
const VERSION_DEFAULT = 20;
const VERSION_ZIP64 = 45;
/** "Made by" Unix (3 << 8), so the external attributes are read as a Unix mode. */
const MADE_BY_UNIX = 3 << 8;
const FLAG_UTF8 = 0x0800;
/** Regular file, rw-r--r--, in the high 16 bits of the external attributes. */
const UNIX_FILE_MODE = (0o100644 << 16) >>> 0;

export function layoutZip(entries: readonly ZipEntry[], options: { forceZip64?: boolean } = {}): ZipLayout {
  const force = options.forceZip64 === true;
  const segments: ZipSegment[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = entryLocalHeader(entry, name, force);
    segments.push({ kind: 'bytes', bytes: local });
    if (entry.size > 0)
      segments.push({ kind: 'source', source: entry.source, offset: 0, length: entry.size });
    central.push(entryCentralHeader(entry, name, offset, force));
    offset += local.length + entry.size;
  }
  const directory = Buffer.concat(central);
  const tail = Buffer.concat([directory, zipTail(entries.length, directory.length, offset, force)]);
  segments.push({ kind: 'bytes', bytes: tail });
  return { segments, size: offset + tail.length };
}

/**
 * What follows the central directory: the end record, after the ZIP64 end record and its
 * locator when the count, the directory's size or its offset needs them. Archives laid out
 * entry by entry from stored rows (modules/data-access) end with this too.
 */
export function zipTail(
  count: number,
  directorySize: number,
  directoryOffset: number,
  force = false,
): Buffer {
  const needsZip64 =
    force || count > UINT16_MAX || directoryOffset >= UINT32_MAX || directorySize >= UINT32_MAX;
  const end: Buffer[] = [];
  if (needsZip64) {
    end.push(zip64EndRecord(count, directorySize, directoryOffset));
    end.push(zip64Locator(directoryOffset + directorySize));
  }
  end.push(endRecord(count, directorySize, directoryOffset, needsZip64));
  return Buffer.concat(end);
}

/** The local header of `entry` (named `name`, its UTF-8), which precedes its bytes. */
export function entryLocalHeader(entry: ZipEntry, name: Buffer, force = false): Buffer {
  return localHeader(entry, name, force || entry.size >= UINT32_MAX);
}

/** The central directory's header of `entry`, whose local header is at `offset`. */
export function entryCentralHeader(entry: ZipEntry, name: Buffer, offset: number, force = false): Buffer {
  return centralHeader(entry, name, offset, force);
}

function localHeader(entry: ZipEntry, name: Buffer, zip64: boolean): Buffer {
  const extra = Buffer.concat([
    // In a local header the ZIP64 field holds both sizes, always (APPNOTE 4.5.3).
    zip64 ? zip64Extra([entry.size, entry.size]) : Buffer.alloc(0),
    timestampExtra(entry.mtime),
  ]);
  const header = Buffer.alloc(30);
  const { time, date } = dosDateTime(entry.mtime);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(zip64 ? VERSION_ZIP64 : VERSION_DEFAULT, 4);
  header.writeUInt16LE(FLAG_UTF8, 6);
  header.writeUInt16LE(0, 8); // stored
  header.writeUInt16LE(time, 10);
  header.writeUInt16LE(date, 12);
  header.writeUInt32LE(entry.crc32 >>> 0, 14);
  header.writeUInt32LE(zip64 ? UINT32_MAX : entry.size, 18);
  header.writeUInt32LE(zip64 ? UINT32_MAX : entry.size, 22);
  header.writeUInt16LE(name.length, 26);
  header.writeUInt16LE(extra.length, 28);
  return Buffer.concat([header, name, extra]);
}

function centralHeader(entry: ZipEntry, name: Buffer, offset: number, force: boolean): Buffer {
  // In the directory the ZIP64 field holds only the values that overflow, in this order.
  const bigSize = force || entry.size >= UINT32_MAX;
  const bigOffset = force || offset >= UINT32_MAX;
  const wide = [...(bigSize ? [entry.size, entry.size] : []), ...(bigOffset ? [offset] : [])];
  const zip64 = wide.length > 0;
  const extra = Buffer.concat([zip64 ? zip64Extra(wide) : Buffer.alloc(0), timestampExtra(entry.mtime)]);
  const header = Buffer.alloc(46);
  const { time, date } = dosDateTime(entry.mtime);
  const version = zip64 ? VERSION_ZIP64 : VERSION_DEFAULT;
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(MADE_BY_UNIX | version, 4);
  header.writeUInt16LE(version, 6);
  header.writeUInt16LE(FLAG_UTF8, 8);
  header.writeUInt16LE(0, 10);
  header.writeUInt16LE(time, 12);
  header.writeUInt16LE(date, 14);
  header.writeUInt32LE(entry.crc32 >>> 0, 16);
  header.writeUInt32LE(bigSize ? UINT32_MAX : entry.size, 20);
  header.writeUInt32LE(bigSize ? UINT32_MAX : entry.size, 24);
  header.writeUInt16LE(name.length, 28);
  header.writeUInt16LE(extra.length, 30);
  header.writeUInt16LE(0, 32); // comment
  header.writeUInt16LE(0, 34); // disk
  header.writeUInt16LE(0, 36); // internal attributes
  header.writeUInt32LE(UNIX_FILE_MODE, 38);
  header.writeUInt32LE(bigOffset ? UINT32_MAX : offset, 42);
  return Buffer.concat([header, name, extra]);
}

function zip64Extra(values: readonly number[]): Buffer {
  const extra = Buffer.alloc(4 + 8 * values.length);
  extra.writeUInt16LE(0x0001, 0);
  extra.writeUInt16LE(8 * values.length, 2);
  values.forEach((value, i) => extra.writeBigUInt64LE(BigInt(value), 4 + 8 * i));
  return extra;
}

/** The extended timestamp (0x5455), modification time only: exact seconds, UTC. */
function timestampExtra(mtime: number): Buffer {
  const extra = Buffer.alloc(9);
  extra.writeUInt16LE(0x5455, 0);
  extra.writeUInt16LE(5, 2);
  extra.writeUInt8(1, 4);
  // The field is a signed 32-bit Unix time: clamp what it cannot hold.
  extra.writeInt32LE(Math.max(-0x80000000, Math.min(0x7fffffff, Math.floor(mtime / 1000))), 5);
  return extra;
}

function zip64EndRecord(count: number, directorySize: number, directoryOffset: number): Buffer {
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4); // the size of the rest of this record
  record.writeUInt16LE(MADE_BY_UNIX | VERSION_ZIP64, 12);
  record.writeUInt16LE(VERSION_ZIP64, 14);
  record.writeUInt32LE(0, 16);
  record.writeUInt32LE(0, 20);
  record.writeBigUInt64LE(BigInt(count), 24);
  record.writeBigUInt64LE(BigInt(count), 32);
  record.writeBigUInt64LE(BigInt(directorySize), 40);
  record.writeBigUInt64LE(BigInt(directoryOffset), 48);
  return record;
}

function zip64Locator(recordOffset: number): Buffer {
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeUInt32LE(0, 4);
  locator.writeBigUInt64LE(BigInt(recordOffset), 8);
  locator.writeUInt32LE(1, 16);
  return locator;
}

function endRecord(count: number, directorySize: number, directoryOffset: number, zip64: boolean): Buffer {
  const record = Buffer.alloc(22);
  const entries = zip64 ? UINT16_MAX : count;
  record.writeUInt32LE(0x06054b50, 0);
  record.writeUInt16LE(0, 4);
  record.writeUInt16LE(0, 6);
  record.writeUInt16LE(entries, 8);
  record.writeUInt16LE(entries, 10);
  record.writeUInt32LE(zip64 ? UINT32_MAX : directorySize, 12);
  record.writeUInt32LE(zip64 ? UINT32_MAX : directoryOffset, 16);
  record.writeUInt16LE(0, 20);
  return record;
}

/** MS-DOS date and time (UTC), clamped to what they can hold: 1980 to 2107. */
function dosDateTime(mtime: number): { time: number; date: number } {
  const min = Date.UTC(1980, 0, 1);
  const max = Date.UTC(2107, 11, 31, 23, 59, 58);
  const d = new Date(Math.max(min, Math.min(max, Number.isFinite(mtime) ? mtime : min)));
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | Math.floor(d.getUTCSeconds() / 2),
    date: ((d.getUTCFullYear() - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}
