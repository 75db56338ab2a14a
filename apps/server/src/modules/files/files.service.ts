import type {
  FileAlbums,
  FileList,
  FilesQuery,
  MultiRollbackResponse,
  RemoteFile,
  TimelineMonth,
  TimelineMonths,
  VideoCheckResponse,
} from '@trove/contract';
import { AlbumFileSort, extensionOf } from '@trove/contract';
import type { Access, JobAction } from '../../access/access.ts';
import type { Caller, SignedInCaller } from '../../access/caller.ts';
import type { Repositories } from '../repositories.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import { isOverQuota } from '../accounts/quota.ts';
import type { ChangeWriter } from '../changes/change-writer.ts';
import type { MediaLinks, SessionLinks } from '../media/media-links.ts';
import { dropDerivedFiles, reconcileDerivedShares } from '../shares/derived-shares.ts';
import {
  counterOf,
  fileViewerOf,
  recordFileAdded,
  seesFileDetails,
  uploaderOf,
  withoutPosition,
  type FileViewer,
} from './file-records.ts';
import type { FileRow, FilesCursor } from './files.repository.ts';

const s = (ms: number) => Math.floor(ms / 1000);

/** Originals the worker also renders as a JPEG. */
const HEIF_EXTENSIONS = new Set(['heic', 'heif', 'hif']);

/** How many jobs' month overviews one process keeps. */
const MONTHS_CACHE_JOBS = 1000;

/**
 * The wire shape of a file (spec 000 §3 File), with fresh signed media paths; the folder path
 * and adder only for a `viewer` who may see them ([Note: Who sees a file's details]).
 */
export function toRemoteFile(file: FileRow, links: SessionLinks, viewer: FileViewer): RemoteFile {
  const ready = file.media_status === 'ready' && file.type !== 'Documents';
  const details = seesFileDetails(file, viewer);
  return {
    id: file.id,
    job: file.job_id,
    path: details ? file.path : file.name,
    name: file.name,
    size: file.size,
    checksum: file.sha1,
    ctime: s(file.ctime),
    mtime: s(file.mtime),
    uploaded: s(file.uploaded_at),
    taken: s(file.taken_at),
    duration: file.duration,
    user_uuid: details ? file.added_by : '',
    width: file.width,
    height: file.height,
    type: file.type === 'Movies' ? 'Movies' : file.type === 'Documents' ? 'Documents' : 'Pictures',
    is_screenshot: file.is_screenshot === 1,
    group_type: file.group_type === 'live' || file.group_type === 'burst' ? file.group_type : null,
    group_id: file.group_id,
    master: file.master === 1,
    media_status:
      file.media_status === 'ready' ? 'ready' : file.media_status === 'failed' ? 'failed' : 'pending',
    thumbhash: file.thumbhash,
    thumb_url_small: ready ? links.thumb(file.id, '256') : null,
    thumb_url_large: ready ? links.thumb(file.id, '1280') : null,
    file_url: links.original(file.job_id, file.id),
    jpeg_url: ready && HEIF_EXTENSIONS.has(extensionOf(file.name)) ? links.jpeg(file.job_id, file.id) : null,
    video_url: ready && file.type === 'Movies' ? links.preview(file.job_id, file.id) : null,
  };
}

/**
 * Cursor of the file list, opaque to clients: the order's letter, the last file's sort
 * value (taken or upload time) and id. A cursor of another order is refused; the older
 * form `<taken>:<id>` still continues the default order.
 */
const SORT_LETTER = { ADDED: 'a', OLDEST_TAKEN: 'o', NEWEST_TAKEN: 'n' } as const;
function encodeCursor(file: FileRow, sort: AlbumFileSort): string {
  const value = sort === 'ADDED' ? file.uploaded_at : file.taken_at;
  return Buffer.from(`${SORT_LETTER[sort]}:${String(value)}:${file.id}`).toString('base64url');
}
function decodeCursor(cursor: string, sort: AlbumFileSort): FilesCursor {
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split(':');
  const [letter, value, id] = parts.length === 2 ? [SORT_LETTER.NEWEST_TAKEN, ...parts] : parts;
  const n = Number(value);
  if (!id || !Number.isSafeInteger(n) || letter !== SORT_LETTER[sort])
    throw new ValidationError('Invalid cursor');
  return { sort, value: n, id };
}

