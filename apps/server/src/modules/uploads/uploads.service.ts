import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  MAX_UPLOAD_BYTES,
  extensionOf,
  fileNameOf,
  fileTypeOfExtension,
  isScreenshotName,
  monthOf,
  type DuplicatePolicy,
  type FilesDedupBody,
  type UploadFields,
  type UploadResult,
} from '@trove/contract';
import type { Access } from '../../access/access.ts';
import type { Repositories } from '../repositories.ts';
import {
  ChecksumMismatchError,
  FileTooLargeError,
  QuotaExceededError,
  UnsupportedFileError,
  EmptyFileError,
} from '../../errors.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { isContentAllowed } from '../../media/sniff.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { ChangeWriter } from '../changes/change-writer.ts';
import { recordFileAdded } from '../files/file-records.ts';
import type { BlobRow, FileRow } from '../files/files.repository.ts';
import type { JobRow } from '../jobs/jobs.repository.ts';
import type { SignedInCaller } from '../../access/caller.ts';
import type { UploadMeter } from '../../metrics/metrics.ts';
import { WORK_CHANNEL } from '../../queue/work-queue.ts';
import { feed } from '../../storage/feed.ts';
import { HEAD_BYTES, InspectStream, TooLargeError } from './inspect-stream.ts';

/** What the upload knows of a file before it is committed. */
interface Incoming {
  path: string;
  size: number;
  sha1: string;
  type: 'Pictures' | 'Movies' | 'Documents';
  mtimeMs: number;
  ctimeMs: number;
  policy: DuplicatePolicy;
  group: { type: 'live' | 'burst'; id: string; master: boolean } | null;
}

/** What the server learnt of received bytes. */
interface Digest {
  sha1: string;
  size: number;
  /** The first HEAD_BYTES, for sniffing. */
  head: Buffer;
}

/**
 * Uploads and deduplication (spec 000 §4 Upload item, §5, §7). [Note: Upload atomicity]
 * Bytes stream to the blob store, which makes them durable before it answers; only then
 * does one transaction reserve quota, insert the blob and file rows, append the change and
 * queue the media work. A crash before the commit leaves an orphan blob for `trove fsck`,
 * never a visible file without bytes; after the commit the upload is acknowledged.
 */
