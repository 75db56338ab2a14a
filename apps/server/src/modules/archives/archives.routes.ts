import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { APP_BASE_PATH, FilesAsArchiveBody, TrashArchiveBody } from '@trove/contract';
import { z } from 'zod/mini';
import { RateLimitedError, parseInput } from '../../errors.ts';
import { clientAddressKey } from '../../identity/throttle.ts';
import { callerOf, signedInCaller } from '../../http/auth.ts';
import { resolveRange } from '../../http/range.ts';
import { contentDisposition } from '../media/content-type.ts';
import type { ArchiveBody, ArchivesService } from './archives.service.ts';
import {
  ARCHIVE_STREAMS_PER_CLIENT,
  ARCHIVE_STREAM_RETRY_SECONDS,
  createStreamSlots,
} from './stream-slots.ts';

const JobParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) });
// Taken as text: the signer accepts only the canonical spelling of exp (see [Note: Media URLs]).
const ArchiveQuery = z.object({
  archive: z.string().check(z.minLength(1), z.maxLength(100)),
  exp: z.string().check(z.minLength(1), z.maxLength(20)),
  sid: z._default(z.string().check(z.maxLength(100)), ''),
  sig: z.string().check(z.minLength(1), z.maxLength(100)),
});

/**
 * The download host's archives (spec 000 §7, issue #14): a POST prepares one and answers its
 * signed URL; a GET of that URL streams the zip with an exact length and byte ranges, so the
 * browser downloads it natively and resumes it after a drop.
 */
export function registerArchiveRoutes(app: FastifyInstance, deps: { archives: ArchivesService }): void {
  // Visitors of a shared album download too (spec 000 §6).
  const visitorRoute = { config: { auth: 'visitor' as const } };
  const userRoute = { config: { auth: 'user' as const } };
  const signedRoute = { config: { auth: 'signed' as const } };

  app.post(`${APP_BASE_PATH}/jobs/:id/files_as_archive`, visitorRoute, async (request) => {
    const { id } = parseInput(JobParams, request.params);
    const body = parseInput(FilesAsArchiveBody, request.body ?? {});
    return deps.archives.prepare(callerOf(request), id, body);
  });

  app.get(`${APP_BASE_PATH}/jobs/:id/files_as_archive`, signedRoute, async (request, reply) => {
    const { id } = parseInput(JobParams, request.params);
    const query = parseInput(ArchiveQuery, request.query);
    return send(request, reply, await deps.archives.open(id, query.archive, query));
  });

  app.post(`${APP_BASE_PATH}/files_from_trash_as_archive`, userRoute, async (request) => {
    const body = parseInput(TrashArchiveBody, request.body ?? {});
    return deps.archives.prepareTrash(signedInCaller(request), body);
  });

  app.get(`${APP_BASE_PATH}/files_from_trash_as_archive`, signedRoute, async (request, reply) => {
    const query = parseInput(ArchiveQuery, request.query);
    return send(request, reply, await deps.archives.open(null, query.archive, query));
  });

  const slots = createStreamSlots(ARCHIVE_STREAMS_PER_CLIENT);
  /** Takes one of the client's stream slots until the answer ends, or refuses with 429. */
  function holdSlot(request: FastifyRequest, reply: FastifyReply) {
    const release = slots.acquire(clientAddressKey(request.ip));
    if (!release) throw new RateLimitedError(ARCHIVE_STREAM_RETRY_SECONDS);
    reply.raw.once('close', release);
    reply.raw.once('finish', release);
  }

  /**
   * Sends the archive whole or a range of it. A resuming browser sends `If-Range` with the tag
   * it got: when the archive changed since (a file deleted meanwhile), it gets the whole new
   * archive, never the tail of a different one glued to the head of the old.
   */
  function send(request: FastifyRequest, reply: FastifyReply, archive: ArchiveBody) {
    reply
      .type('application/zip')
      .header('etag', archive.etag)
      .header('cache-control', 'private, no-cache')
      .header('accept-ranges', 'bytes')
      .header('content-disposition', contentDisposition('attachment', archive.fileName));
    const ifRange = request.headers['if-range'];
    const range =
      ifRange === undefined || ifRange === archive.etag
        ? resolveRange(request.headers.range, archive.size)
        : undefined;
    if (range === 'unsatisfiable') {
      return reply
        .status(416)
        .header('content-range', `bytes */${String(archive.size)}`)
        .send();
    }
    holdSlot(request, reply);
    if (!range) return reply.header('content-length', String(archive.size)).send(archive.open());
    return reply
      .status(206)
      .header('content-range', `bytes ${String(range.start)}-${String(range.end)}/${String(archive.size)}`)
      .header('content-length', String(range.end - range.start + 1))
      .send(archive.open(range));
  }
}
