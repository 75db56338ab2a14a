import type { Readable } from 'node:stream';
import { canServeSignedMedia, canServeTrashedMedia } from '../../access/access.ts';
import type { MediaSigner, MediaVariant, PresentedSignature } from '../../access/media-urls.ts';
import type { Repositories } from '../../db/repositories.ts';
import { NotFoundError } from '../../errors.ts';
import type { BlobStore, ByteRange } from '../../storage/blob-store.ts';
import { extensionForType, servedTypeOf, type ServedType } from './content-type.ts';

/** One rendition ready to send: its size, type, a strong validator and a way to read it. */
export interface MediaBody extends ServedType {
  size: number;
  /** Strong ETag: store keys never change content. */
  etag: string;
  fileName: string;
  open(range?: ByteRange): Promise<Readable>;
}

/** Media renditions each variant maps to (derivatives table kinds). */
const DERIVATIVE_OF: Partial<Record<MediaVariant, string>> = {
  thumb256: 'thumb256',
  thumb1280: 'thumb1280',
  jpeg: 'jpeg',
  preview: 'preview',
  trashed256: 'thumb256',
};

/**
 * Serves thumbnails, originals and preview video behind signed URLs (spec 000 §7
 * Downloads, thumbnails, video). A bad or expired signature, a trashed file (but for the
 * trashed variant, which serves nothing else), a file of a deleted job and a rendition that
 * is not made yet all answer the same 404.
 */
export function createMediaService(deps: {
  repos: Pick<Repositories, 'files' | 'media'>;
  store: BlobStore;
  signer: MediaSigner;
  now: () => number;
}) {
  const { repos, store, signer, now } = deps;

  async function body(
    fileId: string,
    jobId: string | undefined,
    variant: MediaVariant,
    presented: PresentedSignature,
  ) {
    if (!signer.verify(fileId, variant, presented)) throw new NotFoundError();
    const file = await repos.files.findWithJob(fileId);
    if (!file || (jobId !== undefined && file.job_id !== jobId)) throw new NotFoundError();
    const job = {
      type: file.job_type,
      deleted_at: file.job_deleted_at,
      expires_at: file.job_expires_at,
      privacy_mode: file.job_privacy_mode,
      auth_epoch: file.job_auth_epoch,
    };
    // The trashed variant serves what is in the owner's trash only; every other one an active
    // file of a live job only.
    const servable =
      variant === 'trashed256'
        ? canServeTrashedMedia(file, job, presented.sid)
        : file.state === 'active' && canServeSignedMedia(job, presented.sid, now());
    if (!servable) throw new NotFoundError();
    const kind = DERIVATIVE_OF[variant];
    if (kind === undefined) {
      const blob = await repos.files.findBlob(file.blob_id);
      if (!blob) throw new NotFoundError();
      return describe(blob.store_key, blob.size, servedTypeOf(file.name), file.name);
    }
    const derivative = await repos.media.findDerivative(file.blob_id, kind);
    if (!derivative) throw new NotFoundError();
    // Named by what the bytes are: thumbnails are WebP, `to_jpeg` a JPEG, previews MP4.
    const name = `${baseName(file.name)}.${extensionForType(derivative.content_type)}`;
    return describe(
      derivative.store_key,
      derivative.size,
      { contentType: derivative.content_type, attachment: false },
      name,
    );
  }

  function describe(key: string, size: number, type: ServedType, fileName: string): MediaBody {
    return { ...type, size, etag: `"${key}"`, fileName, open: (range) => store.get(key, range) };
  }

  return {
    /** GET /th/3/{file}?area=: a thumbnail. */
    thumbnail: (
      fileId: string,
      variant: 'thumb256' | 'thumb1280' | 'trashed256',
      presented: PresentedSignature,
    ) => body(fileId, undefined, variant, presented),
    /** GET /st/4/jobs/{id}/files_by_id/{fileId}: the original, its JPEG, or the preview video. */
    file: (
      jobId: string,
      fileId: string,
      variant: 'original' | 'jpeg' | 'preview',
      presented: PresentedSignature,
    ) => body(fileId, jobId, variant, presented),
  };
}
export type MediaService = ReturnType<typeof createMediaService>;

function baseName(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}