/** Files of a job: listing, metadata, delete to trash, and restore (spec 000 §7 Jobs). */
export function createFilesService(deps: {
  repos: Pick<Repositories, 'accounts' | 'files' | 'jobs' | 'media'>;
  access: Access;
  /** The transactions that change files; see [Note: Change records]. */
  changeWriter: ChangeWriter<Repositories>;
  baseQuotaBytes: number;
  links: MediaLinks;
  now: () => number;
}) {
  const { repos, changeWriter, links, now } = deps;
  const monthsCache = new Map<string, { serial: number; value: TimelineMonths }>();

  const jobFor = (caller: Caller, jobId: string, action: JobAction) =>
    deps.access.requireJob(caller, jobId, action);

  return {
    /**
     * GET /jobs/{id}/files: a page of active files in the asked order (else the album's
     * sort_order, else newest taken first), and the serial.
     */
    async list(caller: Caller, jobId: string, query: FilesQuery): Promise<FileList & { serial: number }> {
      const { job, mediaScope } = await jobFor(caller, jobId, 'read');
      const viewer = fileViewerOf(caller, job);
      const sort = query.sort ?? AlbumFileSort.safeParse(job.sort_order).data ?? 'NEWEST_TAKEN';
      const rows = await repos.files.listActive(
        jobId,
        {
          ...(query.start !== undefined && { startMs: query.start * 1000 }),
          ...(query.end !== undefined && { endMs: query.end * 1000 }),
          ...(query.uploaded_since !== undefined && { uploadedSinceMs: query.uploaded_since * 1000 }),
          ...(query.cursor !== undefined && { after: decodeCursor(query.cursor, sort) }),
          ...(query.filter !== undefined && { filter: query.filter }),
          sort,
        },
        query.limit + 1,
      );
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      // The listing's URLs live no longer than the caller's access (see [Note: Media URLs]).
      const sessionLinks = links.forSession(mediaScope);
      return {
        files: page.map((file) => toRemoteFile(file, sessionLinks, viewer)),
        next_cursor: rows.length > query.limit && last ? encodeCursor(last, sort) : null,
        serial: job.last_event_serial,
      };
    },

    /**
     * GET /jobs/{id}/timeline/months: counts per taken month, newest first. Every change of
     * a job's files bumps its serial, so an answer cached under the serial is never stale,
     * and a timeline of 100k files is counted once per change, not once per request.
     */
    async months(caller: Caller, jobId: string): Promise<TimelineMonths> {
      const { job } = await jobFor(caller, jobId, 'read');
      const cached = monthsCache.get(jobId);
      if (cached?.serial === job.last_event_serial) return cached.value;
      const value = tallyMonths(await repos.files.countByMonth(jobId));
      monthsCache.set(jobId, { serial: job.last_event_serial, value });
      // Bounded: the entry stored longest ago goes first (a Map keeps insertion order).
      const oldest = monthsCache.keys().next();
      if (monthsCache.size > MONTHS_CACHE_JOBS && !oldest.done) monthsCache.delete(oldest.value);
      return value;
    },

    /** GET /jobs/{id}/files_by_id/{fileId}/v_check: is the video's preview ready? */
    async videoCheck(caller: Caller, jobId: string, fileId: string): Promise<VideoCheckResponse> {
      await jobFor(caller, jobId, 'read');
      const file = await repos.files.findFile(jobId, fileId);
      if (file?.state !== 'active' || file.type !== 'Movies') throw new NotFoundError();
      if (file.media_status === 'failed') return { result: 'error' };
      const preview = await repos.media.findDerivative(file.blob_id, 'preview');
      return { result: preview ? 'ready' : 'queued' };
    },

    /**
     * GET /jobs/{id}/metadata/{fileId} (spec 000 §3 Metadata). Where a photo was taken is its
     * uploader's to see: everyone else (album members, visitors, share recipients) gets the
     * camera facts without the position (RESEARCH-RELIABILITY: GPS on shares).
     */
    async metadata(caller: Caller, jobId: string, fileId: string): Promise<Record<string, unknown>> {
      await jobFor(caller, jobId, 'read');
      const file = await repos.files.findFile(jobId, fileId);
      if (file?.state !== 'active') throw new NotFoundError();
      const all = file.metadata ? (JSON.parse(file.metadata) as Record<string, unknown>) : {};
      // The uploader, not whoever added this row: a copy's adder never took the photo.
      if (caller.userId !== null && caller.userId === uploaderOf(file)) return all;
      return withoutPosition(all);
    },

    /**
     * GET /jobs/{id}/files_by_id/{fileId}/albums (issue #27): the caller's albums that hold
     * this file's content and that the caller may add photos to, where the photo editor puts
     * its copy too. The file must be one the caller may read: else, as for a missing file,
     * not found, and nothing is told.
     */
    async albumsOf(caller: SignedInCaller, jobId: string, fileId: string): Promise<FileAlbums> {
      await jobFor(caller, jobId, 'read');
      const file = await repos.files.findFile(jobId, fileId);
      if (file?.state !== 'active') throw new NotFoundError();
      const albums = [];
      for (const album of await repos.files.albumsHoldingContent(caller.userId, file.sha1)) {
        if (await deps.access.findGrant(caller, album.id, 'addPhotos'))
          albums.push({ id: album.id, name: album.title });
      }
      return { albums };
    },

    /** One file of a job the caller may read; trashed files are not found here. */
    async get(caller: Caller, jobId: string, fileId: string): Promise<FileRow> {
      await jobFor(caller, jobId, 'read');
      const file = await repos.files.findFile(jobId, fileId);
      if (file?.state !== 'active') throw new NotFoundError();
      return file;
    },

    /**
     * DELETE /jobs/{id}/files_by_id/{fileId}: moves the file to the trash (type 1 change).
     * Removing the last file of an album deletes the album, in the same transaction
     * (spec 000 §4 Album create), when the caller may delete the album: a participant
     * removing their own last photo must not delete somebody else's album.
     */
    async trash(caller: SignedInCaller, jobId: string, fileId: string): Promise<void> {
      const grant = await jobFor(caller, jobId, 'read');
      const { job } = grant;
      await changeWriter.transact(async (tx, changes) => {
        const file = await tx.files.findFile(jobId, fileId);
        // Own files or any, as the access table says (spec 000 §6); no right reads as missing.
        if (file?.state !== 'active' || !grant.canDeleteFile(file)) throw new NotFoundError();
        const t = now();
        await tx.files.setState(file.id, 'trashed', t);
        if (job.type === 'timeline') await tx.accounts.addToCounter(file.added_by, counterOf(file), -1);
        await changes.fileRemoved(file, { by: caller.userId, at: t });
        // A photo its owner deletes from their library leaves the links they shared it by at
        // once (issue #15, [Note: Shares]); a restore does not put it back in them.
        if (job.type === 'timeline')
          for (const copy of await tx.files.removeFromLiveShares(job.owner_id, file.blob_id))
            await changes.fileRemoved(copy, { by: caller.userId, at: t });
        // A file that leaves an album leaves the shares made of it there ([Note: Derived shares]).
        await dropDerivedFiles(tx, changes, [file.id], { by: caller.userId, at: t });
        if (job.type === 'story' && grant.can('deleteAlbum') && (await tx.files.countActive(jobId)) === 0) {
          await tx.jobs.update(jobId, { deleted_at: t });
          await changes.eventMarker(jobId, { by: caller.userId, at: t, data: { event: 'deleted' } });
          await reconcileDerivedShares(tx, changes, jobId, { by: caller.userId, at: t });
        }
      });
    },

    /**
     * POST /jobs/{id}/multi_rollback: restores trashed files, each answered on its own; each
     * is refused with `quota_exceeded` while the account is over its quota (`isOverQuota`).
     */
    async restore(
      caller: SignedInCaller,
      jobId: string,
      fileIds: readonly string[],
    ): Promise<MultiRollbackResponse> {
      const { job } = await jobFor(caller, jobId, 'restoreFile');
      const overQuota = await isOverQuota(repos, caller.userId, deps.baseQuotaBytes);
      const results: MultiRollbackResponse['results'] = [];
      for (const fileId of fileIds) {
        const outcome = await changeWriter.transact(async (tx, changes) => {
          const file = await tx.files.findFile(jobId, fileId);
          if (!file) return 'file_not_found';
          if (file.state === 'active') return 'ok';
          if (overQuota) return 'quota_exceeded';
          await tx.files.setState(file.id, 'active', null);
          await recordFileAdded(tx, changes, file, {
            by: caller.userId,
            at: now(),
            isRollback: true,
            isTimeline: job.type === 'timeline',
          });
          return 'ok';
        });
        results.push(
          outcome === 'ok'
            ? { file_uuid: fileId, status: 'ok' }
            : { file_uuid: fileId, status: 'error', error_reason: outcome },
        );
      }
      const user = await repos.accounts.findById(caller.userId);
      return {
        results,
        quota: { used_space: user?.used_space ?? 0, max_space: user?.max_space ?? deps.baseQuotaBytes },
      };
    },
  };
}
export type FilesService = ReturnType<typeof createFilesService>;

/** Folds the per-month, per-type counts into the month overview (spec 000 §3 types). */
function tallyMonths(
  rows: { taken_month: number; type: string; is_screenshot: number; n: number }[],
): TimelineMonths {
  const byMonth = new Map<number, TimelineMonth>();
  for (const row of rows) {
    let entry = byMonth.get(row.taken_month);
    if (!entry) {
      const year = Math.floor(row.taken_month / 100);
      const month = row.taken_month % 100;
      entry = {
        year,
        month,
        start: Date.UTC(year, month - 1, 1) / 1000,
        end: Date.UTC(year, month, 1) / 1000,
        pictures: 0,
        videos: 0,
        screenshots: 0,
        documents: 0,
      };
      byMonth.set(row.taken_month, entry);
    }
    if (row.type === 'Movies') entry.videos += row.n;
    else if (row.type === 'Documents') entry.documents += row.n;
    else if (row.is_screenshot === 1) entry.screenshots += row.n;
    else entry.pictures += row.n;
  }
  return { months: [...byMonth.values()] };
}
