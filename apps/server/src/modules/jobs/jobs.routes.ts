import type { FastifyInstance } from 'fastify';
import {
  ALBUM_AUTH_HEADER,
  APP_BASE_PATH,
  AlbumAuthValue,
  CreateAlbumBody,
  JobInfoQuery,
  JobListQuery,
} from '@trove/contract';
import { z } from 'zod/mini';
import { parseInput } from '../../errors.ts';
import { callerOf, signedInCaller } from '../../http/auth.ts';
import type { JobsService } from './jobs.service.ts';

const JobParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) });

/** GET /jobs, /jobs/default, /jobs/{id}/info, POST /jobs and the album password (spec 000 §7 Jobs). */
export function registerJobRoutes(app: FastifyInstance, deps: { jobs: JobsService }): void {
  const userRoute = { config: { auth: 'user' as const } };
  // Visitors of shared albums read an album's info and give its password (spec 000 §6).
  const visitorRoute = { config: { auth: 'visitor' as const } };

  app.get(`${APP_BASE_PATH}/jobs/default`, userRoute, async (request) =>
    deps.jobs.getDefault(signedInCaller(request)),
  );

  app.get(`${APP_BASE_PATH}/jobs`, userRoute, async (request) => {
    const query = parseInput(z.looseObject(JobListQuery.shape), request.query);
    return deps.jobs.list(signedInCaller(request), query.stories === '1', query.include_details === '1');
  });

  app.get(`${APP_BASE_PATH}/jobs/:id/info`, visitorRoute, async (request) => {
    const { id } = parseInput(JobParams, request.params);
    const query = parseInput(z.looseObject(JobInfoQuery.shape), request.query);
    return deps.jobs.info(callerOf(request), id, query.include_details === '1');
  });

  app.post(`${APP_BASE_PATH}/jobs`, userRoute, async (request) => {
    const body = parseInput(CreateAlbumBody, request.body ?? {});
    return deps.jobs.createAlbum(signedInCaller(request), body);
  });

  // The album auth value comes in a header, never the URL (see [Note: Visitors]).
  app.post(`${APP_BASE_PATH}/jobs/:id/auth`, visitorRoute, async (request) => {
    const { id } = parseInput(JobParams, request.params);
    const value = parseInput(AlbumAuthValue, request.headers[ALBUM_AUTH_HEADER]);
    return deps.jobs.unlock(callerOf(request), id, value);
  });
}
