import type { FastifyInstance } from 'fastify';
import { APP_BASE_PATH, CreateShareBody, PublishBody, ShareAuthBody } from '@trove/contract';
import { z } from 'zod/mini';
import { parseInput } from '../../errors.ts';
import { callerOf, signedInCaller } from '../../http/auth.ts';
import type { PublishService } from './publish.service.ts';
import type { SharesService } from './shares.service.ts';

// Any id up to 100 characters: one that is not a share's answers like a missing one (404).
const IdParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) });

/**
 * Shares (spec 000 §7 "create a share from files", "send a share to e-mail", publish; issue
 * #15; see [Note: Shares]): create, the share page's data, password, stop sharing. The paths under /shares are ours: the
 * spec shows none (docs/API.md). Access decides in the services ([Note: Access]).
 */
export function registerShareRoutes(app: FastifyInstance, deps: { shares: SharesService }): void {
  const userRoute = { config: { auth: 'user' as const } };
  // Recipients open shares signed in or not (spec 000 §6 Visitor).
  const visitorRoute = { config: { auth: 'visitor' as const } };
  const share = `${APP_BASE_PATH}/shares/:id`;
  const id = (params: unknown) => parseInput(IdParams, params).id;

  app.post(`${APP_BASE_PATH}/shares`, userRoute, async (request) => {
    const body = parseInput(CreateShareBody, request.body);
    return deps.shares.create(signedInCaller(request), body);
  });

  app.get(share, visitorRoute, async (request) => deps.shares.info(callerOf(request), id(request.params)));

  // The password travels in the body, never a URL (RESEARCH-RELIABILITY: credentials in URLs).
  app.post(`${share}/auth`, visitorRoute, async (request) => {
    const { password } = parseInput(ShareAuthBody, request.body);
    return deps.shares.unlock(callerOf(request), id(request.params), password);
  });

  app.delete(share, userRoute, async (request, reply) => {
    await deps.shares.stop(signedInCaller(request), id(request.params));
    return reply.code(204).send();
  });
}

/** POST /jobs/{id}/publish (spec 000 §7): a share by e-mail, or an invite to a shared album. */
export function registerPublishRoute(app: FastifyInstance, deps: { publish: PublishService }): void {
  app.post(`${APP_BASE_PATH}/jobs/:id/publish`, { config: { auth: 'user' as const } }, async (request) => {
    const body = parseInput(PublishBody, request.body);
    const { id } = parseInput(IdParams, request.params);
    // The page's origin, for the link; used only when it is a configured one (linkOrigin).
    const origin = typeof request.headers.origin === 'string' ? request.headers.origin : undefined;
    return deps.publish.publish(signedInCaller(request), id, body, origin);
  });
}
