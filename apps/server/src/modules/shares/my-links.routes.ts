import type { FastifyInstance } from 'fastify';
import { APP_BASE_PATH, SharedLinksQuery } from '@trove/contract';
import { z } from 'zod/mini';
import { parseInput } from '../../errors.ts';
import { signedInCaller } from '../../http/auth.ts';
import type { MyLinksService } from './my-links.service.ts';

/**
 * GET /shares (issue #23, ours: the spec shows no such call, docs/API.md): the caller's live
 * links, newest first, a page at a time. See [Note: My shared links].
 */
export function registerMyLinksRoutes(app: FastifyInstance, deps: { myLinks: MyLinksService }): void {
  app.get(`${APP_BASE_PATH}/shares`, { config: { auth: 'user' as const } }, async (request) => {
    const query = parseInput(z.looseObject(SharedLinksQuery.shape), request.query);
    return deps.myLinks.list(signedInCaller(request), query);
  });
}
