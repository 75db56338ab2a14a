import { FreshLoginRequiredError } from '../errors.ts';
import type { Caller } from './caller.ts';

/*
 * [Note: Fresh login]
 *
 * Spec 001 §6: "Privacy settings need a fresh login". Each session records when the user last
 * proved who they are (`sessions.authenticated_at`): the password step of the built-in
 * identity provider, or the external OpenID Connect provider's `auth_time` (its callback time
 * when the id_token has none). Using the token never moves it. The privacy calls (data
 * access, digital legacy, account deletion, consents) and the operator's state-changing calls
 * refuse a session whose sign-in is older than FRESH_LOGIN_WINDOW_S (default 600 s) with 403
 * `fresh_login_required`. The web client then signs in again with `prompt=login`, which the
 * built-in provider always honours (it keeps no session of its own: every sign-in asks the
 * password) and which an external provider gets with `max_age=0`; its `auth_time`, when
 * present, must then be no older than the login request, or the sign-in is refused. The
 * refusal comes after the access check, so a caller with no access still hears "not found".
 */

/** The default window of a fresh sign-in, seconds (issue #24: ten minutes). */
export const FRESH_LOGIN_WINDOW_S = 600;

/**
 * Refuses a caller whose sign-in is older than the window.
 * @param now milliseconds since the epoch.
 * @throws FreshLoginRequiredError (403 `fresh_login_required`).
 */
export function requireFreshLogin(caller: Caller, now: number, windowS = FRESH_LOGIN_WINDOW_S): void {
  const at = caller.authenticatedAt;
  if (at === null || now - at > windowS * 1000) throw new FreshLoginRequiredError();
}

/** The check as services take it, with the configured window and the app's clock. */
export type FreshLoginCheck = (caller: Caller) => void;

export function createFreshLoginCheck(deps: { windowS: number; now: () => number }): FreshLoginCheck {
  return (caller) => {
    requireFreshLogin(caller, deps.now(), deps.windowS);
  };
}
