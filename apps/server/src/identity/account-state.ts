/**
 * An account that may not sign in or act: disabled by an operator, or waiting for its
 * deletion ([Note: Account deletion]). Both answer `user_disabled`. Here, below the modules,
 * because the identity provider refuses such accounts too.
 */
export function isClosed(user: {
  disabled_at: number | null;
  deletion_requested_at: number | null;
}): boolean {
  return user.disabled_at !== null || user.deletion_requested_at !== null;
}
