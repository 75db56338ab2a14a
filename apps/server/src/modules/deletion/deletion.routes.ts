import type { FastifyInstance } from 'fastify';
import { AccountDeletionQuery, APP_BASE_PATH } from '@trove/contract';
import { parseInput } from '../../errors.ts';
import { signedInCaller } from '../../http/auth.ts';
import type { DeletionService } from './deletion.service.ts';

/** POST /data_protection/request_account_deletion (spec 001 §7; see [Note: Account deletion]). */
export function registerDeletionRoutes(app: FastifyInstance, deps: { deletion: DeletionService }): void {
  app.post(
    `${APP_BASE_PATH}/data_protection/request_account_deletion`,
    { config: { auth: 'user' as const } },
    async (request) => {
      const { app_lang } = parseInput(AccountDeletionQuery, request.query);
      return deps.deletion.request(signedInCaller(request), app_lang ?? 'en_US');
    },
  );
}
