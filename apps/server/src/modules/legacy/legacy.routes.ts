import type { FastifyInstance } from 'fastify';
import { APP_BASE_PATH } from '@trove/contract';
import { signedInCaller } from '../../http/auth.ts';
import type { LegacyService } from './legacy.service.ts';

/** GET and POST /digital_legacy (spec 001 §7), behind a fresh sign-in (spec 001 §6). */
export function registerLegacyRoutes(app: FastifyInstance, deps: { legacy: LegacyService }): void {
  const userRoute = { config: { auth: 'user' as const } };
  app.get(`${APP_BASE_PATH}/digital_legacy`, userRoute, async (request) =>
    deps.legacy.get(signedInCaller(request)),
  );
  app.post(`${APP_BASE_PATH}/digital_legacy`, userRoute, async (request) =>
    deps.legacy.set(signedInCaller(request), request.body),
  );
}
