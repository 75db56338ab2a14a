import type { FastifyInstance } from 'fastify';
import { APP_BASE_PATH, FilesQuery, MultiRollbackBody, SUPPORTED_EXTENSIONS } from '@trove/contract';
import { z } from 'zod/mini';
import { parseInput } from '../../errors.ts';
import { callerOf, signedInCaller } from '../../http/auth.ts';
import type { FilesService } from './files.service.ts';

const JobParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) });
const FileParams = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(100)),
  fileId: z.string().check(z.minLength(1), z.maxLength(100)),
});

/** Files of a job (spec 000 §7 Jobs): list, metadata, delete, restore; supported extensions. */
export function registerFileRoutes(app: FastifyInstance, deps: { files: FilesService }): void {
  const userRoute = { config: { auth: 'user' as const } };
  // Visitors of shared albums read files too (spec 000 §6); access/ decides per job.
  const visitorRoute = { config: { auth: 'visitor' as const } };

  app.get(`${APP_BASE_PATH}/supported_extensions`, userRoute, () => SUPPORTED_EXTENSIONS);

  app.get(`${APP_BASE_PATH}/jobs/:id/files`, visitorRoute, async (request, reply) => {
    const { id } = parseInput(JobParams, request.params);
    const query = parseInput(FilesQuery, request.query);
    const { serial, ...page } = await deps.files.list(callerOf(request), id, query);
    return reply.header('x-last-event-serial', String(serial)).send(page);
  });

  app.get(`${APP_BASE_PATH}/jobs/:id/timeline/months`, visitorRoute, async (request) => {
    const { id } = parseInput(JobParams, request.params);
    return deps.files.months(callerOf(request), id);
  });

  app.get(`${APP_BASE_PATH}/jobs/:id/metadata/:fileId`, visitorRoute, async (request) => {
    const { id, fileId } = parseInput(FileParams, request.params);
    return deps.files.metadata(callerOf(request), id, fileId);
  });

  app.get(`${APP_BASE_PATH}/jobs/:id/files_by_id/:fileId/v_check`, visitorRoute, async (request) => {
    const { id, fileId } = parseInput(FileParams, request.params);
    return deps.files.videoCheck(callerOf(request), id, fileId);
  });

  // The caller's albums holding the file's content (issue #27, the photo editor's copy).
  app.get(`${APP_BASE_PATH}/jobs/:id/files_by_id/:fileId/albums`, userRoute, async (request) => {
    const { id, fileId } = parseInput(FileParams, request.params);
    return deps.files.albumsOf(signedInCaller(request), id, fileId);
  });

  app.delete(`${APP_BASE_PATH}/jobs/:id/files_by_id/:fileId`, userRoute, async (request) => {
    const { id, fileId } = parseInput(FileParams, request.params);
    await deps.files.trash(signedInCaller(request), id, fileId);
    return { ok: true };
  });

  app.post(`${APP_BASE_PATH}/jobs/:id/multi_rollback`, userRoute, async (request) => {
    const { id } = parseInput(JobParams, request.params);
    const { file_uuids } = parseInput(MultiRollbackBody, request.body);
    return deps.files.restore(signedInCaller(request), id, file_uuids);
  });
}
