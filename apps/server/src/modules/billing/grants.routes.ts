import type { FastifyInstance } from 'fastify';
import { APP_BASE_PATH } from '@trove/contract';
import { signedInCaller } from '../../http/auth.ts';
import type { GrantsService } from './grants.service.ts';

/** GET /user_grants (spec 001 §7 "none; result.grants"). */
export function registerGrantsRoutes(app: FastifyInstance, deps: { grants: GrantsService }): void {
  app.get(`${APP_BASE_PATH}/user_grants`, { config: { auth: 'user' as const } }, async (request) =>
    deps.grants.list(signedInCaller(request)),
  );
}
