import type { FastifyInstance } from 'fastify';
import { APP_BASE_PATH, DeleteDocumentsBody } from '@trove/contract';
import { z } from 'zod/mini';
import { parseInput } from '../../errors.ts';
import { callerOf, signedInCaller } from '../../http/auth.ts';
import type { DocumentsService } from './documents.service.ts';

const JobParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) });

/** Documents of a job (spec 000 §7: fetch all documents of the timeline job, delete by ids). */
export function registerDocumentRoutes(app: FastifyInstance, deps: { documents: DocumentsService }): void {
  const userRoute = { config: { auth: 'user' as const } };
  const visitorRoute = { config: { auth: 'visitor' as const } };

  app.get(`${APP_BASE_PATH}/jobs/:id/documents`, visitorRoute, async (request) => {
    const { id } = parseInput(JobParams, request.params);
    return deps.documents.list(callerOf(request), id);
  });

  app.post(`${APP_BASE_PATH}/jobs/:id/delete_documents`, userRoute, async (request) => {
    const { id } = parseInput(JobParams, request.params);
    const { file_ids } = parseInput(DeleteDocumentsBody, request.body);
    return deps.documents.delete(signedInCaller(request), id, file_ids);
  });
}
