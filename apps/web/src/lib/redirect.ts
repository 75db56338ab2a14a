/** Where a login lands when no other place was asked for. */
export const DEFAULT_AFTER_LOGIN = '/photos';

/**
 * `target` when it is a path of this app, else the timeline: a redirect target from a query
 * string must never send the user to another site ('//evil.example', 'https://…').
 */
export function safeRedirect(target: string | null | undefined): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\'))
    return DEFAULT_AFTER_LOGIN;
  if (target === '/' || target.startsWith('/login') || target.startsWith('/oauth/'))
    return DEFAULT_AFTER_LOGIN;
  return target;
}
