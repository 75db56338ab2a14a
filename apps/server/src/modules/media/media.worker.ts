import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32 } from 'node:zlib';
import type { Repositories } from '../repositories.ts';
import type { WorkHandler } from '../../queue/work-queue.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { ChangeWriter } from '../changes/change-writer.ts';
import type { MediaFacts } from './media.repository.ts';
import type { RenditionMeter } from '../../metrics/metrics.ts';

/** A rendition the tools made: bytes in memory (thumbnails) or a file (video, JPEG). */
export type Rendition = { contentType: string } & ({ bytes: Buffer } | { path: string });

/** What the media tools learn from one original. */
export interface MediaAnalysis {
  width: number;
  height: number;
  /** Seconds; 0 for pictures (spec 000 §3). */
  duration: number;
  /** When it was taken (EXIF or container), ms since the epoch; undefined when unknown. */
  takenAt?: number;
  /** Camera metadata of spec 000 §3 (manufacturer, model, ISO, …). */
  metadata: Record<string, unknown>;
  thumbhash: string;
  /** Keyed by derivative kind: thumb256, thumb1280, and preview (video) or jpeg (HEIC). */
  renditions: Record<string, Rendition>;
}

/** The decoders, behind one seam so the worker needs no knowledge of sharp or ffmpeg. */
export interface MediaTools {
  analyze(input: {
    path: string;
    name: string;
    type: 'Pictures' | 'Movies';
    workDir: string;
    /** Aborts the decode (kills ffmpeg) when the worker stops (See: [Note: Work hand-back]). */
    signal?: AbortSignal;
  }): Promise<MediaAnalysis>;
  /** True for an error that retrying cannot fix (corrupt file, too many pixels). */
  isPermanent(error: unknown): boolean;
}

/**
 * The `media` work item (one per new blob): reads the original once, stores its renditions,
 * writes what it learnt to every file of the blob and tells the jobs' clients with a type 0
 * change carrying the new dimensions and taken time (clients update the file by id).
 * Retrying is safe: renditions already stored stay, facts are overwritten with the same;
 * two runs at once (a hand-back whose handler had not stopped yet) store each rendition
 * once (the loser of insertDerivative deletes its copy) and write the same facts twice.
 * Stopping (`signal`) kills ffmpeg and ends the read of the original; the work folder goes
 * either way.
 */
export function createMediaHandler(deps: {
  repos: Pick<Repositories, 'files' | 'media'>;
  /** Writes the facts and their type 0 records; see [Note: Change records]. */
  changeWriter: ChangeWriter<Repositories>;
  store: BlobStore;
  tools: MediaTools;
  workDir: string;
  now: () => number;
  /** Counts each rendition stored (see [Note: Metrics]). */
  meter?: RenditionMeter;
}): WorkHandler {
  const { repos, changeWriter, store, tools } = deps;

  async function storeRendition(blobId: string, kind: string, rendition: Rendition) {
    if (await repos.media.findDerivative(blobId, kind)) return;
    const source =
      'bytes' in rendition ? Readable.from([rendition.bytes]) : fs.createReadStream(rendition.path);
    const info = await store.put(source);
    const inserted = await repos.media.insertDerivative({
      blob_id: blobId,
      kind,
      store_key: info.key,
      size: info.size,
      content_type: rendition.contentType,
      created_at: deps.now(),
    });
    if (!inserted) await store.delete(info.key);
    else deps.meter?.made(kind);
  }

  /** Writes the facts and one change per active file; the writer wakes those jobs' pollers. */
  async function finish(blobId: string, facts: MediaFacts) {
    await changeWriter.transact(async (tx, changes) => {
      await tx.media.setMediaFacts(blobId, facts);
      for (const file of await tx.media.listFilesOfBlob(blobId)) {
        if (file.state !== 'active') continue;
        await changes.fileAdded(file, { by: file.added_by, at: deps.now(), isRollback: false });
      }
    });
  }

  /**
   * Streams the stored original through SHA-256 (scrubbing) and CRC-32 (zip archives, see
   * [Note: Zip layout]), into `target` when decoding needs a copy.
   */
  async function readOriginal(
    key: string,
    signal: AbortSignal,
    target?: string,
  ): Promise<{ sha256: string; crc32: number }> {
    const hash = createHash('sha256');
    let crc = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        crc = crc32(chunk, crc);
        callback(null, target ? chunk : undefined);
      },
    });
    const source = await store.get(key);
    if (target) await pipeline(source, tap, fs.createWriteStream(target), { signal });
    else
      await pipeline(
        source,
        tap,
        new Writable({
          write: (_chunk, _encoding, callback) => {
            callback();
          },
        }),
        { signal },
      );
    return { sha256: hash.digest('hex'), crc32: crc };
  }

  /**
   * The one place a file's media becomes failed (content that cannot be decoded, or work
   * that failed its last attempt): the facts and a type 0 change per file, through the
   * same writer as every other media change, so clients stop waiting for it.
   */
  const markMediaFailed = (blobId: string) => finish(blobId, { media_status: 'failed' });

  const handle: WorkHandler = async (payload, { signal }) => {
    const blobId = typeof payload.blobId === 'string' ? payload.blobId : '';
    const blob = await repos.files.findBlob(blobId);
    const files = blob ? await repos.media.listFilesOfBlob(blobId) : [];
    const first = files[0];
    // Gone already (deleted for good): nothing to do.
    if (!blob || !first) return;
    if (first.type !== 'Pictures' && first.type !== 'Movies') {
      // A document: no renditions, only the at-rest checksum.
      if (blob.sha256 === null || blob.crc32 === null)
        await repos.media.setBlobDigests(blobId, await readOriginal(blob.store_key, signal));
      return;
    }

    const workDir = path.join(deps.workDir, randomUUID());
    await fs.promises.mkdir(workDir, { recursive: true });
    try {
      const original = path.join(workDir, 'original');
      // One read of the stored bytes gives both the copy to decode and the SHA-256.
      const digests = await readOriginal(blob.store_key, signal, original);
      if (blob.sha256 === null || blob.crc32 === null) await repos.media.setBlobDigests(blobId, digests);
      let analysis: MediaAnalysis;
      try {
        analysis = await tools.analyze({
          path: original,
          name: first.name,
          type: first.type,
          workDir,
          signal,
        });
      } catch (error) {
        if (!tools.isPermanent(error)) throw error;
        await markMediaFailed(blobId);
        return;
      }
      for (const [kind, rendition] of Object.entries(analysis.renditions)) {
        await storeRendition(blobId, kind, rendition);
      }
      await finish(blobId, {
        width: analysis.width,
        height: analysis.height,
        duration: analysis.duration,
        ...(analysis.takenAt !== undefined && { taken_at: analysis.takenAt }),
        metadata: JSON.stringify(analysis.metadata),
        thumbhash: analysis.thumbhash,
        media_status: 'ready',
      });
    } finally {
      await fs.promises.rm(workDir, { recursive: true, force: true });
    }
  };
  // Out of attempts: the file will not get renditions (fsck can queue it again).
  handle.giveUp = async (payload) => {
    if (typeof payload.blobId === 'string' && (await repos.files.findBlob(payload.blobId))) {
      await markMediaFailed(payload.blobId);
    }
  };
  return handle;
}
