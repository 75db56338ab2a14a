import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  APP_BASE_PATH,
  DOWNLOAD_MAX_BYTES,
  DOWNLOAD_MAX_ITEMS,
  isUnnamedTitle,
  type ArchiveMode,
  type ArchiveOptions,
  type PreparedArchive,
} from '@trove/contract';
import { canServeSignedMedia, canServeTrashedMedia, type Access } from '../../access/access.ts';
import type { Caller, SignedInCaller } from '../../access/caller.ts';
import { MEDIA_URL_MAX_AGE_MS, type MediaSigner, type PresentedSignature } from '../../access/media-urls.ts';
import type { Repositories } from '../repositories.ts';
import { DownloadLimitError, NotFoundError, RateLimitedError } from '../../errors.ts';
import { QuotaExceeded, type QuotaCharge, type Quotas } from '../../identity/quota.ts';
import { clientAddressKey } from '../../identity/throttle.ts';
import type { BlobStore, ByteRange } from '../../storage/blob-store.ts';
import { createOriginals } from '../media/originals.ts';
import { archiveTag, entriesOf } from './archive-entries.ts';
import type { ArchiveFileRow } from './archives.repository.ts';
import { safeSegment } from './names.ts';
import { layoutZip } from './zip/zip-layout.ts';
import { streamZip } from './zip/zip-stream.ts';

const HOUR = 3_600_000;

/**
 * Archives prepared (issue #23: a visitor prepared 60 archives of 500 files in 3.5 s, each a
 * stored row for hours). Only new rows count ([Note: Quotas]); asking again for the same
 * archive folds onto its row:
 * - per client address 100 an hour: far more than anyone downloads by hand, and at most 100
 *   rows (a few MB) per address at any time;
 * - per album 300 an hour from its visitors, whatever their addresses; the owner and members
 *   are never counted there, so visitors cannot shut them out.
 */
export const ARCHIVE_LIMITS = { perClientHour: 100, perAlbumHour: 300 } as const;

/**
 * The id of an archive: one per caller scope, job, mode, file list and options, so the same
 * request answers the same row (the URL's signature, not the id, is what grants access).
 */
function archiveIdOf(input: {
  scope: string;
  jobId: string | null;
  userId: string | null;
  mode: Mode;
  fileIds: readonly string[];
  options: ArchiveOptions;
  name: string;
}): string {
  const key = JSON.stringify([
    input.scope,
    input.jobId,
    input.userId,
    input.mode,
    input.fileIds,
    Object.entries(input.options).sort(([a], [b]) => a.localeCompare(b)),
    input.name,
  ]);
  return createHash('sha256').update(key).digest('base64url').slice(0, 22);
}

/** An archive ready to stream: its name, exact size, validator and bytes from any offset. */
export interface ArchiveBody {
  fileName: string;
  size: number;
  etag: string;
  open(range?: ByteRange): Readable;
}

type Mode = ArchiveMode | 'trash';
/** What an archive row keeps of the request (the `options` column). */
interface Stored {
  options: ArchiveOptions;
}

/**
 * Zip downloads (spec 000 §7 download host, issue #14). Preparing checks access and the
 * limits of spec 000 §5/§9, lays the archive out (so the size is exact and every CRC known,
 * see [Note: Zip layout]) and hands back a signed URL; the URL names a stored archive row
 * because 500 file ids do not fit a URL. Streaming checks the signature and the job again:
 * a file deleted since, or an album no longer shared, is not served.
 */
