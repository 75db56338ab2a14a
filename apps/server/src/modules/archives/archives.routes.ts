import type { FastifyInstance } from 'fastify';
import { APP_BASE_PATH, FilesAsArchiveBody, TrashArchiveBody } from '@trove/contract';
import { z } from 'zod/mini';
import { parseInput } from '../../errors.ts';
import { callerOf, signedInCaller } from '../../http/auth.ts';
import { createArchiveSender } from './archive-sender.ts';
import type { ArchivesService } from './archives.service.ts';
import type { ArchiveMeter } from '../../metrics/metrics.ts';

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
export function registerArchiveRoutes(
  app: FastifyInstance,
  deps: { archives: ArchivesService; meter: ArchiveMeter },
): void {
  // Visitors of a shared album download too (spec 000 §6).
  const visitorRoute = { config: { auth: 'visitor' as const } };
  const userRoute = { config: { auth: 'user' as const } };
  const signedRoute = { config: { auth: 'signed' as const } };
  const send = createArchiveSender(deps.meter);

  app.post(`${APP_BASE_PATH}/jobs/:id/files_as_archive`, visitorRoute, async (request) => {
    const { id } = parseInput(JobParams, request.params);
    const body = parseInput(FilesAsArchiveBody, request.body ?? {});
    const prepared = await deps.archives.prepare(callerOf(request), id, body);
    deps.meter.prepared('album');
    return prepared;
  });

  app.get(`${APP_BASE_PATH}/jobs/:id/files_as_archive`, signedRoute, async (request, reply) => {
    const { id } = parseInput(JobParams, request.params);
    const query = parseInput(ArchiveQuery, request.query);
    return send(request, reply, await deps.archives.open(id, query.archive, query), 'album');
  });

  app.post(`${APP_BASE_PATH}/files_from_trash_as_archive`, userRoute, async (request) => {
    const body = parseInput(TrashArchiveBody, request.body ?? {});
    const prepared = await deps.archives.prepareTrash(signedInCaller(request), body);
    deps.meter.prepared('trash');
    return prepared;
  });

  app.get(`${APP_BASE_PATH}/files_from_trash_as_archive`, signedRoute, async (request, reply) => {
    const query = parseInput(ArchiveQuery, request.query);
    return send(request, reply, await deps.archives.open(null, query.archive, query), 'trash');
  });
}
