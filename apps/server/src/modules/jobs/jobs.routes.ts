import type { FastifyInstance } from 'fastify';
import { APP_BASE_PATH, JobListQuery } from '@trove/contract';
import { parseInput } from '../../errors.ts';
import { requireAuth } from '../../http/auth.ts';
import type { JobsService } from './jobs.service.ts';

/** GET /jobs and GET /jobs/default (spec 000 §7 Jobs). */
export function registerJobRoutes(app: FastifyInstance, deps: { jobs: JobsService }): void {
  const userRoute = { config: { auth: 'user' as const } };

  app.get(`${APP_BASE_PATH}/jobs/default`, userRoute, async (request) =>
    deps.jobs.getDefault(requireAuth(request)),
  );

  app.get(`${APP_BASE_PATH}/jobs`, userRoute, async (request) => {
    const query = parseInput(JobListQuery.loose(), request.query);
    return deps.jobs.list(requireAuth(request), query.stories === '1');
  });
}
