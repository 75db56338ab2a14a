import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { ArchiveMode, ArchiveOptions } from '@trove/contract';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { ArchiveFileRow, ArchivesRepository } from './archives.repository.ts';
import { createNameBook, safePath, safeSegment } from './names.ts';
import type { ZipEntry } from './zip/zip-layout.ts';

const HEIC = /\.(heic|heif)$/i;

/**
 * The zip entries of an archive's files: names made safe and unique (see [Note: Archive
 * names]), HEICs as JPEG where asked and made, only masters where asked, each with its
 * CRC-32, computed now for bytes that have none yet (see [Note: Zip layout]). The same files
 * and options give the same entries, so a resumed download gets the same bytes.
 */
export async function entriesOf(
  deps: { archives: Pick<ArchivesRepository, 'setBlobCrc' | 'setJpegCrc'>; store: Pick<BlobStore, 'get'> },
  files: readonly ArchiveFileRow[],
  options: ArchiveOptions,
  folder: { mode: ArchiveMode | 'trash'; name: string },
): Promise<ZipEntry[]> {
  const name = createNameBook();
  // An export or a takeout unpacks into a folder of its own, named like the archive.
  const prefix = folder.mode === 'export' || folder.mode === 'takeout' ? `${folder.name}/` : '';
  const entries: ZipEntry[] = [];
  for (const file of files) {
    // A live photo's or a burst's other files stay out (spec 000 §3 group, isMaster).
    if (options.master_only && file.group_id !== null && file.master !== 1) continue;
    const asJpeg = options.heic_to_jpeg && HEIC.test(file.name) && file.jpeg_key !== null;
    const wanted = options.flattened ? safeSegment(file.name, 'file') : safePath(file.path, 'file');
    const entryName = name(`${prefix}${asJpeg ? wanted.replace(HEIC, '.jpg') : wanted}`);
    if (asJpeg && file.jpeg_key !== null && file.jpeg_size !== null) {
      const crc =
        file.jpeg_crc32 ??
        (await remember(deps, file.jpeg_key, (value) => deps.archives.setJpegCrc(file.blob_id, value)));
      entries.push({
        name: entryName,
        size: file.jpeg_size,
        crc32: crc,
        mtime: file.mtime,
        source: file.jpeg_key,
      });
      continue;
    }
    const crc =
      file.crc32 ??
      (await remember(deps, file.store_key, (value) => deps.archives.setBlobCrc(file.blob_id, value)));
    entries.push({ name: entryName, size: file.size, crc32: crc, mtime: file.mtime, source: file.store_key });
  }
  return entries;
}

/** Reads stored bytes once for their CRC-32 and records it, so no archive reads them for it again. */
async function remember(
  deps: { store: Pick<BlobStore, 'get'> },
  key: string,
  save: (crc: number) => Promise<void>,
): Promise<number> {
  let crc = 0;
  for await (const chunk of (await deps.store.get(key)) as AsyncIterable<Buffer>) crc = crc32(chunk, crc);
  await save(crc);
  return crc;
}

/** A strong validator of an archive's bytes: the same entries give the same tag (If-Range). */
export function archiveTag(entries: readonly ZipEntry[]): string {
  const hash = createHash('sha256');
  for (const entry of entries) {
    hash.update(`${entry.name}\n${String(entry.size)}\n${String(entry.crc32)}\n${String(entry.mtime)}\n`);
  }
  return `"zip-${hash.digest('base64url').slice(0, 32)}"`;
}
