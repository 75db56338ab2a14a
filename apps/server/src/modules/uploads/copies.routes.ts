import type { FastifyInstance } from 'fastify';
import { APP_BASE_PATH, CopyFilesBody, CopyToTimelineBody, parseKeepFiles } from '@trove/contract';
import { z } from 'zod/mini';
import { ValidationError, parseInput } from '../../errors.ts';
import { signedInCaller } from '../../http/auth.ts';
import type { CopiesService } from './copies.service.ts';

const JobParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) });
/** The ids of POST /jobs/{id}/keep-files: as many as a copy takes at once. */
const KeepFileIds = z
  .array(z.string().check(z.minLength(1), z.maxLength(100)))
  .check(z.minLength(1), z.maxLength(500));

/**
 * Copying between jobs without bytes (spec 000 §7 Jobs, issue #11, see [Note: Copies]):
 * POST /jobs/{id}/copy_to_timeline, keep-all-files, keep-files and copy_files. Access decides
 * in the service (see [Note: Access]).
 */
export function registerCopyRoutes(app: FastifyInstance, deps: { copies: CopiesService }): void {
  const userRoute = { config: { auth: 'user' as const } };
  const job = `${APP_BASE_PATH}/jobs/:id`;
  const id = (params: unknown) => parseInput(JobParams, params).id;

  app.post(`${job}/copy_to_timeline`, userRoute, async (request) => {
    const body = parseInput(CopyToTimelineBody, request.body);
    return deps.copies.copyToTimeline(signedInCaller(request), id(request.params), body.file_uuids);
  });

  app.post(`${job}/keep-all-files`, userRoute, async (request) =>
    deps.copies.keepAll(signedInCaller(request), id(request.params)),
  );

  // Plain text, one id a line (spec 000 §7); Fastify reads text/plain bodies as strings.
  app.post(`${job}/keep-files`, userRoute, async (request) => {
    if (typeof request.body !== 'string')
      throw new ValidationError('Expected text/plain file ids, one a line');
    const ids = parseInput(KeepFileIds, parseKeepFiles(request.body));
    return deps.copies.copyToTimeline(signedInCaller(request), id(request.params), ids);
  });

  app.post(`${job}/copy_files`, userRoute, async (request) => {
    const body = parseInput(CopyFilesBody, request.body);
    return deps.copies.copyFiles(signedInCaller(request), id(request.params), body);
  });
}
