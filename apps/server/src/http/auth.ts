import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BASIC_AUTH_USER, ClientQuery, FOREIGN_AUTH_HEADER, GUEST_AUTH_HEADER } from '@trove/contract';
import { AppError, UnauthorizedError, UserDisabledError } from '../errors.ts';
import type { Caller } from '../access/access.ts';
import type { AuthContext, SessionsService } from '../modules/sessions/sessions.service.ts';

/**
 * Who may call a route. Every route must say; one that does not fails the start. `signed`
 * routes take no token: a signature in their URL, checked by their service, is the
 * credential (media for `<img>` and `<video>`, see [Note: Media URLs]). `visitor` routes
 * serve signed-in users and visitors of shared albums alike (spec 000 §6): a token, when
 * sent, must be valid; without one the caller is a visitor and `access/` decides.
 */
export type RouteAuth = 'public' | 'user' | 'signed' | 'visitor';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
  interface FastifyRequest {
    /** Set for `auth: 'user'` routes once the token checked out. */
    auth: AuthContext | null;
    /** The optional foreign-auth value (spec 001 §7), taken from a header, never the URL. */
    foreignAuth: string | null;
    /** The optional guest token of a visitor who comments (see [Note: Guests]), from a header. */
    guestAuth: string | null;
  }
}

/** Reads `Authorization: Basic base64("token:" + token)`; undefined for anything else. */
export function parseBasicToken(header: string | undefined): string | undefined {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0 || decoded.slice(0, colon) !== BASIC_AUTH_USER) return undefined;
  const token = decoded.slice(colon + 1);
  return token === '' ? undefined : token;
}

/**
 * The auth plugin (spec 001 §7): app-host calls carry `key`, `client_v` and `device_id`
 * and HTTP Basic built from the token. Every failure is the same 401, whatever failed.
 */
export const authPlugin = fp(
  (app: FastifyInstance, opts: { sessions: SessionsService; clientKeys: readonly string[] }) => {
    app.decorateRequest('auth', null);
    app.decorateRequest('foreignAuth', null);
    app.decorateRequest('guestAuth', null);

    app.addHook('onRoute', (route) => {
      const auth = route.config?.auth;
      if (auth !== 'public' && auth !== 'user' && auth !== 'signed' && auth !== 'visitor') {
        throw new Error(`route ${route.method.toString()} ${route.url} does not declare config.auth`);
      }
    });

    app.addHook('preHandler', async (request: FastifyRequest) => {
      const mode = request.routeOptions.config.auth;
      if (mode !== 'user' && mode !== 'visitor') return;
      const query = ClientQuery.safeParse(request.query);
      if (!query.success)
        throw new AppError(400, 'invalid_client', 'key, client_v and device_id are required');
      if (!opts.clientKeys.includes(query.data.key))
        throw new AppError(400, 'invalid_client', 'Unknown client key');
      const foreign = request.headers[FOREIGN_AUTH_HEADER];
      request.foreignAuth = typeof foreign === 'string' && foreign !== '' ? foreign : null;
      const guest = request.headers[GUEST_AUTH_HEADER];
      request.guestAuth = typeof guest === 'string' && guest !== '' ? guest : null;
      // A visitor sends no Authorization at all; a bad one is refused, never read as a visitor.
      if (mode === 'visitor' && request.headers.authorization === undefined) return;
      const token = parseBasicToken(request.headers.authorization);
      if (!token) throw new UnauthorizedError();
      const session = await opts.sessions.authenticate(token, query.data.device_id);
      if (!session) throw new UnauthorizedError();
      if (session.disabled) throw new UserDisabledError();
      request.auth = {
        userId: session.userId,
        sessionId: session.sessionId,
        deviceId: session.deviceId,
        foreignAuth: request.foreignAuth,
      };
    });
  },
  { name: 'trove-auth' },
);

/** The caller of an `auth: 'user'` route; throws if used on a public one by mistake. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new UnauthorizedError();
  return request.auth;
}

/** The caller of a `user` or `visitor` route, as `access/` sees them. */
export function callerOf(request: FastifyRequest): Caller {
  return {
    userId: request.auth?.userId ?? null,
    sessionId: request.auth?.sessionId ?? null,
    foreignAuth: request.foreignAuth,
    guestAuth: request.guestAuth,
    clientIp: request.ip,
  };
}

/** The caller of a `user` route, signed in for sure. */
export function signedInCaller(request: FastifyRequest): Caller & { userId: string; sessionId: string } {
  const auth = requireAuth(request);
  return { ...callerOf(request), userId: auth.userId, sessionId: auth.sessionId };
}
