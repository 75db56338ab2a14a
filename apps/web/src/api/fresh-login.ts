import { isApiError } from './http-error.ts';

/*
 * [Note: Fresh login on the web] Spec 001 §6 "Privacy settings need a fresh login". Any call
 * may answer 403 `fresh_login_required` (server: [Note: Fresh login]); whichever page made it,
 * the client sends the user through sign-in again with `prompt=login` and brings them back
 * to the same path and query. It lives here, beside the 401 handling, so every page gets it
 * without code of its own: app/AuthController registers `onFreshLoginRequired` with the
 * login's start. What matters of the app state is in the URL (the page, its query); the
 * token and device stay in session storage, so nothing else is lost but a form's unsaved
 * input. One redirect at a time: the calls of a page that fail together start it once.
 */

/** True when `error` asks for a fresher sign-in. */
export function isFreshLoginRequired(error: unknown): boolean {
  return isApiError(error, 'fresh_login_required');
}

/** Where to come back to: the page's path and query (never another origin). */
export function currentPlace(location: Pick<Location, 'pathname' | 'search'> = window.location): string {
  return location.pathname + location.search;
}

/**
 * Makes the handler of `fresh_login_required`: starts the sign-in for the current place
 * once, however many calls failed; a failed start (offline) may be tried again by the next.
 */
export function createFreshLoginRedirect(start: (redir: string) => Promise<void>, place = currentPlace) {
  let started = false;
  return (): void => {
    if (started) return;
    started = true;
    start(place()).catch(() => {
      started = false;
    });
  };
}
