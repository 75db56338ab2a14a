import type { FastifyInstance } from 'fastify';
import { APP_BASE_PATH, CommentBody, GuestBody, ReactionBody } from '@trove/contract';
import { z } from 'zod/mini';
import { parseInput } from '../../errors.ts';
import { callerOf } from '../../http/auth.ts';
import type { CommentsService } from './comments.service.ts';

const Id = z.string().check(z.minLength(1), z.maxLength(100));
const JobParams = z.object({ id: Id });
const FileParams = z.extend(JobParams, { fileId: Id });
const CommentParams = z.extend(FileParams, { commentId: Id });

/**
 * Comments and loves (spec 000 §7 Comments and reactions) and guests (ours, see [Note:
 * Guests]). Every route serves signed-in users and visitors alike (`visitor`): access
 * decides in the service what each may do (see [Note: Access]).
 */
export function registerCommentRoutes(app: FastifyInstance, deps: { comments: CommentsService }): void {
  const route = { config: { auth: 'visitor' as const } };
  const job = `${APP_BASE_PATH}/jobs/:id`;
  const file = `${job}/files_by_id/:fileId`;

  app.get(`${job}/activity`, route, async (request) => {
    const { id } = parseInput(JobParams, request.params);
    return deps.comments.activity(callerOf(request), id);
  });

  app.post(`${job}/guests`, route, async (request) => {
    const { id } = parseInput(JobParams, request.params);
    const { name } = parseInput(GuestBody, request.body ?? {});
    return deps.comments.becomeGuest(callerOf(request), id, name);
  });

  app.get(`${file}/comments`, route, async (request) => {
    const { id, fileId } = parseInput(FileParams, request.params);
    return deps.comments.list(callerOf(request), id, fileId);
  });

  app.post(`${file}/comments`, route, async (request) => {
    const { id, fileId } = parseInput(FileParams, request.params);
    const { comment } = parseInput(CommentBody, request.body);
    return deps.comments.post(callerOf(request), id, fileId, comment);
  });

  app.put(`${file}/comments/:commentId`, route, async (request) => {
    const { id, fileId, commentId } = parseInput(CommentParams, request.params);
    const { comment } = parseInput(CommentBody, request.body);
    return deps.comments.edit(callerOf(request), id, fileId, commentId, comment);
  });

  app.delete(`${file}/comments/:commentId`, route, async (request) => {
    const { id, fileId, commentId } = parseInput(CommentParams, request.params);
    return deps.comments.remove(callerOf(request), id, fileId, commentId);
  });

  app.post(`${file}/reaction`, route, async (request) => {
    const { id, fileId } = parseInput(FileParams, request.params);
    parseInput(ReactionBody, request.body);
    return deps.comments.love(callerOf(request), id, fileId);
  });

  app.delete(`${file}/reaction`, route, async (request) => {
    const { id, fileId } = parseInput(FileParams, request.params);
    return deps.comments.unlove(callerOf(request), id, fileId);
  });
}
