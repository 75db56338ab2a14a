import type { FastifyInstance, FastifyRequest } from 'fastify';
import { APP_BASE_PATH, AdminPageQuery } from '@trove/contract';
import { z } from 'zod/mini';
import { parseInput } from '../../errors.ts';
import type { SignedInCaller } from '../../access/caller.ts';
import type { OperationsService } from './operations.service.ts';

const ADMIN = `${APP_BASE_PATH}/admin`;
const IdParam = z.object({ id: z.string().check(z.maxLength(64)) });

/**
 * The admin area's view of background work (issue #24): account deletions and work items.
 * `admitted` is the admin area's own gate (admin.routes.ts), asked before any input is read.
 */
export function registerOperationsRoutes(
  app: FastifyInstance,
  deps: { operations: OperationsService; admitted: (request: FastifyRequest) => Promise<SignedInCaller> },
): void {
  const userRoute = { config: { auth: 'user' as const } };
  const { operations, admitted } = deps;
  const page = (request: FastifyRequest) => parseInput(z.looseObject(AdminPageQuery.shape), request.query);

  app.get(`${ADMIN}/deletions`, userRoute, async (request) => {
    const caller = await admitted(request);
    return operations.listDeletions({ caller }, page(request));
  });

  app.post(`${ADMIN}/deletions/:id/restore`, userRoute, async (request) => {
    const caller = await admitted(request);
    await operations.restoreDeletion({ caller }, parseInput(IdParam, request.params).id);
    return { ok: true };
  });

  app.post(`${ADMIN}/deletions/:id/retry`, userRoute, async (request) => {
    const caller = await admitted(request);
    await operations.retryDeletion({ caller }, parseInput(IdParam, request.params).id);
    return { ok: true };
  });

  app.get(`${ADMIN}/work_items`, userRoute, async (request) => {
    const caller = await admitted(request);
    return operations.listWorkItems({ caller }, page(request));
  });

  app.post(`${ADMIN}/work_items/:id/retry`, userRoute, async (request) => {
    const caller = await admitted(request);
    await operations.retryWorkItem({ caller }, parseInput(IdParam, request.params).id);
    return { ok: true };
  });
}
