import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { ArchiveMode, ArchiveOptions } from '@trove/contract';
import { fileViewerOf, seesFileDetails } from '../../access/place.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { Originals } from '../media/originals.ts';
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
  deps: {
    archives: Pick<ArchivesRepository, 'setBlobCrc' | 'setJpegCrc'>;
    store: Pick<BlobStore, 'get'>;
    originals: Originals;
  },
  files: readonly ArchiveFileRow[],
  options: ArchiveOptions,
  folder: { mode: ArchiveMode | 'trash'; name: string; viewer: string | null; jobOwner: string },
): Promise<ZipEntry[]> {
  // Folders in entry names as a listing shows them ([Note: Who sees a file's details]).
  const viewer = fileViewerOf({ userId: folder.viewer }, { owner_id: folder.jobOwner });
  const name = createNameBook();
  // An export or a takeout unpacks into a folder of its own, named like the archive.
  const prefix = folder.mode === 'export' || folder.mode === 'takeout' ? `${folder.name}/` : '';
  const entries: ZipEntry[] = [];
  for (const file of files) {
    // A live photo's or a burst's other files stay out (spec 000 §3 group, isMaster).
    if (options.master_only && file.group_id !== null && file.master !== 1) continue;
    const asJpeg = options.heic_to_jpeg && HEIC.test(file.name) && file.jpeg_key !== null;
    const path = seesFileDetails(file, viewer) ? file.path : file.name;
    const wanted = options.flattened ? safeSegment(file.name, 'file') : safePath(path, 'file');
    const entryName = name(`${prefix}${asJpeg ? wanted.replace(HEIC, '.jpg') : wanted}`);
    const jpeg = asJpeg && file.jpeg_key !== null && file.jpeg_size !== null;
    const key = jpeg && file.jpeg_key !== null ? file.jpeg_key : file.store_key;
    const size = jpeg && file.jpeg_size !== null ? file.jpeg_size : file.size;
    // The bytes the original's URL gives this viewer: the place stripped but for its uploader;
    // a file whose bytes cannot be stripped is left out, like one they cannot see.
    const viewed = await deps.originals.openFor(folder.viewer, file, key, size);
    if (!viewed) continue;
    const crc = jpeg
      ? (file.jpeg_crc32 ??
        (await remember(deps, key, (value) => deps.archives.setJpegCrc(file.blob_id, value))))
      : (file.crc32 ?? (await remember(deps, key, (value) => deps.archives.setBlobCrc(file.blob_id, value))));
    entries.push({
      name: entryName,
      size,
      crc32: (crc ^ viewed.crcDelta) >>> 0,
      mtime: file.mtime,
      source: deps.originals.sourceOf(key, viewed),
    });
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