export function createArchivesService(deps: {
  repos: Pick<Repositories, 'archives' | 'jobs'>;
  access: Access;
  store: BlobStore;
  signer: MediaSigner;
  quotas: Quotas;
  now: () => number;
}) {
  const { repos, access, store, signer, quotas, now } = deps;
  const originals = createOriginals(store);
  const entryDeps = { archives: repos.archives, store, originals };

  /** The limits of spec 000 §5/§9 over the files found (never over what the caller may not see). */
  function checkLimits(files: readonly ArchiveFileRow[], album: boolean) {
    if (files.length > DOWNLOAD_MAX_ITEMS) throw new DownloadLimitError('files', album);
    const bytes = files.reduce((sum, file) => sum + file.file_size, 0);
    if (bytes > DOWNLOAD_MAX_BYTES) throw new DownloadLimitError('size', album);
  }

  /** Counts a new archive row per client address and, for visitors, per album. */
  async function takeQuotas(clientIp: string, sharedJob: string | null) {
    const L = ARCHIVE_LIMITS;
    const charges: QuotaCharge[] = [
      {
        key: `archive-client:${clientAddressKey(clientIp)}`,
        limit: L.perClientHour,
        windowMs: HOUR,
        units: 1,
      },
    ];
    if (sharedJob !== null)
      charges.push({ key: `archive-job:${sharedJob}`, limit: L.perAlbumHour, windowMs: HOUR, units: 1 });
    await quotas.take(charges).catch((error: unknown) => {
      throw error instanceof QuotaExceeded ? new RateLimitedError(error.retryAfterSeconds) : error;
    });
  }

  async function prepareRow(input: {
    /** Where the request came from, for the count per client. */
    clientIp: string;
    /** The job whose shared budget the request is counted in, if any (see ARCHIVE_LIMITS). */
    sharedJob: string | null;
    jobId: string | null;
    userId: string | null;
    /** The owner of the job (of the trash: the caller), who sees the files' folders. */
    jobOwner: string;
    scope: string;
    mode: Mode;
    fileIds: string[];
    options: ArchiveOptions;
    name: string;
    files: readonly ArchiveFileRow[];
  }): Promise<PreparedArchive> {
    const t = now();
    await repos.archives.deleteExpired(t);
    // Laid out now: missing CRCs are computed here, before the URL is handed out.
    const entries = await entriesOf(entryDeps, input.files, input.options, {
      mode: input.mode,
      name: input.name,
      viewer: input.userId,
      jobOwner: input.jobOwner,
    });
    const layout = layoutZip(entries);
    // The same request by the same caller folds onto one row (issue #23): asking again
    // stores nothing new and is not counted.
    const id = archiveIdOf(input);
    const existing = await repos.archives.find(id);
    if (!existing) await takeQuotas(input.clientIp, input.sharedJob);
    await repos.archives.upsert({
      id,
      job_id: input.jobId,
      user_id: input.userId,
      mode: input.mode,
      file_ids: JSON.stringify(input.fileIds),
      options: JSON.stringify({ options: input.options } satisfies Stored),
      name: input.name,
      created_at: t,
      expires_at: t + MEDIA_URL_MAX_AGE_MS,
    });
    const signature = signer.sign(id, 'archive', input.scope);
    const query = new URLSearchParams({
      archive: id,
      exp: String(signature.exp),
      sid: input.scope,
      sig: signature.sig,
    });
    const path =
      input.jobId === null ? 'files_from_trash_as_archive' : `jobs/${input.jobId}/files_as_archive`;
    return {
      url: `${APP_BASE_PATH}/${path}?${query.toString()}`,
      file_name: `${input.name}.zip`,
      size: layout.size,
      count: entries.length,
    };
  }

  return {
    /**
     * POST /jobs/{id}/files_as_archive: the caller's download of files of one job (or all of
     * them, which spec 000 §5 limits like an album). Ids the caller cannot see are left out;
     * when none is left the answer is the one a missing job gets.
     */
    async prepare(
      caller: Caller,
      jobId: string,
      request: ArchiveOptions & { file_ids?: string[] | undefined; mode: ArchiveMode },
    ): Promise<PreparedArchive> {
      // An export is of a deleted album, by its owner, from the trash (spec 000 §2 trash
      // albums: per-album menu restore/export/delete); every other mode of a live job.
      const exporting = request.mode === 'export';
      const grant = await access.requireJob(caller, jobId, exporting ? 'exportDeletedAlbum' : 'download');
      const whole = request.file_ids === undefined;
      if (request.file_ids !== undefined && request.file_ids.length > DOWNLOAD_MAX_ITEMS)
        throw new DownloadLimitError('files', false);
      const found = exporting
        ? await repos.archives.deletedAlbumFiles(jobId, request.file_ids)
        : await repos.archives.activeFiles(jobId, request.file_ids);
      const files = inOrderAsked(found, request.file_ids);
      checkLimits(files, whole);
      if (files.length === 0) throw new NotFoundError();
      const { file_ids: _ids, mode, ...options } = request;
      // spec 000 §3: __new_album__ is no name, never a zip's (issue #23).
      const fallback =
        grant.job.type === 'story' && !isUnnamedTitle(grant.job.title) ? grant.job.title : 'Trove';
      return prepareRow({
        clientIp: caller.clientIp,
        // The owner and members are never refused for the visitors' downloads.
        sharedJob: ['owner', 'participant', 'readOnly', 'sharer'].includes(grant.role) ? null : jobId,
        jobId,
        userId: caller.userId,
        jobOwner: grant.job.owner_id,
        scope: grant.mediaScope,
        mode,
        fileIds: files.map((file) => file.id),
        options,
        name: safeSegment(request.zip_filename ?? fallback, 'Trove'),
        files,
      });
    },

    /** POST /files_from_trash_as_archive: files of the caller's own trash (spec 000 §6). */
    async prepareTrash(
      caller: SignedInCaller,
      request: ArchiveOptions & { file_ids: string[] },
    ): Promise<PreparedArchive> {
      if (request.file_ids.length > DOWNLOAD_MAX_ITEMS) throw new DownloadLimitError('files', false);
      const found = await repos.archives.trashedFiles(caller.userId, request.file_ids);
      const allowed = new Set<string>();
      for (const jobId of new Set(found.map((file) => file.job_id))) {
        if (await access.findGrant(caller, jobId, 'downloadTrash')) allowed.add(jobId);
      }
      const files = inOrderAsked(
        found.filter((file) => allowed.has(file.job_id)),
        request.file_ids,
      );
      checkLimits(files, false);
      if (files.length === 0) throw new NotFoundError();
      const { file_ids: _ids, ...options } = request;
      return prepareRow({
        clientIp: caller.clientIp,
        sharedJob: null,
        jobId: null,
        userId: caller.userId,
        jobOwner: caller.userId,
        // The owner's own session: no album epoch (see canServeTrashedMedia).
        scope: caller.sessionId,
        mode: 'trash',
        fileIds: files.map((file) => file.id),
        options,
        name: safeSegment(request.zip_filename ?? 'Trove', 'Trove'),
        files,
      });
    },

    /**
     * GET of a prepared archive's signed URL. Everything a bad signature, an expired or
     * unknown archive, a job gone or no longer shared with the URL's holder answers the same
     * 404; files deleted or restored since are left out (and the validator changes with them).
     */
    async open(jobId: string | null, archiveId: string, presented: PresentedSignature): Promise<ArchiveBody> {
      if (!signer.verify(archiveId, 'archive', presented)) throw new NotFoundError();
      const row = await repos.archives.find(archiveId);
      if (!row || row.expires_at < now() || row.job_id !== jobId) throw new NotFoundError();
      const ids = JSON.parse(row.file_ids) as string[];
      const { options } = JSON.parse(row.options) as Stored;
      let files: ArchiveFileRow[];
      // Whose folders the entry names may show: the trash's owner, or the job's.
      let jobOwner = row.user_id ?? '';
      if (row.job_id === null) {
        if (
          row.user_id === null ||
          !canServeTrashedMedia({ state: 'trashed' }, { deleted_at: null }, presented.sid)
        )
          throw new NotFoundError();
        files = inOrderAsked(await repos.archives.trashedFiles(row.user_id, ids), ids);
      } else if (row.mode === 'export') {
        // Only while the album is deleted, and to its owner's session (no album epoch).
        const found = await repos.jobs.findForCaller(row.job_id, null);
        if (!found || !canServeTrashedMedia({ state: 'active' }, found.job, presented.sid))
          throw new NotFoundError();
        jobOwner = found.job.owner_id;
        files = inOrderAsked(await repos.archives.deletedAlbumFiles(row.job_id, ids), ids);
      } else {
        const found = await repos.jobs.findForCaller(row.job_id, null);
        if (!found || !canServeSignedMedia(found.job, presented.sid, now())) throw new NotFoundError();
        jobOwner = found.job.owner_id;
        files = inOrderAsked(await repos.archives.activeFiles(row.job_id, ids), ids);
      }
      // Every file deleted (or restored out of the trash) since: nothing is left to send.
      if (files.length === 0) throw new NotFoundError();
      const entries = await entriesOf(entryDeps, files, options, {
        mode: row.mode as Mode,
        name: row.name,
        viewer: row.user_id,
        jobOwner,
      });
      const layout = layoutZip(entries);
      return {
        fileName: `${row.name}.zip`,
        size: layout.size,
        etag: archiveTag(entries),
        open: (range) => streamZip(layout, (source, part) => originals.openSource(source, part), range),
      };
    },
  };
}
export type ArchivesService = ReturnType<typeof createArchivesService>;

/**
 * Files in the order the client listed them (its order: the first of two equal names keeps it
 * unnumbered), or as found when it listed none. The stored list keeps this order, so the
 * archive is the same every time it is asked for.
 */
function inOrderAsked(files: ArchiveFileRow[], ids: readonly string[] | undefined): ArchiveFileRow[] {
  if (ids === undefined) return files;
  const rank = new Map(ids.map((id, i) => [id, i]));
  return files.sort((a, b) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0));
}
