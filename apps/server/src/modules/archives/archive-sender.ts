import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ArchiveKind, ArchiveMeter } from '../../metrics/metrics.ts';
import { RateLimitedError } from '../../errors.ts';
import { resolveRange } from '../../http/range.ts';
import { clientAddressKey } from '../../identity/throttle.ts';
import { contentDisposition } from '../media/content-type.ts';
import type { ArchiveBody } from './archives.service.ts';
import {
  ARCHIVE_STREAMS_PER_CLIENT,
  ARCHIVE_STREAM_RETRY_SECONDS,
  createStreamSlots,
} from './stream-slots.ts';

/**
 * Sends zips whole or by range, at most ARCHIVE_STREAMS_PER_CLIENT at once per client (each
 * sender counts its own streams). The album and trash zips use one, the data export another.
 * Their bytes are counted by `meter` as they go out (see [Note: Metrics]).
 */
export function createArchiveSender(meter: ArchiveMeter) {
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
  return function send(
    request: FastifyRequest,
    reply: FastifyReply,
    archive: ArchiveBody,
    kind: ArchiveKind,
  ) {
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
    const length = range ? range.end - range.start + 1 : archive.size;
    reply.header('content-length', String(length));
    if (range)
      reply
        .status(206)
        .header('content-range', `bytes ${String(range.start)}-${String(range.end)}/${String(archive.size)}`);
    const body = archive.open(range);
    // A HEAD answer sends no body, so counts no bytes.
    return reply.send(request.method === 'HEAD' ? body : meter.streamed(kind, body, length));
  };
}
