import { GUEST_AUTH_HEADER, GuestIdentity } from '@trove/contract';

/**
 * Guest identities of this browser (issue #12; spec 000 §1, §6: a visitor comments after
 * giving a name or continuing as guest). POST /jobs/{id}/guests answers a guest token for
 * one album; every later call about that album carries it in the `x-guest-auth` header
 * while nobody is signed in, so the guest can edit and delete their own comments. They live
 * in localStorage, keyed by album id, so the guest is the same one after the tab closes; a
 * token past its `expires` (seconds) counts as none and is dropped.
 */
export interface GuestStore {
  find(albumId: string): GuestIdentity | undefined;
  set(albumId: string, identity: GuestIdentity): void;
  clear(albumId: string): void;
}

const PREFIX = 'trove.album_guest.';

/** A guest store over `storage` (localStorage in the app, a fake in tests). */
export function createGuestStore(storage: Storage | undefined, now: () => number = Date.now): GuestStore {
  const key = (albumId: string) => PREFIX + albumId;
  const read = (albumId: string): GuestIdentity | undefined => {
    try {
      const text = storage?.getItem(key(albumId));
      if (!text) return undefined;
      const parsed = GuestIdentity.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  };
  return {
    find(albumId) {
      const identity = read(albumId);
      if (!identity) return undefined;
      if (identity.expires * 1000 <= now()) {
        storage?.removeItem(key(albumId));
        return undefined;
      }
      return identity;
    },
    set(albumId, identity) {
      try {
        storage?.setItem(key(albumId), JSON.stringify(identity));
      } catch {
        // Storage full or blocked (private mode): the guest is asked again next time.
      }
    },
    clear(albumId) {
      storage?.removeItem(key(albumId));
    },
  };
}

/** The guests of this browser. */
export const albumGuests: GuestStore = createGuestStore(globalThis.localStorage);

/**
 * The guest header of a call about `albumId`: its token when this browser holds one and
 * nobody is signed in (a signed-in user comments as themselves).
 */
export function guestAuthHeaders(
  albumId: string,
  isSignedIn: boolean,
  store: GuestStore = albumGuests,
): Record<string, string> {
  const identity = isSignedIn ? undefined : store.find(albumId);
  return identity === undefined ? {} : { [GUEST_AUTH_HEADER]: identity.guest };
}
