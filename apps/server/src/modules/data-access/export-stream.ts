import type { Readable } from 'node:stream';
import { BlobNotFoundError, type ByteRange } from '../../storage/blob-store.ts';
import { entryCentralHeader, entryLocalHeader, zipTail, type ZipEntry } from '../archives/zip/zip-layout.ts';
import { streamSegments, type PlacedSegment } from '../archives/zip/zip-stream.ts';
import type { Originals } from '../media/originals.ts';
import type { DataExportEntryRow, DataExportRow, DataExportsRepository } from './data-exports.repository.ts';
import { MANIFEST_SOURCE, streamManifest } from './export-manifest.ts';

/** Entries read per query while streaming: a page of headers is what memory holds. */
const PAGE = 200;

const zipEntryOf = (row: DataExportEntryRow): ZipEntry => ({ ...row, source: row.source ?? '' });

/**
 * The segments of a frozen export from the one holding byte `start` on (see [Note: Data
 * export]): each entry's local header and bytes, then the central directory a page of
 * headers at a time, then the end records. Rows are read a page at a time as the bytes go.
 */
async function* exportSegments(
  exports: Pick<DataExportsRepository, 'entriesFrom' | 'entryAt' | 'entryAtDirectory'>,
  row: DataExportRow,
  start: number,
): AsyncGenerator<PlacedSegment> {
  const pages = async function* (seq: number) {
    for (;;) {
      const page = await exports.entriesFrom(row.id, seq, PAGE);
      if (page.length > 0) yield page;
      const last = page.at(-1);
      if (!last || page.length < PAGE) return;
      seq = last.seq + 1;
    }
  };

  if (start < row.directory_offset) {
    const first = await exports.entryAt(row.id, start);
    if (!first) throw new Error(`export ${row.id} has no entry at ${String(start)}`);
    for await (const page of pages(first.seq)) {
      for (const entry of page) {
        const header = entryLocalHeader(zipEntryOf(entry), Buffer.from(entry.name, 'utf8'));
        yield { at: entry.offset, segment: { kind: 'bytes', bytes: header } };
        if (entry.size === 0) continue;
        const at = entry.offset + header.length;
        if (entry.body !== null)
          yield { at, segment: { kind: 'bytes', bytes: Buffer.from(entry.body, 'utf8') } };
        else if (entry.source !== null)
          yield { at, segment: { kind: 'source', source: entry.source, offset: 0, length: entry.size } };
        else throw new Error(`entry ${String(entry.seq)} of export ${row.id} has no bytes`);
      }
    }
  }

  const inDirectory = Math.max(0, start - row.directory_offset);
  if (inDirectory < row.directory_size) {
    const first = await exports.entryAtDirectory(row.id, inDirectory);
    if (!first) throw new Error(`export ${row.id} has no directory entry at ${String(inDirectory)}`);
    for await (const page of pages(first.seq)) {
      const headers = page.map((entry) =>
        entryCentralHeader(zipEntryOf(entry), Buffer.from(entry.name, 'utf8'), entry.offset),
      );
      yield {
        at: row.directory_offset + (page[0]?.dir_offset ?? 0),
        segment: { kind: 'bytes', bytes: Buffer.concat(headers) },
      };
    }
  }
  const tail = zipTail(row.entry_count, row.directory_size, row.directory_offset);
  yield { at: row.directory_offset + row.directory_size, segment: { kind: 'bytes', bytes: tail } };
}

/** Bytes `range` (all without one) of a frozen export, read as the consumer takes them. */
export function streamExport(
  deps: {
    exports: Pick<DataExportsRepository, 'entriesFrom' | 'entryAt' | 'entryAtDirectory'>;
    originals: Originals;
    /** Told when stored bytes the export names are gone (deleted for good since it was made). */
    onMissing: () => Promise<void>;
  },
  row: DataExportRow,
  folder: string,
  range?: ByteRange,
): Readable {
  const start = range?.start ?? 0;
  const end = range?.end ?? row.size - 1;
  return streamSegments(
    exportSegments(deps.exports, row, start),
    async (source, part) => {
      if (source === MANIFEST_SOURCE) return streamManifest(deps.exports, row, folder, part);
      try {
        return await deps.originals.openSource(source, part);
      } catch (error) {
        if (error instanceof BlobNotFoundError) await deps.onMissing();
        throw error;
      }
    },
    { start, end },
  );
}
