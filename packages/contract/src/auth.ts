import { z } from 'zod/mini';
import { MAX_NAME_LENGTH } from './constants.ts';
import { Locale } from './locales.ts';
import { plainText } from './text.ts';

/** PKCE code challenge/verifier: 43 to 128 characters of the unreserved set (RFC 7636 §4.1). */
const PKCE_VALUE = z.string().check(z.regex(/^[A-Za-z0-9\-._~]{43,128}$/, 'invalid PKCE value'));

/** Query of the login preflight on the login host (spec 001 §7, §4 Login flow). */
export const PreflightQuery = z.object({
  /** Where the client wants to go after login: a path of this app, never another site. */
  redir: z._default(z.string().check(z.maxLength(2000)), '/photos'),
  locale: z._default(Locale, 'en_US'),
  utm_source: z.optional(z.string().check(z.maxLength(100))),
  code_challenge: PKCE_VALUE,
  oauth_redirect_uri: z.url().check(z.maxLength(2000)),
  device_id: z.uuid(),
  device_name: plainText().check(z.minLength(1), z.maxLength(100)),
  /** `signup` opens the identity provider on its sign-up form. */
  screen: z.optional(z.enum(['signin', 'signup'])),
  /**
   * `login`: the user must prove who they are again, whatever session the identity provider
   * keeps (OIDC prompt=login; spec 001 §6 fresh login for privacy settings).
   */
  prompt: z.optional(z.literal('login')),
});
export type PreflightQuery = z.infer<typeof PreflightQuery>;

/** Answer of the preflight: where the browser goes next, and with which parameters. */
export const PreflightResponse = z.object({
  authorization_url: z.string(),
  authorization_params: z.record(z.string(), z.string()),
});
export type PreflightResponse = z.infer<typeof PreflightResponse>;

/** The client's postflight callback path, where the identity provider returns the code. */
export const OAUTH_CALLBACK_PATH = '/oauth/callback';

/** Exchange of the one-time code for a token (PKCE S256, RFC 7636). */
export const TokenExchangeBody = z.object({
  code: z.string().check(z.minLength(1), z.maxLength(200)),
  code_verifier: PKCE_VALUE,
  state: z.string().check(z.minLength(1), z.maxLength(200)),
});
export type TokenExchangeBody = z.infer<typeof TokenExchangeBody>;

export const TokenExchangeResponse = z.object({
  auth_token: z.string(),
  user_uuid: z.string(),
  /** The preflight's `redir`, already checked to be a path of this app. */
  redir: z.string(),
});
export type TokenExchangeResponse = z.infer<typeof TokenExchangeResponse>;

/** Password rules of the built-in identity provider. */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;

const Email = z.pipe(z.string().check(z.trim(), z.toLowerCase()), z.email().check(z.maxLength(254)));
const Password = z.string().check(z.minLength(PASSWORD_MIN_LENGTH), z.maxLength(PASSWORD_MAX_LENGTH));

/** Sign-in form of the built-in identity provider; `state` names the pending login. */
export const IdpSignInBody = z.object({
  state: z.string().check(z.minLength(1), z.maxLength(200)),
  email: Email,
  // Sign-in accepts any length up to the cap, so rules changed later never lock people out.
  password: z.string().check(z.minLength(1), z.maxLength(PASSWORD_MAX_LENGTH)),
});
export type IdpSignInBody = z.infer<typeof IdpSignInBody>;

/** Sign-up form of the built-in identity provider. */
export const IdpSignUpBody = z.object({
  state: z.string().check(z.minLength(1), z.maxLength(200)),
  name: plainText().check(z.trim(), z.minLength(1), z.maxLength(MAX_NAME_LENGTH)),
  email: Email,
  password: Password,
});
export type IdpSignUpBody = z.infer<typeof IdpSignUpBody>;

/** Answer of a successful sign-in or sign-up: the browser goes to `redirect_to`. */
export const IdpResult = z.object({ redirect_to: z.string() });
export type IdpResult = z.infer<typeof IdpResult>;

/** What the identity provider's page needs to show its form for a pending login. */
export const IdpRequestInfo = z.object({
  client_name: z.string(),
  locale: Locale,
  screen: z.enum(['signin', 'signup']),
  /** False when an operator's OpenID Connect provider handles sign-in instead. */
  local_accounts: z.boolean(),
});
export type IdpRequestInfo = z.infer<typeof IdpRequestInfo>;
