import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  APP_BASE_PATH,
  ClientErrorBody,
  ClientStatsBody,
  EMAIL_CONSENT_ONE_CLICK_PATH,
  EmailConsentBody,
  EmailConsentQuery,
  SetConsentBody,
  StatisticsEventsBody,
} from '@trove/contract';
import { z } from 'zod/mini';
import { BadRequestError, parseInput } from '../../errors.ts';
import { signedInCaller } from '../../http/auth.ts';
import { multipartParts } from '../../http/multipart.ts';
import type { PrivacyService } from './privacy.service.ts';

/** Where the unsubscribe link's GET and its RFC 8058 one-click POST go. */
const ONE_CLICK_PATH = EMAIL_CONSENT_ONE_CLICK_PATH;

const OneClickQuery = z.object({ id: EmailConsentQuery.shape.email_consent_identifier });
/** RFC 8058 §3.1: the POST body is exactly `List-Unsubscribe=One-Click`. */
const OneClickBody = z.object({ 'List-Unsubscribe': z.literal('One-Click') });

/**
 * Consents (spec 001 §7 consent_values, issue #24 consent_history), usage events and client
 * stats (§7), crash reports (§8), and the e-mail consent calls the unsubscribe page and mail clients make
 * (§7 /user/email_consent, RFC 8058 one-click). See [Note: Consent events].
 */
export function registerPrivacyRoutes(
  app: FastifyInstance,
  deps: { privacy: PrivacyService; testRoutes: boolean },
): void {
  const userRoute = { config: { auth: 'user' as const } };
  // The identifier is the credential ([Note: Email consent identifiers]).
  const signedRoute = { config: { auth: 'signed' as const } };

  app.get(`${APP_BASE_PATH}/data_protection/consent_values`, userRoute, async (request) =>
    deps.privacy.getConsents(signedInCaller(request)),
  );

  app.post(`${APP_BASE_PATH}/data_protection/consent_values`, userRoute, async (request) => {
    const { key, value } = parseInput(SetConsentBody, request.body);
    return deps.privacy.setConsent(signedInCaller(request), key, value);
  });

  app.get(`${APP_BASE_PATH}/data_protection/consent_history`, userRoute, async (request) =>
    deps.privacy.history(signedInCaller(request)),
  );

  app.post(`${APP_BASE_PATH}/user_statistics_events`, userRoute, async (request) => {
    const { events } = parseInput(StatisticsEventsBody, request.body);
    return deps.privacy.recordEvents(signedInCaller(request), events);
  });

  app.post(`${APP_BASE_PATH}/client_stats`, userRoute, async (request) => {
    const { stats } = parseInput(ClientStatsBody, request.body);
    return deps.privacy.recordClientStats(signedInCaller(request), stats);
  });

  app.post(`${APP_BASE_PATH}/client_errors`, userRoute, async (request) => {
    const report = parseInput(ClientErrorBody, request.body);
    return deps.privacy.recordClientError(signedInCaller(request), report);
  });

  app.get('/user/email_consent', signedRoute, async (request) => {
    const { email_consent_identifier } = parseInput(EmailConsentQuery, request.query);
    return deps.privacy.readEmailConsent(email_consent_identifier);
  });

  app.post('/user/email_consent', signedRoute, async (request) => {
    const body = parseInput(EmailConsentBody, request.body);
    return deps.privacy.setEmailConsent(body.email_consent_identifier, body.email_consent, 'email_consent');
  });

  // A GET of the List-Unsubscribe link (a person's click, or a scanner's) changes nothing:
  // it shows the unsubscribe page, where the person chooses (spec 001 §4 Unsubscribe page).
  app.get(ONE_CLICK_PATH, signedRoute, async (request, reply) => {
    const { id } = parseInput(OneClickQuery, request.query);
    return reply.redirect(`/settings/unsubscribe?id=${encodeURIComponent(id)}`, 303);
  });

  // RFC 8058 one-click: the mail client POSTs `List-Unsubscribe=One-Click` as a form, url-encoded
  // or (RFC 8058 §3.2: "SHOULD be sent as multipart/form-data") multipart.
  void app.register((scope, _options, registered) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
    scope.post(ONE_CLICK_PATH, signedRoute, async (request) => {
      const { id } = parseInput(OneClickQuery, request.query);
      parseInput(OneClickBody, request.isMultipart() ? await multipartFields(request) : request.body);
      return deps.privacy.setEmailConsent(id, false, 'one_click');
    });
    registered();
  });

  if (deps.testRoutes) {
    // spec 001 §7 "Test only": only when the server is configured for tests (TEST_ROUTES).
    app.post(`${APP_BASE_PATH}/test/email_consent_id`, userRoute, async (request) =>
      deps.privacy.emailConsentId(signedInCaller(request)),
    );
  }
}

/** The text fields of a small multipart form (a one-click body); a file part is refused. */
async function multipartFields(request: FastifyRequest): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  for await (const part of multipartParts(request)) {
    if (part.type === 'file') {
      part.file.resume();
      throw new BadRequestError('A one-click unsubscribe carries no file');
    }
    if (typeof part.value === 'string') fields[part.fieldname] = part.value;
  }
  return fields;
}
