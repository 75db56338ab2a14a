import { z } from 'zod/mini';
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type {
  IdpRequestInfo,
  IdpResult,
  IdpSignInBody,
  IdpSignUpBody,
  PreflightQuery,
  PreflightResponse,
  TokenExchangeBody,
  TokenExchangeResponse,
} from '@trove/contract';
import { Locale } from '@trove/contract';
import {
  AppError,
  ConflictError,
  InvalidGrantError,
  RateLimitedError,
  UserDisabledError,
} from '../errors.ts';
import type { UsersTable } from '../db/schema.ts';
import { isClosed } from './account-state.ts';
import { constantTimeEqual, pkceChallenge, randomSecret, sha256Hex } from './crypto.ts';
import type { LoginRequestRow, LoginRequestsRepository } from './login-requests.repository.ts';
import type { OidcProvider } from './oidc.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { isAllowedCallback, isSafeRedir } from './redirects.ts';
import type { DeviceCookies } from './device-cookie.ts';
import { QuotaExceeded, type Quotas } from './quota.ts';
import { SIGN_IN_THROTTLE, clientAddressKey, type Throttle, type ThrottleKey } from './throttle.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Sign-ups (issue #23: one address opened 40 accounts in a row). Without e-mail verification
 * an answer "taken" tells whether an address has an account (docs/SPEC-DEVIATIONS.md), so
 * every attempt counts, made or refused, and none is paid back:
 * - per client address 10 an hour, 30 a day (SIGN_UPS_PER_HOUR sets the hour's): a household or a classroom behind one address
 *   signs up; a script probing which addresses have accounts learns 30 a day;
 * - per e-mail address 5 an hour, 10 a day: a person retrying their own address is never
 *   stopped by this, a flood at one address from many clients is.
 */
export function signUpLimits(perClientHour = 10) {
  return { clientPerHour: perClientHour, clientPerDay: 3 * perClientHour, emailPerHour: 5, emailPerDay: 10 };
}

/** A pending login lives 10 minutes; its one-time code 60 seconds (RFC 6749 §4.1.2: short). */
const REQUEST_TTL_MS = 10 * 60_000;
const CODE_TTL_MS = 60_000;
/** How far an external provider's clock may run behind ours when its auth_time is checked. */
const AUTH_TIME_SKEW_MS = 60_000;

export const OIDC_CALLBACK_PATH = '/idp/oidc/callback';

/** The caller of a login step, as far as the identity provider is concerned. */
export interface BrowserContext {
  /** Secret of the HttpOnly cookie that binds a login to the browser that began it. */
  browserSecret: string;
  clientIp: string;
  /** The browser's device cookie, if it has one (see [Note: Sign-in throttle]). */
  deviceCookie: string | undefined;
}

/** The answer of a password step, and the device cookie the browser is to keep. */
export interface PasswordStepResult {
  result: IdpResult;
  deviceCookie: string;
}

type UserRow = Selectable<UsersTable>;

/*
 * What the IdP asks of accounts and sessions. Ports: the accounts repository and service and
 * the sessions service answer them, and `identity/` needs nothing from the modules above it.
 */

/** The account reads of a sign-in. */
export interface IdpAccounts {
  findById(id: string): Promise<UserRow | undefined>;
  findByEmail(email: string): Promise<UserRow | undefined>;
  findByOidcIdentity(issuer: string, subject: string): Promise<UserRow | undefined>;
}

/** Makes an account (with the timeline every user owns); answers the new user's id. */
export interface AccountMaker {
  create(input: {
    email: string;
    name: string;
    passwordHash: string | null;
    oidc?: { issuer: string; subject: string };
  }): Promise<string>;
}

/** Issues the token of a signed-in device (see [Note: Tokens]). */
export interface TokenIssuer {
  /**
   * `authenticatedAt`: when the user proved who they are (see [Note: Fresh login]);
   * `locale`: the sign-in's language.
   */
  issueToken(
    userId: string,
    device: { id: string; name: string },
    signIn?: { authenticatedAt?: number; locale?: string },
  ): Promise<string>;
}

class WrongCredentialsError extends AppError {
  constructor() {
    // One message for unknown e-mail, wrong password and external-only accounts (no enumeration).
    super(401, 'invalid_grant', 'Wrong e-mail or password');
  }
}

/**
 * The built-in identity provider and the OAuth code flow with PKCE of spec 001 §4/§7:
 * preflight → sign-in page → one-time code at the client's callback → token. With an
 * external OpenID Connect provider configured, that provider replaces the sign-in page and
 * this service brokers its answer into the same one-time code.
 */
export function createIdpService(deps: {
  loginRequests: LoginRequestsRepository;
  accounts: IdpAccounts;
  accountsService: AccountMaker;
  sessionsService: TokenIssuer;
  throttle: Throttle;
  quotas: Quotas;
  /** Config SIGN_UPS_PER_HOUR: see signUpLimits. */
  signUpsPerHour: number;
  deviceCookies: DeviceCookies;
  oidc: OidcProvider | undefined;
  /** LOGIN_HOST, or empty: the sign-in page is then on the origin of the client's callback. */
  loginHost: string;
  /** Where login codes may go (config SIGN_IN_ORIGINS); see [Note: Redirect allowlist]. */
  signInOrigins: readonly string[];
  clientName: string;
  now: () => number;
}) {
  const { loginRequests, accounts, throttle, quotas, deviceCookies, oidc, now } = deps;
  const allowedOrigins = new Set(deps.signInOrigins);
  // The callback's origin passed the allowlist, so the sign-in page may live there too.
  const loginBase = (redirectUri: string) => deps.loginHost || new URL(redirectUri).origin;

  async function loadPending(state: string, browser: BrowserContext): Promise<LoginRequestRow> {
    const request = await loginRequests.findByStateHash(sha256Hex(state));
    if (
      !request ||
      !constantTimeEqual(request.browser_hash, sha256Hex(browser.browserSecret)) ||
      request.expires_at <= now() ||
      request.consumed_at !== null ||
      request.code_hash !== null
    ) {
      throw new InvalidGrantError();
    }
    return request;
  }

  /** `authenticatedAt`: when the user proved who they are; the password step's time by default. */
  async function issueCode(
    request: LoginRequestRow,
    state: string,
    userId: string,
    authenticatedAt = now(),
  ): Promise<IdpResult> {
    const code = randomSecret(32);
    const attached = await loginRequests.attachCode(request.id, {
      user_id: userId,
      code_hash: sha256Hex(code),
      code_expires_at: now() + CODE_TTL_MS,
      authenticated_at: authenticatedAt,
    });
    if (!attached) throw new InvalidGrantError();
    const target = new URL(request.redirect_uri);
    target.searchParams.set('code', code);
    target.searchParams.set('state', state);
    return { redirect_to: target.toString() };
  }

  /**
   * Counts a sign-up attempt, made or refused as taken, per client address and per e-mail
   * address ([Note: Quotas], signUpLimits); refuses with 429 beyond.
   */
  async function takeSignUpQuotas(email: string, browser: BrowserContext): Promise<void> {
    const client = clientAddressKey(browser.clientIp);
    const address = sha256Hex(email.toLowerCase());
    const L = signUpLimits(deps.signUpsPerHour);
    await quotas
      .take([
        { key: `signup-client-h:${client}`, limit: L.clientPerHour, windowMs: HOUR_MS, units: 1 },
        { key: `signup-client-d:${client}`, limit: L.clientPerDay, windowMs: DAY_MS, units: 1 },
        { key: `signup-email-h:${address}`, limit: L.emailPerHour, windowMs: HOUR_MS, units: 1 },
        { key: `signup-email-d:${address}`, limit: L.emailPerDay, windowMs: DAY_MS, units: 1 },
      ])
      .catch((error: unknown) => {
        throw error instanceof QuotaExceeded ? new RateLimitedError(error.retryAfterSeconds) : error;
      });
  }

  return {
    /** GET /idp/preflight (spec 001 §7): records the login and says where the browser goes. */
    async preflight(query: PreflightQuery, browser: BrowserContext): Promise<PreflightResponse> {
      if (!isSafeRedir(query.redir))
        throw new AppError(400, 'invalid_redirect', 'redir must be a path of this app');
      if (!isAllowedCallback(query.oauth_redirect_uri, allowedOrigins)) {
        throw new AppError(
          400,
          'invalid_redirect',
          notAllowedMessage(query.oauth_redirect_uri, deps.signInOrigins),
        );
      }
      const t = now();
      await loginRequests.deleteExpired(t);
      const state = randomSecret(32);
      const oidcVerifier = oidc ? randomSecret(32) : null;
      const oidcNonce = oidc ? randomSecret(16) : null;
      await loginRequests.insert({
        id: randomUUID(),
        state_hash: sha256Hex(state),
        browser_hash: sha256Hex(browser.browserSecret),
        code_challenge: query.code_challenge,
        redirect_uri: query.oauth_redirect_uri,
        redir: query.redir,
        locale: query.locale,
        utm_source: query.utm_source ?? null,
        screen: query.screen ?? 'signin',
        device_id: query.device_id,
        device_name: query.device_name,
        oidc_verifier: oidcVerifier,
        oidc_nonce: oidcNonce,
        prompt: query.prompt ?? null,
        authenticated_at: null,
        user_id: null,
        code_hash: null,
        code_expires_at: null,
        consumed_at: null,
        created_at: t,
        expires_at: t + REQUEST_TTL_MS,
      });
      const base = loginBase(query.oauth_redirect_uri);
      const url = oidc
        ? oidc.authorizationUrl({
            redirectUri: base + OIDC_CALLBACK_PATH,
            state,
            codeChallenge: pkceChallenge(oidcVerifier ?? ''),
            nonce: oidcNonce ?? '',
            freshLogin: query.prompt === 'login',
          })
        : builtInAuthorizationUrl(base, query, state);
      const params = Object.fromEntries(url.searchParams);
      url.search = '';
      return { authorization_url: url.toString(), authorization_params: params };
    },

    /** GET /idp/request: what the sign-in page shows for a pending login. */
    async requestInfo(state: string, browser: BrowserContext): Promise<IdpRequestInfo> {
      const request = await loadPending(state, browser);
      return {
        client_name: deps.clientName,
        locale: z.catch(Locale, 'en_US').parse(request.locale),
        screen: request.screen === 'signup' ? 'signup' : 'signin',
        local_accounts: !oidc,
      };
    },

    /** POST /idp/sign-in: checks the password within the budgets of [Note: Sign-in throttle]. */
    async signIn(body: IdpSignInBody, browser: BrowserContext): Promise<PasswordStepResult> {
      if (oidc) throw new InvalidGrantError('Sign-in is handled by the configured identity provider');
      const request = await loadPending(body.state, browser);
      const device = deviceCookies.deviceOf(browser.deviceCookie, body.email);
      const ownKey = device ? `signin:device:${device}` : `signin:account:${body.email}`;
      const keys: ThrottleKey[] = [
        // The address first: an address that must wait leaves the account's budget untouched.
        ...(device ? [] : [clientBudget('signin', browser)]),
        { key: ownKey, policy: SIGN_IN_THROTTLE.account },
      ];
      const reservation = await throttle.reserve(keys);
      const user = await accounts.findByEmail(body.email);
      const ok = await verifyPassword(user?.password_hash, body.password);
      if (!ok || !user) throw new WrongCredentialsError();
      await reservation.succeeded([ownKey]);
      if (isClosed(user)) throw new UserDisabledError();
      return {
        result: await issueCode(request, body.state, user.id),
        deviceCookie: deviceCookies.issue(body.email),
      };
    },

    /** POST /idp/sign-up: creates the account (and its timeline), then signs it in. */
    async signUp(body: IdpSignUpBody, browser: BrowserContext): Promise<PasswordStepResult> {
      if (oidc) throw new InvalidGrantError('Sign-up is handled by the configured identity provider');
      const request = await loadPending(body.state, browser);
      await takeSignUpQuotas(body.email, browser);
      const taken = () => new ConflictError('An account with this e-mail address already exists');
      if (await accounts.findByEmail(body.email)) throw taken();
      const passwordHash = await hashPassword(body.password);
      const userId = await deps.accountsService
        .create({ email: body.email, name: body.name, passwordHash })
        .catch(async (error: unknown) => {
          // Two sign-ups racing for one address: the unique index decides, the loser is told.
          if (await accounts.findByEmail(body.email)) throw taken();
          throw error;
        });
      return {
        result: await issueCode(request, body.state, userId),
        deviceCookie: deviceCookies.issue(body.email),
      };
    },

    /** POST /idp/token: one-time code + PKCE verifier → token for the login's device. */
    async exchange(body: TokenExchangeBody, browser: BrowserContext): Promise<TokenExchangeResponse> {
      const request = await loginRequests.findByStateHash(sha256Hex(body.state));
      const valid =
        request !== undefined &&
        constantTimeEqual(request.browser_hash, sha256Hex(browser.browserSecret)) &&
        request.code_hash !== null &&
        request.user_id !== null &&
        (request.code_expires_at ?? 0) > now() &&
        request.consumed_at === null &&
        constantTimeEqual(request.code_hash, sha256Hex(body.code)) &&
        constantTimeEqual(request.code_challenge, pkceChallenge(body.code_verifier));
      if (!valid || !request.user_id || !(await loginRequests.consume(request.id, now()))) {
        throw new InvalidGrantError();
      }
      const user = await accounts.findById(request.user_id);
      if (!user) throw new InvalidGrantError();
      if (isClosed(user)) throw new UserDisabledError();
      const token = await deps.sessionsService.issueToken(
        user.id,
        { id: request.device_id, name: request.device_name },
        {
          ...(request.authenticated_at !== null && { authenticatedAt: request.authenticated_at }),
          ...(request.locale && { locale: request.locale }),
        },
      );
      return { auth_token: token, user_uuid: user.id, redir: request.redir };
    },

    /**
     * GET /idp/oidc/callback: finishes the external provider's flow, finds or creates the
     * account of that identity, and hands the client our own one-time code. `search` is the
     * callback's query string; the URL around it is the one the preflight named, never the
     * request's Host.
     */
    async finishOidc(search: string, browser: BrowserContext): Promise<IdpResult> {
      const state = new URLSearchParams(search).get('state') ?? '';
      if (!oidc) throw new InvalidGrantError();
      const request = await loadPending(state, browser);
      const callbackUrl = new URL(OIDC_CALLBACK_PATH + search, loginBase(request.redirect_uri));
      const identity = await oidc
        .finish(callbackUrl, {
          state,
          codeVerifier: request.oidc_verifier ?? '',
          nonce: request.oidc_nonce ?? '',
        })
        .catch(() => {
          throw new InvalidGrantError('The identity provider did not confirm the sign-in');
        });
      let user = await accounts.findByOidcIdentity(oidc.issuer, identity.subject);
      if (!user) {
        // Never link by e-mail: an account made another way stays that way (RFC 9700 §4.x,
        // account takeover through an IdP that lets users claim any address).
        if (await accounts.findByEmail(identity.email)) {
          throw new ConflictError('An account with this e-mail address already exists');
        }
        const id = await deps.accountsService.create({
          email: identity.email,
          name: identity.name,
          passwordHash: null,
          oidc: { issuer: oidc.issuer, subject: identity.subject },
        });
        user = await accounts.findById(id);
      }
      if (!user) throw new InvalidGrantError();
      if (isClosed(user)) throw new UserDisabledError();
      // A fresh login the provider did not do: it answered from a session older than the
      // request, or without saying when it authenticated (OIDC Core §3.1.2.1: max_age asks for
      // auth_time), so the session would not count as fresh either ([Note: Fresh login]).
      if (
        request.prompt === 'login' &&
        (identity.authTime === undefined || identity.authTime < request.created_at - AUTH_TIME_SKEW_MS)
      )
        throw new InvalidGrantError('The identity provider did not ask for your password again');
      const authTime = identity.authTime ?? now();
      return issueCode(request, state, user.id, Math.min(authTime, now()));
    },
  };
}
export type IdpService = ReturnType<typeof createIdpService>;

/**
 * Why a callback was refused, with what to configure: the usual cause is a server opened
 * under an address it was not started for (a LAN address, a proxy's name).
 */
function notAllowedMessage(uri: string, allowed: readonly string[]): string {
  const origin = URL.canParse(uri) ? new URL(uri).origin : uri.slice(0, 100);
  return (
    `oauth_redirect_uri is not an allowed callback: ${origin} is not one of this server's addresses ` +
    `(${allowed.join(', ')}). Set APP_HOST or TRUSTED_ORIGINS to the address users open.`
  );
}

/** The budget of a client address for a step; see [Note: Sign-in throttle]. */
function clientBudget(step: 'signin', browser: BrowserContext): ThrottleKey {
  return { key: `${step}:client:${clientAddressKey(browser.clientIp)}`, policy: SIGN_IN_THROTTLE.client };
}

function builtInAuthorizationUrl(loginBase: string, query: PreflightQuery, state: string): URL {
  const url = new URL('/signin', loginBase);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('redirect_uri', query.oauth_redirect_uri);
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', query.code_challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('locale', query.locale);
  url.searchParams.set('screen', query.screen ?? 'signin');
  // The built-in provider keeps no session of its own: every sign-in asks the password, so
  // prompt=login is always honoured; the page says why it asks ([Note: Fresh login]).
  if (query.prompt === 'login') url.searchParams.set('prompt', 'login');
  return url;
}
