import type { FastifyInstance } from 'fastify';
import { APP_BASE_PATH, CreateAlbumBody, JobListQuery } from '@trove/contract';
import { z } from 'zod';
import { parseInput } from '../../errors.ts';
import { requireAuth } from '../../http/auth.ts';
import type { JobsService } from './jobs.service.ts';

const JobParams = z.object({ id: z.string().min(1).max(100) });

/** GET /jobs, /jobs/default, /jobs/{id} and POST /jobs (spec 000 §7 Jobs). */
export function registerJobRoutes(app: FastifyInstance, deps: { jobs: JobsService }): void {
  const userRoute = { config: { auth: 'user' as const } };

  app.get(`${APP_BASE_PATH}/jobs/default`, userRoute, async (request) =>
    deps.jobs.getDefault(requireAuth(request)),
  );

  app.get(`${APP_BASE_PATH}/jobs`, userRoute, async (request) => {
    const query = parseInput(JobListQuery.loose(), request.query);
    return deps.jobs.list(requireAuth(request), query.stories === '1');
  });

  app.get(`${APP_BASE_PATH}/jobs/:id`, userRoute, async (request) => {
    const { id } = parseInput(JobParams, request.params);
    return deps.jobs.get(requireAuth(request), id);
  });

  app.post(`${APP_BASE_PATH}/jobs`, userRoute, async (request) => {
    const body = parseInput(CreateAlbumBody, request.body ?? {});
    return deps.jobs.createAlbum(requireAuth(request), body);
  });
}
