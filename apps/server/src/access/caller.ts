/**
 * Who is asking: the one caller type of the server. The auth plugin (`http/auth.ts`) makes it
 * from a request, `access/` judges it, every service takes it. It lives here, below the modules
 * and importing nothing, so the layers that hand it on need not reach up for it.
 */
export interface Caller {
  /** The signed-in user; null for a visitor without a token (see [Note: Visitors]). */
  userId: string | null;
  /** The token's session; null for a visitor. It scopes media URLs (see [Note: Media URLs]). */
  sessionId: string | null;
  /** The device the token was issued for (spec 001 §7 `device_id`); null for a visitor. */
  deviceId: string | null;
  /**
   * The foreign-auth header: a visitor grant of an album. A signed-in visitor of a password
   * album keeps the access it gives on every route, `user` routes too (copy_to_timeline).
   */
  foreignAuth: string | null;
  /** The guest header of a visitor who gave a name to comment (see [Note: Guests]). */
  guestAuth: string | null;
  /** The client's address: password and guest tries are throttled by it. */
  clientIp: string;
  /**
   * When the user last proved who they are for this session (ms): its sign-in, never a use of
   * the token; null for a visitor or a process outside HTTP. See [Note: Fresh login].
   */
  authenticatedAt: number | null;
}

/** A caller with a valid token: what services that only serve users take. */
export type SignedInCaller = Caller & { userId: string; sessionId: string; deviceId: string };

/**
 * The caller of a process outside the HTTP app (seed, tests) acting as a user's session: no
 * grant, no guest, no address.
 */
export function sessionCaller(session: {
  userId: string;
  sessionId: string;
  deviceId: string;
}): SignedInCaller {
  const { userId, sessionId, deviceId } = session;
  return {
    userId,
    sessionId,
    deviceId,
    foreignAuth: null,
    guestAuth: null,
    clientIp: '',
    authenticatedAt: null,
  };
}
