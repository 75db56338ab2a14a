import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BASIC_AUTH_USER, ClientQuery, FOREIGN_AUTH_HEADER, GUEST_AUTH_HEADER } from '@trove/contract';
import { AppError, UnauthorizedError, UserDisabledError } from '../errors.ts';
import type { Caller, SignedInCaller } from '../access/caller.ts';

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
    /** Set on `user` and `visitor` routes once the request checked out; null elsewhere. */
    caller: Caller | null;
  }
}

/**
 * What the plugin asks of sessions (the sessions service answers): the session a token
 * presented by a device stands for, or undefined for anything not valid. A port, so `http/`
 * needs nothing from the modules above it.
 */
export interface SessionAuthenticator {
  authenticate(
    token: string,
    deviceId: string,
  ): Promise<
    | { userId: string; sessionId: string; deviceId: string; disabled: boolean; authenticatedAt: number }
    | undefined
  >;
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
  (app: FastifyInstance, opts: { sessions: SessionAuthenticator; clientKeys: readonly string[] }) => {
    app.decorateRequest('caller', null);

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
      // The optional foreign-auth value (spec 001 §7) and guest token come from headers, never the URL.
      const foreign = request.headers[FOREIGN_AUTH_HEADER];
      const guest = request.headers[GUEST_AUTH_HEADER];
      const visitor: Caller = {
        userId: null,
        sessionId: null,
        deviceId: null,
        foreignAuth: typeof foreign === 'string' && foreign !== '' ? foreign : null,
        guestAuth: typeof guest === 'string' && guest !== '' ? guest : null,
        clientIp: request.ip,
        authenticatedAt: null,
      };
      // A visitor sends no Authorization at all; a bad one is refused, never read as a visitor.
      if (mode === 'visitor' && request.headers.authorization === undefined) {
        request.caller = visitor;
        return;
      }
      const token = parseBasicToken(request.headers.authorization);
      if (!token) throw new UnauthorizedError();
      const session = await opts.sessions.authenticate(token, query.data.device_id);
      if (!session) throw new UnauthorizedError();
      if (session.disabled) throw new UserDisabledError();
      const { userId, sessionId, deviceId, authenticatedAt } = session;
      request.caller = { ...visitor, userId, sessionId, deviceId, authenticatedAt };
    });
  },
  { name: 'trove-auth' },
);

/** The caller of a `user` or `visitor` route; throws if used on another route by mistake. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new UnauthorizedError();
  return request.caller;
}

/** The caller of a `user` route, signed in for sure. */
export function signedInCaller(request: FastifyRequest): SignedInCaller {
  const caller = callerOf(request);
  const { userId, sessionId, deviceId } = caller;
  if (userId === null || sessionId === null || deviceId === null) throw new UnauthorizedError();
  return { ...caller, userId, sessionId, deviceId };
}
