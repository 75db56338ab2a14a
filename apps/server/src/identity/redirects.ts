import { OAUTH_CALLBACK_PATH } from '@trove/contract';

/**
 * [Note: Redirect allowlist] Login redirects go only to places we name: `redir` must be a
 * path of this app, and the OAuth callback must be this app's callback path on an origin of
 * the allowlist: config SIGN_IN_ORIGINS (APP_HOST, LOGIN_HOST, TRUSTED_ORIGINS, and without
 * APP_HOST the address the server was started for). Never the request's Host header: the
 * caller chooses it, and a code sent to `evil.example/oauth/callback` is a stolen account.
 */
export function isSafeRedir(redir: string): boolean {
  if (!redir.startsWith('/') || redir.startsWith('//') || redir.startsWith('/\\')) return false;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
  return !/[\u0000-\u001f\u007f\\]/.test(redir);
}

export function isAllowedCallback(uri: string, allowedOrigins: ReadonlySet<string>): boolean {
  if (!URL.canParse(uri)) return false;
  const url = new URL(uri);
  return (
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    allowedOrigins.has(url.origin) &&
    url.pathname === OAUTH_CALLBACK_PATH &&
    url.search === '' &&
    url.hash === '' &&
    url.username === '' &&
    url.password === ''
  );
}
