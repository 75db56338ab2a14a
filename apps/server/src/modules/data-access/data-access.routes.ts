import type { FastifyInstance } from 'fastify';
import { APP_BASE_PATH } from '@trove/contract';
import { z } from 'zod/mini';
import { parseInput } from '../../errors.ts';
import { signedInCaller } from '../../http/auth.ts';
import { createArchiveSender } from '../archives/archive-sender.ts';
import type { DataAccessService } from './data-access.service.ts';
import type { ArchiveMeter } from '../../metrics/metrics.ts';

// Taken as text: the signer accepts only the canonical spelling of exp (see [Note: Media URLs]).
const ExportQuery = z.object({
  export: z.string().check(z.minLength(1), z.maxLength(100)),
  exp: z.string().check(z.minLength(1), z.maxLength(20)),
  sid: z.string().check(z.minLength(1), z.maxLength(100)),
  sig: z.string().check(z.minLength(1), z.maxLength(100)),
});

/**
 * Data access (spec 001 §7): GET /data_protection/request_data_access_availability; the
 * request, a POST that freezes the export and answers a signed URL (the token never goes in
 * a URL, see docs/SPEC-DEVIATIONS.md "data access"); the browser's navigation to that URL,
 * which streams the zip with an exact length and byte ranges.
 */
export function registerDataAccessRoutes(
  app: FastifyInstance,
  deps: { dataAccess: DataAccessService; meter: ArchiveMeter },
): void {
  // Both need a fresh sign-in (spec 001 §6): the service asks ([Note: Fresh login]).
  const userRoute = { config: { auth: 'user' as const } };
  const signedRoute = { config: { auth: 'signed' as const } };
  const send = createArchiveSender(deps.meter);

  app.get(`${APP_BASE_PATH}/data_protection/request_data_access_availability`, userRoute, async (request) =>
    deps.dataAccess.availability(signedInCaller(request)),
  );

  app.post(`${APP_BASE_PATH}/data_protection/request_data_access`, userRoute, async (request) =>
    deps.dataAccess.request(signedInCaller(request)),
  );

  app.get(`${APP_BASE_PATH}/data_protection/request_data_access`, signedRoute, async (request, reply) => {
    const query = parseInput(ExportQuery, request.query);
    return send(request, reply, await deps.dataAccess.open(query.export, query), 'export');
  });
}
