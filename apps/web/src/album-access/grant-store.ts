import { AlbumGrant, FOREIGN_AUTH_HEADER } from '@trove/contract';

/**
 * Album and share grants of this tab (spec 000 §6 "for foreign albums a foreign-auth value
 * is sent"): after a visitor gives an album's password, POST /jobs/{id}/auth answers a grant
 * (a share's: POST /shares/{id}/auth), and every later call about that album or share
 * carries it in the `x-foreign-auth` header. Grants live in sessionStorage, keyed by the id:
 * they survive a reload (and a sign-in's round trip) but not the tab, and a grant past its
 * `expires` (seconds) counts as none.
 */
export interface GrantStore {
  find(albumId: string): string | undefined;
  set(albumId: string, grant: AlbumGrant): void;
  clear(albumId: string): void;
}

/**
 * A grant store over `storage` (sessionStorage in the app, a fake in tests); `prefix` keeps
 * the grants of one kind of id apart from another's.
 */
export function createGrantStore(
  storage: Storage | undefined,
  now: () => number = Date.now,
  prefix = 'trove.album_grant.',
): GrantStore {
  const key = (albumId: string) => prefix + albumId;
  const read = (albumId: string): AlbumGrant | undefined => {
    try {
      const text = storage?.getItem(key(albumId));
      if (!text) return undefined;
      const parsed = AlbumGrant.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  };
  return {
    find(albumId) {
      const grant = read(albumId);
      if (!grant) return undefined;
      if (grant.expires * 1000 <= now()) {
        storage?.removeItem(key(albumId));
        return undefined;
      }
      return grant.grant;
    },
    set(albumId, grant) {
      try {
        storage?.setItem(key(albumId), JSON.stringify(grant));
      } catch {
        // Storage full or blocked (private mode): the grant lasts until the page goes.
      }
    },
    clear(albumId) {
      storage?.removeItem(key(albumId));
    },
  };
}

/** The album grants of this tab. */
export const albumGrants: GrantStore = createGrantStore(globalThis.sessionStorage);

/** The headers of a call about `albumId`: its grant, when the tab holds one. */
export function foreignAuthHeaders(albumId: string, store: GrantStore = albumGrants): Record<string, string> {
  const grant = store.find(albumId);
  return grant === undefined ? {} : { [FOREIGN_AUTH_HEADER]: grant };
}

/**
 * The share grants of this tab (spec 000 §6; issue #15): a share with a password wants one
 * as an album does, kept apart by its prefix.
 */
export const shareGrants: GrantStore = createGrantStore(
  globalThis.sessionStorage,
  Date.now,
  'trove.share_grant.',
);

/** The headers of a call about `shareId`: its grant, when the tab holds one. */
export function shareHeaders(shareId: string): Record<string, string> {
  return foreignAuthHeaders(shareId, shareGrants);
}
