import type { FastifyInstance } from 'fastify';
import { APP_BASE_PATH, OptionBody, OptionName } from '@trove/contract';
import { z } from 'zod/mini';
import { parseInput } from '../../errors.ts';
import { signedInCaller } from '../../http/auth.ts';
import type { OptionsService } from './options.service.ts';

const OptionParams = z.object({ name: OptionName });

/** GET, PUT {value} and DELETE /options/{name} (spec 000 §7 Options): the caller's own. */
export function registerOptionRoutes(app: FastifyInstance, deps: { options: OptionsService }): void {
  const userRoute = { config: { auth: 'user' as const } };
  const base = `${APP_BASE_PATH}/options/:name`;

  app.get(base, userRoute, async (request) => {
    const { name } = parseInput(OptionParams, request.params);
    return deps.options.get(signedInCaller(request).userId, name);
  });

  app.put(base, userRoute, async (request) => {
    const { name } = parseInput(OptionParams, request.params);
    const { value } = parseInput(OptionBody, request.body);
    return deps.options.put(signedInCaller(request).userId, name, value);
  });

  app.delete(base, userRoute, async (request) => {
    const { name } = parseInput(OptionParams, request.params);
    return deps.options.remove(signedInCaller(request).userId, name);
  });
}
