import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { APP_BASE_PATH } from '@trove/contract';
import { z } from 'zod/mini';
import { parseInput } from '../../errors.ts';
import { resolveRange } from '../../http/range.ts';
import type { MediaMeter, ServedVariant } from '../../metrics/metrics.ts';
import { contentDisposition } from './content-type.ts';
import { THUMB_AREAS } from './media-links.ts';
import type { MediaBody, MediaService } from './media.service.ts';

// Taken as text: the signer accepts only the canonical spelling of exp (see [Note: Media URLs]).
const Signature = {
  exp: z.string().check(z.minLength(1), z.maxLength(20)),
  // Missing in URLs made before sessions were signed in: those answer 404 like a bad signature.
  sid: z._default(z.string().check(z.maxLength(100)), ''),
  sig: z.string().check(z.minLength(1), z.maxLength(100)),
};
const ThumbQuery = z.object({
  area: z._default(z.enum(['256', '1280']), '256'),
  /** The trashed variant (spec 000 §7): a file in its owner's trash. */
  trashed: z.optional(z.enum(['0', '1'])),
  ...Signature,
});
const FileQuery = z.object({
  sub: z.optional(z.enum(['0', '1'])),
  to_jpeg: z.optional(z.enum(['0', '1'])),
  download: z.optional(z.enum(['0', '1'])),
  /**
   * `inline`: open the original in a tab (a document's "open"): shown only when it is a PDF or
   * a raster picture by name and by content, else saved (issue #23). Not signed, like
   * `download`: it cannot widen which bytes a URL reaches, and the type rules hold either way.
   */
  disposition: z.optional(z.enum(['inline', 'attachment'])),
  ...Signature,
});
/** The policy of every media answer (issue #23: documents open in a tab under it). */
export const MEDIA_CSP =
  "sandbox; default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
const ThumbParams = z.object({ fileId: z.string().check(z.minLength(1), z.maxLength(100)) });
const FileParams = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(100)),
  fileId: z.string().check(z.minLength(1), z.maxLength(100)),
});

/**
 * Media on the thumb, app and video hosts (spec 000 §7): thumbnails at /th/3/{file} and the
 * file at /jobs/{id}/files_by_id/{fileId} (`sub=1` the preview video, `to_jpeg=1` a JPEG of
 * a HEIC). They are `signed` routes: the URL's signature is the credential, because `<img>`
 * and `<video>` cannot send the token (see [Note: Media URLs]).
 */
export function registerMediaRoutes(
  app: FastifyInstance,
  deps: { media: MediaService; now: () => number; meter: MediaMeter },
): void {
  const signedRoute = { config: { auth: 'signed' as const } };

  app.get('/th/3/:fileId', signedRoute, async (request, reply) => {
    const { fileId } = parseInput(ThumbParams, request.params);
    const query = parseInput(ThumbQuery, request.query);
    const variant = query.trashed === '1' ? 'trashed256' : THUMB_AREAS[query.area];
    const media = await deps.media.thumbnail(fileId, variant, query);
    return send(request, reply, media, { exp: Number(query.exp), download: false, served: 'thumbnail' });
  });

  app.get(`${APP_BASE_PATH}/jobs/:id/files_by_id/:fileId`, signedRoute, async (request, reply) => {
    const { id, fileId } = parseInput(FileParams, request.params);
    const query = parseInput(FileQuery, request.query);
    const variant = query.sub === '1' ? 'preview' : query.to_jpeg === '1' ? 'jpeg' : 'original';
    const opened = variant === 'original' && query.disposition === 'inline';
    const media = await deps.media.file(id, fileId, variant, query, opened);
    const download = query.download === '1' || query.disposition === 'attachment';
    const served = variant === 'preview' ? 'video' : variant;
    return send(request, reply, media, { exp: Number(query.exp), download, served });
  });

  /** Sends a rendition with validators, caching until the URL expires, and byte ranges. */
  async function send(
    request: FastifyRequest,
    reply: FastifyReply,
    media: MediaBody,
    options: { exp: number; download: boolean; served: ServedVariant },
  ) {
    const maxAge = Math.max(0, options.exp - Math.floor(deps.now() / 1000));
    reply
      .header('etag', media.etag)
      .header('cache-control', `private, max-age=${String(maxAge)}`)
      .header('accept-ranges', 'bytes')
      // User bytes never run as a page of ours, whatever they claim to be: a sandbox without
      // scripts, forms or a same origin, loading nothing, framed by no one. Chromium's PDF
      // viewer shows a PDF under it (checked in documents-open.chromium.test.ts).
      .header('content-security-policy', MEDIA_CSP)
      .header(
        'content-disposition',
        contentDisposition(media.attachment || options.download ? 'attachment' : 'inline', media.fileName),
      );
    if (request.headers['if-none-match'] === media.etag) return reply.status(304).send();
    const range = resolveRange(request.headers.range, media.size);
    if (range === 'unsatisfiable') {
      return reply
        .status(416)
        .header('content-range', `bytes */${String(media.size)}`)
        .send();
    }
    reply.type(media.contentType);
    const length = range ? range.end - range.start + 1 : media.size;
    reply.header('content-length', String(length));
    if (range)
      reply
        .status(206)
        .header('content-range', `bytes ${String(range.start)}-${String(range.end)}/${String(media.size)}`);
    const body = await media.open(range);
    // A HEAD answer sends no body, so counts no bytes (see [Note: Metrics]).
    return reply.send(request.method === 'HEAD' ? body : deps.meter.served(options.served, body, length));
  }
}
