import type { FastifyInstance } from 'fastify';
import type { Brand } from '@trove/contract';
import { createAccountAccess } from '../../access/account-access.ts';
import { createFreshLoginCheck, FRESH_LOGIN_WINDOW_S } from '../../access/fresh-login.ts';
import type { SessionRevocations } from '../../access/session-revocations.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { Repositories, Transact } from '../repositories.ts';
import { registerAdminRoutes } from './admin.routes.ts';
import { createCardsService } from './cards.service.ts';
import { createAnnouncementsService, type AnnouncementDeps } from './announcements.service.ts';
import { createOperatorService } from './operator.service.ts';
import { createOperationsService } from './operations.service.ts';
import { createStorageAdminService } from './storage.service.ts';
import { registerTermsCardsRoutes } from './terms-cards.routes.ts';
import { createTermsService } from './terms.service.ts';

/** What the operator's side is built from: the app and `trove admin` pass the same. */
export interface OperatorDeps {
  repos: Repositories;
  transact: Transact;
  revocations: Pick<SessionRevocations, 'announce'>;
  baseQuotaBytes: number;
  /** Config FRESH_LOGIN_WINDOW_S; the command line, which has no session, never asks. */
  freshLoginWindowS?: number;
  now: () => number;
  /** Wakes the workers after a retry. */
  bus: Pick<EventBus, 'publish'>;
  /** Mail and unsubscribe identifiers for announcements (issue #24). */
  announcements: AnnouncementDeps;
}

/** The services of the operator's side (issue #24), judged by one account access. */
export function createOperatorServices(deps: OperatorDeps) {
  const freshLogin = createFreshLoginCheck({
    windowS: deps.freshLoginWindowS ?? FRESH_LOGIN_WINDOW_S,
    now: deps.now,
  });
  const access = createAccountAccess({ operators: deps.repos.operator, freshLogin });
  const { repos, transact, now } = deps;
  const operator = createOperatorService({ ...deps, access });
  return {
    access,
    operator,
    // Issue #25's operator area: storage grants and read-only.
    storage: createStorageAdminService({
      repos,
      transact,
      access,
      baseQuotaBytes: deps.baseQuotaBytes,
      now,
      account: operator.account,
    }),
    terms: createTermsService({ repos, transact, access, now }),
    cards: createCardsService({ repos, transact, access, now }),
    announcements: createAnnouncementsService({
      ...deps.announcements,
      repos,
      transact,
      access,
      bus: deps.bus,
      now,
    }),
    operations: createOperationsService({ repos, transact, access, bus: deps.bus, now }),
  };
}
export type OperatorServices = ReturnType<typeof createOperatorServices>;

/** The admin area's calls and the user's terms and cards calls. */
export function registerOperatorRoutes(
  app: FastifyInstance,
  services: OperatorServices,
  brands: { intl: Brand; no: Brand },
): void {
  registerAdminRoutes(app, services);
  registerTermsCardsRoutes(app, { terms: services.terms, cards: services.cards, brands });
}
