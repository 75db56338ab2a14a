import type { FastifyInstance } from 'fastify';
import { APP_BASE_PATH, type OkResponse } from '@trove/contract';
import { z } from 'zod/mini';
import { parseInput } from '../../errors.ts';
import { signedInCaller } from '../../http/auth.ts';
import type { SessionsService } from './sessions.service.ts';

const ok: OkResponse = { ok: true };

/** POST /logout, GET /devices, DELETE /devices/{id} (spec 001 §7). */
export function registerSessionRoutes(app: FastifyInstance, deps: { sessions: SessionsService }): void {
  const userRoute = { config: { auth: 'user' as const } };

  app.post(`${APP_BASE_PATH}/logout`, userRoute, async (request) => {
    await deps.sessions.logout(signedInCaller(request));
    return ok;
  });

  app.get(`${APP_BASE_PATH}/devices`, userRoute, async (request) =>
    deps.sessions.listDevices(signedInCaller(request)),
  );

  app.delete(`${APP_BASE_PATH}/devices/:id`, userRoute, async (request) => {
    const { id } = parseInput(
      z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) }),
      request.params,
    );
    await deps.sessions.removeDevice(signedInCaller(request), id);
    return ok;
  });
}
