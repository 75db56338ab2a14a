import type { FastifyInstance } from 'fastify';
import { APP_BASE_PATH, SetConsentBody, StatisticsEventsBody } from '@trove/contract';
import { parseInput } from '../../errors.ts';
import { signedInCaller } from '../../http/auth.ts';
import type { PrivacyService } from './privacy.service.ts';

/** GET and POST /data_protection/consent_values and POST /user_statistics_events (spec 001 §7). */
export function registerPrivacyRoutes(app: FastifyInstance, deps: { privacy: PrivacyService }): void {
  const userRoute = { config: { auth: 'user' as const } };

  app.get(`${APP_BASE_PATH}/data_protection/consent_values`, userRoute, async (request) =>
    deps.privacy.getConsents(signedInCaller(request).userId),
  );

  app.post(`${APP_BASE_PATH}/data_protection/consent_values`, userRoute, async (request) => {
    const { key, value } = parseInput(SetConsentBody, request.body);
    return deps.privacy.setConsent(signedInCaller(request).userId, key, value);
  });

  app.post(`${APP_BASE_PATH}/user_statistics_events`, userRoute, async (request) => {
    const { events } = parseInput(StatisticsEventsBody, request.body);
    return deps.privacy.recordEvents(signedInCaller(request).userId, events);
  });
}