export function createUploadsService(deps: {
  repos: Pick<Repositories, 'accounts' | 'files' | 'jobs'>;
  /** The transactions that add files; see [Note: Change records]. */
  changeWriter: ChangeWriter<Repositories>;
  access: Access;
  store: BlobStore;
  /** Wakes the media workers once a work item is queued. */
  bus: EventBus;
  baseQuotaBytes: number;
  now: () => number;
  /** Counts accepted uploads, multipart and resumable alike (see [Note: Metrics]). */
  meter?: UploadMeter;
}) {
  const { repos, changeWriter, store, bus, now } = deps;

  async function writableJob(auth: SignedInCaller, jobId: string) {
    return (await deps.access.requireJob(auth, jobId, 'addPhotos')).job;
  }

  /**
   * The checks that need no bytes (spec 000 §5 server side): the job takes uploads from the
   * caller, the type is supported, and `bytes` fit the caller's remaining storage.
   */
  async function precheck(auth: SignedInCaller, jobId: string, path: string, bytes: number): Promise<JobRow> {
    const job = await writableJob(auth, jobId);
    const ext = extensionOf(path);
    if (!fileTypeOfExtension(ext))
      throw new UnsupportedFileError(`Files of type .${ext || '?'} are not supported`);
    const user = await repos.accounts.findById(auth.userId);
    const max = user?.max_space ?? deps.baseQuotaBytes;
    if (user && user.used_space + bytes > max) throw new QuotaExceededError();
    return job;
  }

  /** The policy's answer when the job already has (or had) this content. */
  function duplicateAnswer(existing: FileRow | undefined, policy: DuplicatePolicy): UploadResult | undefined {
    if (!existing || policy === 'allow_duplicates') return undefined;
    if (existing.state === 'active') return { status: 'exists', uuid: existing.id };
    if (policy === 'once_only') return { status: 'trashed', uuid: existing.id };
    return undefined;
  }

  /** Inserts the file (and its blob when new) in one transaction; see the Note above. */
  async function commit(auth: SignedInCaller, job: JobRow, incoming: Incoming, newBlob?: BlobRow) {
    type Committed = { answer: UploadResult; blobUsed: boolean; isQueued: boolean };
    const result = await changeWriter.transact(async (tx, changes): Promise<Committed> => {
      const answer = duplicateAnswer(await tx.files.findByChecksum(job.id, incoming.sha1), incoming.policy);
      if (answer) return { answer, blobUsed: false, isQueued: false };
      let blob = await tx.files.findOwnerBlob(auth.userId, incoming.sha1);
      let blobUsed = false;
      let isQueued = false;
      if (!blob) {
        if (!newBlob) return { answer: { status: 'not_found', uuid: null }, blobUsed, isQueued };
        if (!(await tx.accounts.reserveSpace(auth.userId, newBlob.size, deps.baseQuotaBytes))) {
          throw new QuotaExceededError();
        }
        await tx.files.insertBlob(newBlob);
        await tx.workItems.enqueue({ kind: 'media', payload: { blobId: newBlob.id }, now: now() });
        blob = newBlob;
        blobUsed = true;
        isQueued = true;
      }
      let file = fileRow(auth, job.id, incoming, blob, now());
      if (!blobUsed && file.media_status === 'pending') {
        // Known bytes (dedup, a re-upload of a trashed file): the media facts are the
        // blob's, so take them from a processed sibling; if none is processed yet, queue
        // the blob again, since the running job may already have passed this row by.
        const sibling = await tx.files.findProcessedOfBlob(blob.id);
        if (sibling) file = { ...file, ...mediaFactsOf(sibling) };
        else {
          await tx.workItems.enqueue({ kind: 'media', payload: { blobId: blob.id }, now: now() });
          isQueued = true;
        }
      }
      await tx.files.insertFile(file);
      await recordFileAdded(tx, changes, file, {
        by: auth.userId,
        at: file.uploaded_at,
        isRollback: false,
        isTimeline: job.type === 'timeline',
      });
      return { answer: { status: 'processing', uuid: file.id }, blobUsed, isQueued };
    });
    if (result.isQueued) await bus.publish(WORK_CHANNEL, 'media');
    return result;
  }

  /** The client's checksum and the content sniff (spec 000 §5 server side). */
  function verify(fields: UploadFields, digest: Digest): 'Pictures' | 'Movies' | 'Documents' {
    // Nothing to sniff, so no type: said as such, not as an unsupported type (issue #23).
    if (digest.size === 0) throw new EmptyFileError();
    if (fields.checksum && fields.checksum !== digest.sha1) {
      throw new ChecksumMismatchError();
    }
    const verdict = isContentAllowed(extensionOf(fields.path), digest.head);
    if (!verdict.ok) throw new UnsupportedFileError(verdict.reason);
    return verdict.type;
  }

  /** Verifies stored bytes and commits them as a file; the blob goes unless the file uses it. */
  async function accept(
    auth: SignedInCaller,
    job: JobRow,
    fields: UploadFields,
    key: string,
    digest: Digest,
  ): Promise<UploadResult> {
    const discard = () => store.delete(key);
    try {
      const type = verify(fields, digest);
      const t = now();
      const blob: BlobRow = {
        id: randomUUID(),
        owner_id: auth.userId,
        store_key: key,
        size: digest.size,
        sha1: digest.sha1,
        sha256: null,
        crc32: null,
        created_at: t,
      };
      const incoming = toIncoming(fields, { size: digest.size, sha1: digest.sha1, type }, t);
      const { answer, blobUsed } = await commit(auth, job, incoming, blob);
      if (!blobUsed) await discard();
      deps.meter?.accepted(answer.status === 'processing' ? 'added' : 'duplicate', digest.size);
      return answer;
    } catch (error) {
      await discard();
      throw error;
    }
  }

  return {
    precheck,

    /** POST /jobs/{id}/upload: streams the file to storage, then commits it. */
    async upload(
      auth: SignedInCaller,
      jobId: string,
      fields: UploadFields,
      source: Readable,
      declaredSize?: number,
    ): Promise<UploadResult> {
      const job = await precheck(auth, jobId, fields.path, declaredSize ?? 0);

      const inspect = new InspectStream(MAX_UPLOAD_BYTES);
      const stopFeeding = feed(source, inspect);
      let info;
      try {
        info = await store.put(inspect);
      } catch (error) {
        stopFeeding();
        if (error instanceof TooLargeError) throw new FileTooLargeError();
        throw error;
      }
      return accept(auth, job, fields, info.key, inspect.result());
    },

    /**
     * A complete local file (a finished resumable upload) through the same checks and commit
     * as `upload`, taken into the store without copying where it can (BlobStore.adopt). The
     * file stays; `sha1` is the digest the caller already computed of it, if any.
     */
    async uploadFile(
      auth: SignedInCaller,
      jobId: string,
      fields: UploadFields,
      file: string,
      sha1?: string,
    ): Promise<UploadResult> {
      const { size } = await fs.promises.stat(file);
      const job = await precheck(auth, jobId, fields.path, size);
      if (size > MAX_UPLOAD_BYTES) throw new FileTooLargeError();
      const digest = { sha1: sha1 ?? (await sha1OfFile(file)), size, head: await headOfFile(file) };
      // Checked before the store takes the bytes: for S3 that is a whole upload saved.
      verify(fields, digest);
      const info = await store.adopt(file);
      return accept(auth, job, fields, info.key, digest);
    },

    /** POST /jobs/{id}/files_dedup: adds a file the owner already has, without any bytes. */
    async dedup(auth: SignedInCaller, jobId: string, body: FilesDedupBody): Promise<UploadResult> {
      const job = await writableJob(auth, jobId);
      const ext = extensionOf(body.path);
      const type = fileTypeOfExtension(ext);
      if (!type) throw new UnsupportedFileError(`Files of type .${ext || '?'} are not supported`);
      const blob = await repos.files.findOwnerBlob(auth.userId, body.checksum);
      const incoming = toIncoming(
        {
          ...body,
          master: body.master === undefined ? undefined : String(body.master) === '1' ? '1' : '0',
        },
        { size: blob?.size ?? 0, sha1: body.checksum, type },
        now(),
      );
      const { answer } = await commit(auth, job, incoming);
      return answer;
    },
  };
}
export type UploadsService = ReturnType<typeof createUploadsService>;

