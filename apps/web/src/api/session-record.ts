/**
 * The stored local record of spec 001 §3: the device id (a UUID generated once per browser),
 * the device name of the brand, and the session's auth token. The token is "session data":
 * logging out or being logged out removes it; the device id stays, so the same browser keeps
 * showing up as one device in the connected-devices list.
 */

const DEVICE_ID_KEY = 'trove.device_id';
const DEVICE_NAME_KEY = 'trove.device_name';
const TOKEN_KEY = 'trove.auth_token';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Read and write access to the local session record. */
export interface SessionRecord {
  /** The device id, generated and stored on first use. */
  getDeviceId(): string;
  getDeviceName(): string | undefined;
  setDeviceName(name: string): void;
  findToken(): string | undefined;
  setToken(token: string): void;
  /** Removes the session data (the token); keeps the device id and name. */
  clearSession(): void;
}

/** A session record kept in `storage` (localStorage in the app, a fake in tests). */
export function createSessionRecord(storage: Storage, cryptoApi: Crypto = globalThis.crypto): SessionRecord {
  return {
    getDeviceId() {
      const stored = storage.getItem(DEVICE_ID_KEY);
      if (stored !== null && UUID_PATTERN.test(stored)) return stored;
      const id = randomUuid(cryptoApi);
      storage.setItem(DEVICE_ID_KEY, id);
      return id;
    },
    getDeviceName: () => storage.getItem(DEVICE_NAME_KEY) ?? undefined,
    setDeviceName: (name) => {
      storage.setItem(DEVICE_NAME_KEY, name);
    },
    findToken: () => storage.getItem(TOKEN_KEY) || undefined,
    setToken: (token) => {
      storage.setItem(TOKEN_KEY, token);
    },
    clearSession: () => {
      storage.removeItem(TOKEN_KEY);
    },
  };
}

/**
 * A version 4 UUID. `crypto.randomUUID` exists only in secure contexts, and a self-hosted
 * server is often reached over plain http on a home network, so build it from random bytes.
 */
export function randomUuid(cryptoApi: Crypto = globalThis.crypto): string {
  const bytes = cryptoApi.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The record of this browser, in localStorage. */
export const sessionRecord: SessionRecord = createSessionRecord(globalThis.localStorage);
