import type { FastifyInstance } from 'fastify';
import { APP_BASE_PATH, EmptyTrashBody } from '@trove/contract';
import { parseInput } from '../../errors.ts';
import { signedInCaller } from '../../http/auth.ts';
import type { TrashService } from './trash.service.ts';

/** The trash (spec 000 §7 Trash, issue #13): so far, deleting for good. */
export function registerTrashRoutes(app: FastifyInstance, deps: { trash: TrashService }): void {
  const userRoute = { config: { auth: 'user' as const } };

  app.post(`${APP_BASE_PATH}/empty_trash_can`, userRoute, async (request) => {
    const { fileid } = parseInput(EmptyTrashBody, request.body ?? {});
    const ids = fileid === undefined ? undefined : Array.isArray(fileid) ? fileid : [fileid];
    return deps.trash.emptyTrash(signedInCaller(request), ids);
  });
}
