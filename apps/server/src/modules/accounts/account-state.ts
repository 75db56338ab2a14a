import type { UserRow } from './accounts.repository.ts';

/**
 * An account that may not sign in or act: disabled, or waiting for its deletion ([Note:
 * Account deletion]). Both answer `user_disabled`.
 */
export function isClosed(user: Pick<UserRow, 'disabled_at' | 'deletion_requested_at'>): boolean {
  return user.disabled_at !== null || user.deletion_requested_at !== null;
}
