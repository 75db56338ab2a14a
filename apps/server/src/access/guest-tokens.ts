import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';

/*
 * [Note: Guests]
 *
 * A visitor without an account comments after giving a name or continuing as guest (spec 000
 * §1, §6). POST /jobs/{id}/guests stores the guest (album, name) and answers a token: an
 * HMAC over the album id, the guest id, the album's `auth_epoch` and an expiry, sent in the
 * `x-guest-auth` header of later calls about that album (never a URL, never logged). With it
 * the visitor's role in that album is `guest` (policy.ts): they comment and love under their
 * name, and edit and delete their own comments, as the token names them. Like a visitor's
 * grant it ends with the album's epoch (password changed, album made private) and after a
 * month. A signed-in caller is never a guest: their account is who they are.
 *
 * What a guest does is throttled per guest and per client address (comments.service.ts), so
 * a link cannot be used to flood an album; becoming a guest is throttled per address too.
 */

/** A guest token lasts a month, like a visitor's grant. */
const TOKEN_DAYS = 30;
const DAY_MS = 86_400_000;
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

export function createGuestTokens(secret: Buffer, now: () => number) {
  const key = createSecretKey(secret);
  const mac = (jobId: string, guestId: string, epoch: number, exp: number) =>
    createHmac('sha256', key)
      .update(`album-guest\n${jobId}\n${guestId}\n${String(epoch)}\n${String(exp)}`)
      .digest('base64url');
  const pattern = new RegExp(
    `^q1\\.(${UUID})\\.(0|[1-9][0-9]{0,9})\\.([1-9][0-9]{0,11})\\.([A-Za-z0-9_-]{43})$`,
  );
  return {
    issue(jobId: string, guestId: string, epoch: number): { guest: string; expires: number } {
      const exp = Math.floor((now() + TOKEN_DAYS * DAY_MS) / 1000);
      return {
        guest: `q1.${guestId}.${String(epoch)}.${String(exp)}.${mac(jobId, guestId, epoch, exp)}`,
        expires: exp,
      };
    },
    /** The guest the token names, when it is ours, for this album and epoch, and unexpired. */
    verify(token: string, jobId: string, epoch: number): string | null {
      const match = pattern.exec(token);
      if (!match) return null;
      const [, guestId = '', epochText = '', expText = '', sig = ''] = match;
      if (Number(epochText) !== epoch) return null;
      const exp = Number(expText);
      if (exp * 1000 <= now()) return null;
      const expected = Buffer.from(mac(jobId, guestId, epoch, exp));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected) ? guestId : null;
    },
  };
}
export type GuestTokens = ReturnType<typeof createGuestTokens>;
