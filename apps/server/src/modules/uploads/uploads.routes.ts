import type { FastifyInstance } from 'fastify';
import { APP_BASE_PATH, FilesDedupBody, UploadFields, type UploadResult } from '@trove/contract';
import { z } from 'zod/mini';
import { ValidationError, parseInput } from '../../errors.ts';
import { signedInCaller } from '../../http/auth.ts';
import { multipartParts } from '../../http/multipart.ts';
import type { UploadsService } from './uploads.service.ts';

const JobParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) });

/**
 * POST /jobs/{id}/upload and /files_dedup (spec 000 §7). The upload's fields (path, mtime,
 * policy, …) may come as query parameters or as multipart fields before the file part;
 * the file streams straight to storage and is never held in memory.
 */
export function registerUploadRoutes(app: FastifyInstance, deps: { uploads: UploadsService }): void {
  const userRoute = { config: { auth: 'user' as const } };

  app.post(`${APP_BASE_PATH}/jobs/:id/upload`, userRoute, async (request) => {
    const { id } = parseInput(JobParams, request.params);
    const auth = signedInCaller(request);
    if (!request.isMultipart()) throw new ValidationError('Expected a multipart body with a file part');
    const fields: Record<string, unknown> = { ...(request.query as Record<string, unknown>) };
    let outcome: { answer: UploadResult } | { failure: unknown } | undefined;
    for await (const part of multipartParts(request)) {
      if (part.type === 'field') {
        fields[part.fieldname] = part.value;
      } else if (outcome || part.fieldname !== 'file') {
        part.file.resume();
      } else {
        const parsed = parseInput(UploadFields, { path: part.filename, ...fields });
        const declared = Number(request.headers['content-length'] ?? 0);
        // A failure first hears the parser's verdict on the body: one cut short fails the
        // upload too, and is then the client's 400 (see [Note: Malformed multipart]). The
        // rest of the part is read and dropped, never destroyed: busboy would wait forever
        // for a destroyed part to ask for more, and the answer would never come (issue #10).
        // The parser reports the part's own error through the loop, so it is heard there.
        outcome = await deps.uploads.upload(auth, id, parsed, part.file, declared).then(
          (answer) => ({ answer }),
          (failure: unknown) => {
            part.file.on('error', () => undefined);
            part.file.resume();
            return { failure };
          },
        );
      }
    }
    if (!outcome) throw new ValidationError('The multipart body has no file part');
    if ('failure' in outcome) throw outcome.failure;
    return outcome.answer;
  });

  app.post(`${APP_BASE_PATH}/jobs/:id/files_dedup`, userRoute, async (request) => {
    const { id } = parseInput(JobParams, request.params);
    const body = parseInput(FilesDedupBody, request.body ?? request.query);
    return deps.uploads.dedup(signedInCaller(request), id, body);
  });
}
