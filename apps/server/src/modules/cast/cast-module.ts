import type { FastifyInstance } from 'fastify';
import type { Access } from '../../access/access.ts';
import type { AccountAccess } from '../../access/account-access.ts';
import { createCastAccess } from '../../access/cast-access.ts';
import type { MediaSigner } from '../../access/media-urls.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { createQuotas } from '../../identity/quota.ts';
import { createMediaLinks } from '../media/media-links.ts';
import type { Repositories } from '../repositories.ts';
import { registerCastRoutes } from './cast.routes.ts';
import { createCastService } from './cast.service.ts';

/** Casting to a TV (issue #27, [Note: Casting]) wired into the app. */
export function registerCast(
  app: FastifyInstance,
  deps: {
    repos: Repositories;
    access: Access;
    accountAccess: AccountAccess;
    signer: MediaSigner;
    bus: EventBus;
    draining: AbortSignal;
    now: () => number;
  },
): void {
  const { repos, now } = deps;
  registerCastRoutes(app, {
    cast: createCastService({
      cast: repos.cast,
      castAccess: createCastAccess({ receivers: repos.cast, now }),
      accountAccess: deps.accountAccess,
      access: deps.access,
      links: createMediaLinks(deps.signer),
      bus: deps.bus,
      quotas: createQuotas(repos.throttle, now),
      now,
    }),
    draining: deps.draining,
  });
}
