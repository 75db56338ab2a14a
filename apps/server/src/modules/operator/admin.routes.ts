import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  APP_BASE_PATH,
  AdminUsersQuery,
  AnnouncementBody,
  AuditLogQuery,
  NewCardBody,
  PublishTermsBody,
} from '@trove/contract';
import { z } from 'zod/mini';
import { parseInput } from '../../errors.ts';
import { signedInCaller } from '../../http/auth.ts';
import type { AccountAccess } from '../../access/account-access.ts';
import type { SignedInCaller } from '../../access/caller.ts';
import type { OperatorService } from './operator.service.ts';
import type { TermsService } from './terms.service.ts';
import type { CardsService } from './cards.service.ts';
import type { AnnouncementsService } from './announcements.service.ts';
import type { OperationsService } from './operations.service.ts';
import { registerOperationsRoutes } from './operations.routes.ts';
import type { StorageAdminService } from './storage.service.ts';
import { registerStorageRoutes } from './storage.routes.ts';

const ADMIN = `${APP_BASE_PATH}/admin`;
const IdParam = z.object({ id: z.string().check(z.maxLength(64)) });

/**
 * The admin area's calls (issue #24, ours: the spec shows none, docs/API.md). Each asks first
 * whether the caller may reach the area at all, before it reads a byte of input: anyone else
 * gets what a route that does not exist answers, whatever they sent ([Note: Operators]).
 */
export function registerAdminRoutes(
  app: FastifyInstance,
  deps: {
    access: AccountAccess;
    operator: OperatorService;
    terms: TermsService;
    cards: CardsService;
    announcements: AnnouncementsService;
    operations: OperationsService;
    storage: StorageAdminService;
  },
): void {
  const userRoute = { config: { auth: 'user' as const } };
  const admitted = async (request: FastifyRequest): Promise<SignedInCaller> => {
    const caller = signedInCaller(request);
    await deps.access.require(caller, 'administer');
    return caller;
  };

  app.get(`${ADMIN}/users`, userRoute, async (request) => {
    const caller = await admitted(request);
    return deps.operator.listUsers(
      { caller },
      parseInput(z.looseObject(AdminUsersQuery.shape), request.query),
    );
  });

  app.post(`${ADMIN}/users/:id/disable`, userRoute, async (request) => {
    const caller = await admitted(request);
    const { id } = parseInput(IdParam, request.params);
    return deps.operator.setDisabled({ caller }, id, true);
  });

  app.post(`${ADMIN}/users/:id/enable`, userRoute, async (request) => {
    const caller = await admitted(request);
    const { id } = parseInput(IdParam, request.params);
    return deps.operator.setDisabled({ caller }, id, false);
  });

  app.post(`${ADMIN}/announcements`, userRoute, async (request) => {
    const caller = await admitted(request);
    const body = parseInput(AnnouncementBody, request.body);
    const { id, total } = await deps.announcements.send({ caller }, body, request.headers.origin);
    return { id, total };
  });

  app.get(`${ADMIN}/announcements`, userRoute, async (request) => {
    const caller = await admitted(request);
    return deps.announcements.list({ caller });
  });

  app.get(`${ADMIN}/audit`, userRoute, async (request) => {
    const caller = await admitted(request);
    return deps.operator.auditLog({ caller }, parseInput(z.looseObject(AuditLogQuery.shape), request.query));
  });

  app.get(`${ADMIN}/terms`, userRoute, async (request) => {
    const caller = await admitted(request);
    return deps.terms.list({ caller });
  });

  app.post(`${ADMIN}/terms`, userRoute, async (request, reply) => {
    const caller = await admitted(request);
    await deps.terms.publish({ caller }, parseInput(PublishTermsBody, request.body));
    return reply.status(201).send({ ok: true });
  });

  app.get(`${ADMIN}/cards`, userRoute, async (request) => {
    const caller = await admitted(request);
    return deps.cards.listAll({ caller });
  });

  app.post(`${ADMIN}/cards`, userRoute, async (request, reply) => {
    const caller = await admitted(request);
    return reply.status(201).send(await deps.cards.create({ caller }, parseInput(NewCardBody, request.body)));
  });

  app.post(`${ADMIN}/cards/:id/end`, userRoute, async (request) => {
    const caller = await admitted(request);
    const { id } = parseInput(IdParam, request.params);
    await deps.cards.end({ caller }, id);
    return { ok: true };
  });

  registerOperationsRoutes(app, { operations: deps.operations, admitted });
  registerStorageRoutes(app, { storage: deps.storage, admitted });
}
