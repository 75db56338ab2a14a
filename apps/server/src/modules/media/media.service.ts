import type { Readable } from 'node:stream';
import { canServeSignedMedia, canServeTrashedMedia } from '../../access/access.ts';
import { parseMediaScope } from '../../access/visitor-grants.ts';
import type { MediaSigner, MediaVariant, PresentedSignature } from '../../access/media-urls.ts';
import type { Uploaded } from '../../access/place.ts';
import type { Repositories } from '../repositories.ts';
import { NotFoundError } from '../../errors.ts';
import type { BlobStore, ByteRange } from '../../storage/blob-store.ts';
import { SNIFF_BYTES, sniffContent } from '../../media/sniff.ts';
import { extensionForType, openedTypeOf, servedTypeOf, type ServedType } from './content-type.ts';
import { bounded, createOriginals, type ViewedBytes } from './originals.ts';

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

/** Sessions whose user is remembered: a session never changes its user. */
const SESSION_CACHE_SIZE = 10_000;

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
  const originals = createOriginals(store);
  const sessionUsers = new Map<string, string | null>();

  /** The user a media URL was handed to: its session's (see [Note: Media URLs]); null for visitors. */
  async function viewerOf(sid: string): Promise<string | null> {
    const { sessionId } = parseMediaScope(sid);
    if (sessionId === null) return null;
    const known = sessionUsers.get(sessionId);
    if (known !== undefined) return known;
    const userId = (await repos.media.userOfSession(sessionId)) ?? null;
    if (sessionUsers.size >= SESSION_CACHE_SIZE) sessionUsers.clear();
    sessionUsers.set(sessionId, userId);
    return userId;
  }

  /**
   * An original, or the JPEG made of it (which carries its EXIF): as stored for its uploader,
   * with the place stripped for everyone else (see [Note: Who sees the place]), and not at all
   * when the container cannot be stripped.
   */
  async function viewed(file: Uploaded, key: string, size: number, sid: string): Promise<ViewedBytes> {
    const bytes = await originals.openFor(await viewerOf(sid), file, key, size);
    if (!bytes) throw new NotFoundError();
    return bytes;
  }

  async function body(
    fileId: string,
    jobId: string | undefined,
    variant: MediaVariant,
    presented: PresentedSignature,
    opened = false,
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
      const bytes = await viewed(file, blob.store_key, blob.size, presented.sid);
      const type = opened
        ? openedTypeOf(file.name, await kindOf(blob.store_key, blob.size))
        : servedTypeOf(file.name);
      return describe(blob.store_key, bytes, type, file.name);
    }
    const derivative = await repos.media.findDerivative(file.blob_id, kind);
    if (!derivative) throw new NotFoundError();
    // Named by what the bytes are: thumbnails are WebP, `to_jpeg` a JPEG, previews MP4.
    const name = `${baseName(file.name)}.${extensionForType(derivative.content_type)}`;
    const bytes: ViewedBytes =
      variant === 'jpeg'
        ? await viewed(file, derivative.store_key, derivative.size, presented.sid)
        : {
            size: derivative.size,
            stripped: false,
            crcDelta: 0,
            open: (range) => store.get(derivative.store_key, bounded(range, derivative.size)),
          };
    return describe(
      derivative.store_key,
      bytes,
      { contentType: derivative.content_type, attachment: false },
      name,
    );
  }

  /** What the stored bytes are, by their first bytes. */
  async function kindOf(key: string, size: number) {
    if (size === 0) return sniffContent(new Uint8Array()).kind;
    const chunks: Buffer[] = [];
    const head = await store.get(key, { start: 0, end: Math.min(size, SNIFF_BYTES) - 1 });
    for await (const chunk of head as AsyncIterable<Buffer>) chunks.push(chunk);
    return sniffContent(Buffer.concat(chunks)).kind;
  }

  function describe(key: string, bytes: ViewedBytes, type: ServedType, fileName: string): MediaBody {
    // The stripped bytes are other bytes: another validator.
    const etag = bytes.stripped ? `"${key}.noplace"` : `"${key}"`;
    return { ...type, size: bytes.size, etag, fileName, open: bytes.open };
  }

  return {
    /** GET /th/3/{file}?area=: a thumbnail. */
    thumbnail: (
      fileId: string,
      variant: 'thumb256' | 'thumb1280' | 'trashed256',
      presented: PresentedSignature,
    ) => body(fileId, undefined, variant, presented),
    /**
     * GET /st/4/jobs/{id}/files_by_id/{fileId}: the original, its JPEG, or the preview video.
     * `opened`: the original to open in a tab (`disposition=inline`), typed by its content.
     */
    file: (
      jobId: string,
      fileId: string,
      variant: 'original' | 'jpeg' | 'preview',
      presented: PresentedSignature,
      opened = false,
    ) => body(fileId, jobId, variant, presented, opened),
  };
}
export type MediaService = ReturnType<typeof createMediaService>;

function baseName(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}