function toIncoming(
  fields: Pick<UploadFields, 'path' | 'mtime' | 'ctime' | 'policy' | 'group_type' | 'group_id' | 'master'>,
  content: { size: number; sha1: string; type: Incoming['type'] },
  nowMs: number,
): Incoming {
  // Clients send seconds (spec 000 §3); anything absurd falls back to the upload time.
  const toMs = (s: number | undefined) => (s && s > 0 && s < 1e11 ? s * 1000 : nowMs);
  const group =
    fields.group_type && fields.group_id
      ? { type: fields.group_type, id: fields.group_id, master: fields.master === '1' }
      : null;
  return {
    path: fields.path,
    size: content.size,
    sha1: content.sha1,
    type: content.type,
    mtimeMs: toMs(fields.mtime),
    ctimeMs: toMs(fields.ctime ?? fields.mtime),
    // Group members must not be deduplicated into another group (spec 000 §7).
    policy: group ? 'no_duplicates' : fields.policy,
    group,
  };
}

/**
 * What the media worker learnt from a blob, as another file of it holds it. The taken time
 * comes along only when it came from the content (EXIF): without EXIF a file's taken time
 * is its own mtime, which the sibling's is not.
 */
export function mediaFactsOf(sibling: FileRow): Partial<FileRow> {
  const fromContent = sibling.taken_at !== sibling.mtime;
  return {
    width: sibling.width,
    height: sibling.height,
    duration: sibling.duration,
    metadata: sibling.metadata,
    thumbhash: sibling.thumbhash,
    media_status: sibling.media_status,
    ...(fromContent && { taken_at: sibling.taken_at, taken_month: sibling.taken_month }),
  };
}

function fileRow(auth: SignedInCaller, jobId: string, incoming: Incoming, blob: BlobRow, t: number): FileRow {
  return {
    id: randomUUID(),
    job_id: jobId,
    blob_id: blob.id,
    added_by: auth.userId,
    uploaded_by: auth.userId,
    source_file_id: null,
    path: incoming.path,
    name: fileNameOf(incoming.path),
    type: incoming.type,
    size: blob.size,
    sha1: blob.sha1,
    ctime: incoming.ctimeMs,
    mtime: incoming.mtimeMs,
    uploaded_at: t,
    taken_at: incoming.mtimeMs,
    taken_month: monthOf(incoming.mtimeMs),
    width: 0,
    height: 0,
    duration: 0,
    is_screenshot: isScreenshotName(incoming.path) ? 1 : 0,
    group_type: incoming.group?.type ?? null,
    group_id: incoming.group?.id ?? null,
    master: incoming.group?.master ? 1 : 0,
    metadata: null,
    thumbhash: null,
    media_status: incoming.type === 'Documents' ? 'ready' : 'pending',
    state: 'active',
    dtime: null,
  };
}

async function sha1OfFile(file: string): Promise<string> {
  const hash = createHash('sha1');
  await pipeline(fs.createReadStream(file, { highWaterMark: 1024 * 1024 }), hash);
  return hash.digest('hex');
}

async function headOfFile(file: string): Promise<Buffer> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
