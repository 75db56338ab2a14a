import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  IdpSignInBody,
  IdpSignUpBody,
  PreflightQuery,
  TokenExchangeBody,
  type IdpResult,
} from '@trove/contract';
import { z } from 'zod/mini';
import { AppError, parseInput } from '../errors.ts';
import { randomSecret } from './crypto.ts';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_S } from './device-cookie.ts';
import {
  OIDC_CALLBACK_PATH,
  type BrowserContext,
  type IdpService,
  type PasswordStepResult,
} from './idp.service.ts';

/** HttpOnly cookie binding a login in progress to the browser that started it. */
const BROWSER_COOKIE = 'trove_login';
const COOKIE_MAX_AGE_S = 60 * 60;

/** Login-host routes of spec 001 §7 and the built-in identity provider behind them. */
export function registerIdpRoutes(app: FastifyInstance, deps: { idp: IdpService }): void {
  const { idp } = deps;
  const publicRoute = { config: { auth: 'public' as const } };

  app.get('/idp/preflight', publicRoute, async (request, reply) => {
    const query = parseInput(PreflightQuery, request.query);
    try {
      return await idp.preflight(query, browserContext(request, reply));
    } catch (error) {
      // The usual cause is a server opened under an address it was not configured for: the
      // operator reads in the log which address, and what to set.
      if (error instanceof AppError && error.code === 'invalid_redirect') request.log.warn(error.message);
      throw error;
    }
  });

  app.get('/idp/request', publicRoute, async (request, reply) => {
    const { state } = parseInput(
      z.object({ state: z.string().check(z.minLength(1), z.maxLength(200)) }),
      request.query,
    );
    return idp.requestInfo(state, browserContext(request, reply));
  });

  app.post('/idp/sign-in', publicRoute, async (request, reply) => {
    const step = await idp.signIn(parseInput(IdpSignInBody, request.body), browserContext(request, reply));
    return rememberDevice(request, reply, step);
  });

  app.post('/idp/sign-up', publicRoute, async (request, reply) => {
    const step = await idp.signUp(parseInput(IdpSignUpBody, request.body), browserContext(request, reply));
    return rememberDevice(request, reply, step);
  });

  app.post('/idp/token', publicRoute, async (request, reply) =>
    idp.exchange(parseInput(TokenExchangeBody, request.body), browserContext(request, reply)),
  );

  app.get(OIDC_CALLBACK_PATH, publicRoute, async (request, reply) => {
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    try {
      const { redirect_to } = await idp.finishOidc(search, browserContext(request, reply));
      return await reply.redirect(redirect_to, 302);
    } catch (error) {
      request.log.warn({ err: error }, 'external sign-in failed');
      return reply.redirect('/error/login_failed', 302);
    }
  });
}

/** Reads the browser cookie, setting a new one when the browser has none yet. */
function browserContext(request: FastifyRequest, reply: FastifyReply): BrowserContext {
  let secret = request.cookies[BROWSER_COOKIE];
  if (!secret || !/^[A-Za-z0-9_-]{43}$/.test(secret)) {
    secret = randomSecret(32);
    reply.setCookie(BROWSER_COOKIE, secret, {
      path: '/idp',
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      maxAge: COOKIE_MAX_AGE_S,
    });
  }
  return { browserSecret: secret, clientIp: request.ip, deviceCookie: request.cookies[DEVICE_COOKIE] };
}

/** Keeps the device cookie of a browser that proved the password (see [Note: Sign-in throttle]). */
function rememberDevice(request: FastifyRequest, reply: FastifyReply, step: PasswordStepResult): IdpResult {
  reply.setCookie(DEVICE_COOKIE, step.deviceCookie, {
    path: '/idp',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
  return step.result;
}
