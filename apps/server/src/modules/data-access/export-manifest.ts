import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import type { ByteRange } from '../../storage/blob-store.ts';
import type { DataExportEntryRow, DataExportRow, DataExportsRepository } from './data-exports.repository.ts';
import { iso } from './export-documents.ts';

/*
 * manifest.json, the last entry of a data export (RESEARCH-ACCOUNT-PAYMENTS §2.2, Ente #2308:
 * an incomplete export reported as complete): every other entry with its size and SHA-256,
 * the files left out and why, and the totals. It is never stored: its bytes are a function of
 * the stored entries, made line by line once when the export is frozen (for its size and
 * digests) and again, identically, whenever it is streamed; so it costs no memory whatever
 * the account's size.
 */

/** The `source` of the manifest's own entry: made from the other entries, not read. */
export const MANIFEST_SOURCE = 'manifest:';

/** A file left out of an export, and why. */
export interface OmittedFile {
  path: string;
  reason: 'place_cannot_be_removed';
}

/** What the manifest says of the export as a whole. */
export interface ManifestHead {
  created_at: number;
  user_id: string;
  file_name: string;
}

export function manifestHeader(head: ManifestHead): Buffer {
  const top = {
    format: 'trove-data-export',
    version: 1,
    account: head.user_id,
    requested: iso(head.created_at),
    zip: head.file_name,
  };
  // The object's closing brace comes with the footer: entries are listed in between.
  return Buffer.from(`${JSON.stringify(top, null, 2).slice(0, -2)},\n  "entries": [\n`);
}

/** One entry's line; `path` is relative to the export's folder, where manifest.json is. */
export function manifestLine(
  entry: Pick<DataExportEntryRow, 'name' | 'size' | 'sha256'>,
  folder: string,
  first: boolean,
) {
  const line = JSON.stringify({
    path: entry.name.slice(folder.length),
    size: entry.size,
    sha256: entry.sha256,
  });
  return Buffer.from(`${first ? '' : ',\n'}    ${line}`);
}

export function manifestFooter(count: number, bytes: number, omitted: readonly OmittedFile[]): Buffer {
  const left = JSON.stringify(omitted);
  return Buffer.from(
    `\n  ],\n  "omitted": ${left},\n  "count": ${String(count)},\n  "bytes": ${String(bytes)}\n}\n`,
  );
}

/** Adds bytes to a manifest's length, CRC-32 and SHA-256 as it is made. */
export function manifestDigest() {
  const hash = createHash('sha256');
  let crc = 0;
  let size = 0;
  return {
    add(bytes: Buffer) {
      hash.update(bytes);
      crc = crc32(bytes, crc);
      size += bytes.length;
    },
    done: () => ({ size, crc32: crc >>> 0, sha256: hash.digest('hex') }),
  };
}

/** Entries read per query while the manifest streams. */
const PAGE = 500;

/**
 * The manifest of a frozen export, bytes `range.start` to `range.end`: made again from the
 * stored entries, page by page, exactly as freezing made it.
 */
export function streamManifest(
  exports: Pick<DataExportsRepository, 'entriesFrom'>,
  row: DataExportRow,
  folder: string,
  range: ByteRange,
): Readable {
  async function* bytes(): AsyncGenerator<Buffer> {
    yield manifestHeader(row);
    let seq = 0;
    let count = 0;
    let total = 0;
    for (;;) {
      const page = await exports.entriesFrom(row.id, seq, PAGE);
      for (const entry of page) {
        if (entry.source === MANIFEST_SOURCE) continue;
        yield manifestLine(entry, folder, count === 0);
        count += 1;
        total += entry.size;
      }
      const last = page.at(-1);
      if (!last || page.length < PAGE) break;
      seq = last.seq + 1;
    }
    yield manifestFooter(count, total, JSON.parse(row.omitted) as OmittedFile[]);
  }
  return Readable.from(sliced(bytes(), range.start, range.end));
}

/** The bytes `start` to `end` (inclusive) of a stream of buffers. */
async function* sliced(chunks: AsyncIterable<Buffer>, start: number, end: number): AsyncGenerator<Buffer> {
  let at = 0;
  for await (const chunk of chunks) {
    const from = Math.max(0, start - at);
    const to = Math.min(chunk.length, end + 1 - at);
    at += chunk.length;
    if (to > from) yield chunk.subarray(from, to);
    if (at > end) return;
  }
}
