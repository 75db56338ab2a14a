import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { isUnnamedTitle, monthOf } from '@trove/contract';
import type { BlobStore } from '../../storage/blob-store.ts';
import { createNameBook, safeSegment } from '../archives/names.ts';
import { entryCentralHeader, entryLocalHeader, zipTail, type ZipEntry } from '../archives/zip/zip-layout.ts';
import type { Originals } from '../media/originals.ts';
import type { MediaRepository } from '../media/media.repository.ts';
import type { AccountDataRepository, ExportFileRow, ExportJobRow } from './account-data.repository.ts';
import type { DataExportEntryRow, DataExportsRepository } from './data-exports.repository.ts';
import { sidecarOf, type AccountBytesSection, type AccountSection } from './export-documents.ts';
import {
  MANIFEST_SOURCE,
  manifestDigest,
  manifestFooter,
  manifestHeader,
  manifestLine,
  type OmittedFile,
} from './export-manifest.ts';

/*
 * [Note: Data export]
 *
 * A data export (spec 001 §4 "Data access", §7 request_data_access; issue #24,
 * RESEARCH-ACCOUNT-PAYMENTS §2.2 and §2.7 4-6) is one stored zip of everything the account
 * holds, laid out like the album zips ([Note: Zip layout]) but never held whole:
 * - Freezing, when the export is requested, walks the account a page of files at a time and
 *   writes one row per zip entry (data_export_entries): its name, size, CRC-32, SHA-256 and
 *   time, where its local header and its central directory header start, and where its bytes
 *   come from: the blob's stored bytes (place-stripped where they are someone else's upload,
 *   [Note: Who sees the place]) or a JSON document rendered now and kept in the row. The
 *   last entry, manifest.json, lists every other with its size and SHA-256 (export-manifest.ts).
 * - So the size is exact before the first byte, and every download of the export is the same
 *   bytes: a resumed download (Range, If-Range with the export's tag) reads from the entry
 *   holding its first byte on, whatever changed in the account since.
 * - Streaming reads the rows a page at a time (export-stream.ts): memory stays at a page of
 *   headers and one read of the store, whatever the account's size. The freeze holds the
 *   names of one folder at a time (names.ts makes them unique per folder).
 * - Nothing is written to the blob store or charged to the account's storage: the documents
 *   are database rows, the files name bytes that are already stored. Missing digests of the
 *   account's blobs are computed from the stored bytes and kept (as the media worker does).
 * - The account's files are those whose bytes it holds (blobs it owns, [Note: Copies]):
 *   the timeline by month (`media/YYYY/MM/`, documents in `documents/`), each album it has
 *   files in (`albums/<title>/`), the trash (`trash/`, a deleted album's files in
 *   `trash/albums/<title>/`). Shares hold no bytes of their own and are listed in shares.json.
 * - The cooldown (DATA_ACCESS_COOLDOWN_HOURS) runs from the request; downloading the same
 *   export again, whole or resumed, spends nothing (data-access.service.ts).
 */

/** Files read per query, and entries written per insert. */
const PAGE = 200;

/** What freezing needs. */
export interface FreezeDeps {
  accountData: AccountDataRepository;
  exports: Pick<DataExportsRepository, 'insertEntries' | 'touch'>;
  media: Pick<MediaRepository, 'setBlobDigests'>;
  store: Pick<BlobStore, 'get'>;
  originals: Originals;
  sections: readonly AccountSection[];
  /** Stored bytes that are no file (a profile picture); none by default. */
  storedBytes?: readonly AccountBytesSection[];
  now: () => number;
}

/** The frozen layout of an export. */
export interface FrozenExport {
  entryCount: number;
  directoryOffset: number;
  directorySize: number;
  size: number;
  omitted: OmittedFile[];
}

interface NewEntry {
  name: string;
  size: number;
  crc32: number;
  sha256: string;
  mtime: number;
  source: string | null;
  body: string | null;
}

/** Writes the entries of one export in order, with their offsets, and digests its manifest. */
function createEntryWriter(deps: FreezeDeps, exportId: string, folder: string) {
  let seq = 0;
  let offset = 0;
  let directorySize = 0;
  let pending: DataExportEntryRow[] = [];
  let first = true;
  let listed = 0;
  let listedBytes = 0;

  async function flush() {
    if (pending.length === 0) return;
    await deps.exports.insertEntries(pending);
    pending = [];
    await deps.exports.touch(exportId, deps.now());
  }

  return {
    async add(entry: NewEntry, manifest?: ReturnType<typeof manifestDigest>) {
      const name = Buffer.from(entry.name, 'utf8');
      const zipEntry: ZipEntry = { ...entry, source: entry.source ?? '' };
      const row: DataExportEntryRow = {
        export_id: exportId,
        seq,
        ...entry,
        offset,
        dir_offset: directorySize,
      };
      pending.push(row);
      offset += entryLocalHeader(zipEntry, name).length + entry.size;
      directorySize += entryCentralHeader(zipEntry, name, row.offset).length;
      seq += 1;
      if (manifest) {
        manifest.add(manifestLine(row, folder, first));
        first = false;
        listed += 1;
        listedBytes += entry.size;
      }
      if (pending.length >= PAGE) await flush();
    },
    async finish(): Promise<Omit<FrozenExport, 'omitted'>> {
      await flush();
      return {
        entryCount: seq,
        directoryOffset: offset,
        directorySize,
        size: offset + directorySize + zipTail(seq, directorySize, offset).length,
      };
    },
    listed: () => ({ count: listed, bytes: listedBytes }),
  };
}

/** A JSON document as an entry: pretty, UTF-8, its digests computed here. */
function documentEntry(name: string, value: unknown, mtime: number): NewEntry {
  const body = `${JSON.stringify(value, null, 2)}\n`;
  const bytes = Buffer.from(body, 'utf8');
  return {
    name,
    size: bytes.length,
    crc32: crc32(bytes) >>> 0,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    mtime,
    source: null,
    body,
  };
}

