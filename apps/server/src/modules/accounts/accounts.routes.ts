import { z } from 'zod/mini';
import type { FastifyInstance } from 'fastify';
import { AccountInfoQuery, APP_BASE_PATH, SetNameBody } from '@trove/contract';
import { parseInput } from '../../errors.ts';
import { signedInCaller } from '../../http/auth.ts';
import type { AccountsService } from './accounts.service.ts';

/** GET /account_info and POST /name (spec 001 §7). */
export function registerAccountRoutes(app: FastifyInstance, deps: { accounts: AccountsService }): void {
  const userRoute = { config: { auth: 'user' as const } };

  app.get(`${APP_BASE_PATH}/account_info`, userRoute, async (request) => {
    parseInput(z.looseObject(AccountInfoQuery.shape), request.query);
    return deps.accounts.getInfo(signedInCaller(request));
  });

  app.post(`${APP_BASE_PATH}/name`, userRoute, async (request) => {
    const { name } = parseInput(SetNameBody, request.body);
    return deps.accounts.setName(signedInCaller(request), name);
  });
}
