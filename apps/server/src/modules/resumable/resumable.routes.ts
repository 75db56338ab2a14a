import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { APP_BASE_PATH, ClientQuery, MAX_UPLOAD_BYTES, UploadFields } from '@trove/contract';
import { z } from 'zod/mini';
import { parseInput, UnsupportedProtocolError, ValidationError } from '../../errors.ts';
import { signedInCaller } from '../../http/auth.ts';
import type { ResumableService } from './resumable.service.ts';

const TUS_VERSION = '1.0.0';
const JobParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) });
const UploadParams = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(100)),
  uploadId: z.string().check(z.minLength(1), z.maxLength(100)),
});
const Length = z.pipe(z.coerce.number(), z.int()).check(z.nonnegative(), z.maximum(MAX_UPLOAD_BYTES));

/** `Upload-Metadata: key base64,key2 base64` (tus 1.0 creation) into plain strings. */
export function parseUploadMetadata(header: string | undefined): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value = ''] = pair.trim().split(' ');
    if (key) fields[key] = Buffer.from(value, 'base64').toString('utf8');
  }
  return fields;
}

/**
 * Resumable uploads over tus 1.0 (see [Note: Resumable uploads]): OPTIONS to discover,
 * POST to create (the upload fields of POST /jobs/{id}/upload go in Upload-Metadata),
 * HEAD to find the offset, PATCH to append, DELETE to give up. The last PATCH answers 200
 * with the upload's result instead of 204.
 */
export function registerResumableRoutes(
  app: FastifyInstance,
  deps: {
    resumable: ResumableService;
    /** APP_HOST: the origin (and path prefix) clients reach the app host at; '' for this one. */
    appHost: string;
  },
): void {
  const userRoute = { config: { auth: 'user' as const } };
  const base = `${APP_BASE_PATH}/jobs/:id/uploads`;

  // PATCH bodies stream to disk; they are never parsed or buffered.
  app.addContentTypeParser('application/offset+octet-stream', (_request, payload, done) => {
    done(null, payload);
  });

  const tus = (reply: FastifyReply) =>
    reply.header('tus-resumable', TUS_VERSION).header('cache-control', 'no-store');
  const requireTus = (request: FastifyRequest) => {
    if (request.headers['tus-resumable'] !== TUS_VERSION) {
      throw new UnsupportedProtocolError(412, `Tus-Resumable ${TUS_VERSION} is required`);
    }
  };

  /**
   * Where the new upload lives. A tus client sends HEAD and PATCH to exactly this URL, so it
   * carries the client query the app host requires (spec 001 §7; no secret: the token goes
   * in Authorization), and the configured app host, which may sit under a path prefix.
   */
  const uploadUrl = (request: FastifyRequest, jobId: string, uploadId: string) => {
    const client = ClientQuery.parse(request.query);
    const query = new URLSearchParams({
      key: client.key,
      client_v: client.client_v,
      device_id: client.device_id,
    });
    const path = `${APP_BASE_PATH}/jobs/${encodeURIComponent(jobId)}/uploads/${uploadId}`;
    return `${deps.appHost}${path}?${query.toString()}`;
  };

  app.options(base, { config: { auth: 'public' } }, (_request, reply) =>
    tus(reply)
      .header('tus-version', TUS_VERSION)
      .header('tus-extension', 'creation,termination')
      .header('tus-max-size', String(MAX_UPLOAD_BYTES))
      .status(204)
      .send(),
  );

  app.post(base, userRoute, async (request, reply) => {
    requireTus(request);
    const { id } = parseInput(JobParams, request.params);
    const length = parseInput(Length, request.headers['upload-length']);
    const fields = parseInput(
      UploadFields,
      parseUploadMetadata(String(request.headers['upload-metadata'] ?? '')),
    );
    const uploadId = await deps.resumable.create(signedInCaller(request), id, length, fields);
    return tus(reply)
      .header('location', uploadUrl(request, id, uploadId))
      .status(201)
      .send();
  });

  app.head(`${base}/:uploadId`, userRoute, async (request, reply) => {
    requireTus(request);
    const { id, uploadId } = parseInput(UploadParams, request.params);
    const state = await deps.resumable.status(signedInCaller(request), id, uploadId);
    return tus(reply)
      .header('upload-offset', String(state.offset))
      .header('upload-length', String(state.length))
      .status(200)
      .send();
  });

  app.patch(`${base}/:uploadId`, userRoute, async (request, reply) => {
    requireTus(request);
    if (request.headers['content-type'] !== 'application/offset+octet-stream') {
      throw new UnsupportedProtocolError(415, 'Content-Type must be application/offset+octet-stream');
    }
    const { id, uploadId } = parseInput(UploadParams, request.params);
    const offset = Number(request.headers['upload-offset']);
    if (!Number.isSafeInteger(offset) || offset < 0) throw new ValidationError('Upload-Offset is required');
    const state = await deps.resumable.append(
      signedInCaller(request),
      id,
      uploadId,
      offset,
      request.body as Readable,
    );
    tus(reply).header('upload-offset', String(state.offset));
    return state.result ? reply.status(200).send(state.result) : reply.status(204).send();
  });

  app.delete(`${base}/:uploadId`, userRoute, async (request, reply) => {
    requireTus(request);
    const { id, uploadId } = parseInput(UploadParams, request.params);
    await deps.resumable.terminate(signedInCaller(request), id, uploadId);
    return tus(reply).status(204).send();
  });
}