/** SHA-256 and CRC-32 of a stream's bytes. */
async function digestOf(stream: Readable): Promise<{ sha256: string; crc32: number }> {
  const hash = createHash('sha256');
  let crc = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    hash.update(chunk);
    crc = crc32(chunk, crc);
  }
  return { sha256: hash.digest('hex'), crc32: crc >>> 0 };
}

/** The folder of an album's files: its title made safe, or its id when it has none. */
function albumFolder(job: ExportJobRow): string {
  const fallback = `album-${job.id.slice(0, 8)}`;
  return isUnnamedTitle(job.title) ? fallback : safeSegment(job.title, fallback);
}

/**
 * Freezes the export `exportId` of `userId` (see [Note: Data export]): writes its entries
 * and answers its layout. `folder` is the export's top folder, ending in `/`.
 */
export async function freezeExport(
  deps: FreezeDeps,
  input: { exportId: string; userId: string; createdAt: number; folder: string; fileName: string },
): Promise<FrozenExport> {
  const { exportId, userId, createdAt, folder } = input;
  const writer = createEntryWriter(deps, exportId, folder);
  const manifest = manifestDigest();
  manifest.add(manifestHeader({ created_at: createdAt, user_id: userId, file_name: input.fileName }));
  const omitted: OmittedFile[] = [];

  for (const section of deps.sections)
    await writer.add(
      documentEntry(`${folder}${section.path}`, await section.read(userId), createdAt),
      manifest,
    );
  for (const section of deps.storedBytes ?? [])
    for (const stored of await section.read(userId)) {
      const digest = await digestOf(await deps.store.get(stored.key));
      await writer.add(
        {
          name: `${folder}${stored.path}`,
          size: stored.size,
          ...digest,
          mtime: stored.mtime,
          source: stored.key,
          body: null,
        },
        manifest,
      );
    }

  // Names are unique per folder (names.ts); a folder's book lives while its files are written.
  const books = new Map<string, (wanted: string) => string>();
  const nameIn = (path: string, wanted: string) => {
    let book = books.get(path);
    if (!book) books.set(path, (book = createNameBook()));
    return book(`${path}${wanted}`);
  };
  const albumFolders = createNameBook();
  const trashFolder = `${folder}trash/`;

  async function addFile(file: ExportFileRow, job: ExportJobRow, path: string) {
    const wanted = safeSegment(file.name, 'file');
    const viewed = await deps.originals.openFor(userId, file, file.store_key, file.blob_size);
    if (!viewed) {
      omitted.push({ path: `${path.slice(folder.length)}${wanted}`, reason: 'place_cannot_be_removed' });
      return;
    }
    let stored =
      file.crc32 !== null && file.sha256 !== null ? { crc32: file.crc32, sha256: file.sha256 } : null;
    if (!stored) {
      stored = await digestOf(await deps.store.get(file.store_key));
      await deps.media.setBlobDigests(file.blob_id, stored);
    }
    // Someone else's upload (a copy kept from a shared album) goes without its place, and
    // its digest is of the bytes sent.
    const sha256 = viewed.stripped ? (await digestOf(await viewed.open())).sha256 : stored.sha256;
    const name = nameIn(path, wanted);
    await writer.add(
      {
        name,
        size: viewed.size,
        crc32: (stored.crc32 ^ viewed.crcDelta) >>> 0,
        sha256,
        mtime: file.mtime,
        source: deps.originals.sourceOf(file.store_key, viewed),
        body: null,
      },
      manifest,
    );
    const sidecar = sidecarOf(userId, file, job, { sha256, placeRemoved: viewed.stripped });
    await writer.add(
      documentEntry(nameIn(path, `${name.slice(path.length)}.json`), sidecar, createdAt),
      manifest,
    );
  }

  for (const job of await deps.accountData.jobsWithFiles(userId)) {
    const album = job.type === 'timeline' ? null : albumFolders(albumFolder(job));
    const livePath =
      album === null ? null : `${folder}${job.deleted_at === null ? 'albums' : 'trash/albums'}/${album}/`;
    for (const state of ['active', 'trashed'] as const) {
      let after: { takenAt: number; id: string } | null = null;
      let month: string | null = null;
      for (;;) {
        const page = await deps.accountData.filesPage(userId, job.id, state, after, PAGE);
        for (const file of page) {
          let path: string;
          if (state === 'trashed') path = trashFolder;
          else if (livePath !== null) path = livePath;
          else if (file.type === 'Documents') path = `${folder}documents/`;
          else {
            const yyyymm = file.taken_month || monthOf(file.taken_at);
            const year = String(Math.floor(yyyymm / 100)).padStart(4, '0');
            path = `${folder}media/${year}/${String(yyyymm % 100).padStart(2, '0')}/`;
            // Files come by taken time: a month left is never come back to.
            if (month !== null && month !== path) books.delete(month);
            month = path;
          }
          await addFile(file, job, path);
        }
        const last = page.at(-1);
        if (!last || page.length < PAGE) break;
        after = { takenAt: last.taken_at, id: last.id };
      }
    }
    for (const path of books.keys()) if (path !== trashFolder) books.delete(path);
  }

  const { count, bytes } = writer.listed();
  manifest.add(manifestFooter(count, bytes, omitted));
  const digest = manifest.done();
  await writer.add({
    name: `${folder}manifest.json`,
    size: digest.size,
    crc32: digest.crc32,
    sha256: digest.sha256,
    mtime: createdAt,
    source: MANIFEST_SOURCE,
    body: null,
  });
  return { ...(await writer.finish()), omitted };
}
