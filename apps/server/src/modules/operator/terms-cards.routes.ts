import type { FastifyInstance, FastifyRequest } from 'fastify';
import { APP_BASE_PATH, ApproveTosBody, AppLangQuery, brandForHost, type Brand } from '@trove/contract';
import { z } from 'zod/mini';
import { parseInput } from '../../errors.ts';
import { signedInCaller } from '../../http/auth.ts';
import type { TermsService } from './terms.service.ts';
import type { CardsService } from './cards.service.ts';

const Version = z.object({ version: z.string().check(z.maxLength(40)) });
const CardId = z.object({ id: z.string().check(z.maxLength(64)) });

/**
 * The user's side of terms and cards (spec 001 §7): POST /approve_tos, GET /tos/{version}
 * (ours: the text the terms prompt shows, docs/API.md), GET /v2/full_screen_cards and
 * POST /full_screen_cards/{id}/dismiss.
 */
export function registerTermsCardsRoutes(
  app: FastifyInstance,
  deps: { terms: TermsService; cards: CardsService; brands: { intl: Brand; no: Brand } },
): void {
  const userRoute = { config: { auth: 'user' as const } };
  // A card for one brand's users goes to those who came to that brand's host (spec 001 §1).
  const contextOf = (request: FastifyRequest) => ({
    brand: brandForHost(request.hostname, deps.brands).id,
    appLang: parseInput(z.looseObject(AppLangQuery.shape), request.query).app_lang,
  });

  app.post(`${APP_BASE_PATH}/approve_tos`, userRoute, async (request) => {
    const { tos_version } = parseInput(ApproveTosBody, request.body);
    await deps.terms.approve(signedInCaller(request), tos_version);
    return { ok: true };
  });

  app.get(`${APP_BASE_PATH}/tos/:version`, userRoute, async (request) => {
    const { version } = parseInput(Version, request.params);
    const { app_lang } = parseInput(z.looseObject(AppLangQuery.shape), request.query);
    return deps.terms.document(signedInCaller(request), version, app_lang);
  });

  app.get(`${APP_BASE_PATH}/v2/full_screen_cards`, userRoute, async (request) =>
    deps.cards.list(signedInCaller(request), contextOf(request)),
  );

  app.post(`${APP_BASE_PATH}/full_screen_cards/:id/dismiss`, userRoute, async (request) => {
    const { id } = parseInput(CardId, request.params);
    await deps.cards.dismiss(signedInCaller(request), id, contextOf(request));
    return { ok: true };
  });
}
