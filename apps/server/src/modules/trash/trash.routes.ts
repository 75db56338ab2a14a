import type { FastifyInstance } from 'fastify';
import {
  APP_BASE_PATH,
  EmptyTrashBody,
  TRASH_TOTAL_HEADER,
  TrashAlbumsBody,
  TrashCanQuery,
} from '@trove/contract';
import { parseInput } from '../../errors.ts';
import { signedInCaller } from '../../http/auth.ts';
import type { TrashAlbumsService } from './trash-albums.service.ts';
import type { TrashService } from './trash.service.ts';

/** The trash (spec 000 §7 Trash, issue #13): files and albums, listed, restored, deleted for good. */
export function registerTrashRoutes(
  app: FastifyInstance,
  deps: { trash: TrashService; albums: TrashAlbumsService },
): void {
  const userRoute = { config: { auth: 'user' as const } };

  app.get(`${APP_BASE_PATH}/trash_can`, userRoute, async (request, reply) => {
    const { offset, limit } = parseInput(TrashCanQuery, request.query);
    const trash = await deps.trash.list(signedInCaller(request), offset, limit);
    void reply.header(TRASH_TOTAL_HEADER, String(trash.total_item_count));
    return trash;
  });

  app.post(`${APP_BASE_PATH}/empty_trash_can`, userRoute, async (request) => {
    const { fileid } = parseInput(EmptyTrashBody, request.body ?? {});
    const ids = fileid === undefined ? undefined : Array.isArray(fileid) ? fileid : [fileid];
    return deps.trash.emptyTrash(signedInCaller(request), ids);
  });

  app.get(`${APP_BASE_PATH}/trash_can_albums`, userRoute, async (request) =>
    deps.albums.list(signedInCaller(request)),
  );

  app.post(`${APP_BASE_PATH}/rollback_albums`, userRoute, async (request) => {
    const { job_uuids } = parseInput(TrashAlbumsBody, request.body);
    return deps.albums.restore(signedInCaller(request), job_uuids);
  });

  app.delete(`${APP_BASE_PATH}/delete_albums_from_trash_can`, userRoute, async (request) => {
    const { job_uuids } = parseInput(TrashAlbumsBody, request.body);
    return deps.albums.deleteForGood(signedInCaller(request), job_uuids);
  });
}
