import type { FastifyInstance, FastifyRequest } from 'fastify';
import { APP_BASE_PATH, AdminGrantBody, AdminReadOnlyBody } from '@trove/contract';
import { z } from 'zod/mini';
import { parseInput } from '../../errors.ts';
import type { SignedInCaller } from '../../access/caller.ts';
import type { StorageAdminService } from './storage.service.ts';

const ADMIN = `${APP_BASE_PATH}/admin`;
const IdParam = z.object({ id: z.string().check(z.maxLength(64)) });

/**
 * Issue #25's operator area: an account's storage and grants, and read-only (docs/API.md).
 * `admitted` is the admin area's own gate (admin.routes.ts), asked before any input is read.
 */
export function registerStorageRoutes(
  app: FastifyInstance,
  deps: { storage: StorageAdminService; admitted: (request: FastifyRequest) => Promise<SignedInCaller> },
): void {
  const userRoute = { config: { auth: 'user' as const } };
  const { storage, admitted } = deps;

  app.get(`${ADMIN}/users/:id/storage`, userRoute, async (request) => {
    const caller = await admitted(request);
    return storage.storage({ caller }, parseInput(IdParam, request.params).id);
  });

  app.post(`${ADMIN}/users/:id/grants`, userRoute, async (request) => {
    const caller = await admitted(request);
    const { id } = parseInput(IdParam, request.params);
    return storage.grant({ caller }, id, parseInput(AdminGrantBody, request.body));
  });

  app.post(`${ADMIN}/grants/:id/end`, userRoute, async (request) => {
    const caller = await admitted(request);
    return storage.end({ caller }, parseInput(IdParam, request.params).id);
  });

  app.post(`${ADMIN}/users/:id/read_only`, userRoute, async (request) => {
    const caller = await admitted(request);
    const { id } = parseInput(IdParam, request.params);
    return storage.setReadOnly({ caller }, id, parseInput(AdminReadOnlyBody, request.body).read_only);
  });
}
