import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { constantTimeEqual, randomSecret } from './crypto.ts';

/** HttpOnly cookie of a browser that proved it knew an account's password. */
export const DEVICE_COOKIE = 'trove_device';
/** A year: the owner's browser stays recognised between sign-ins. */
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * Device cookies of [Note: Sign-in throttle]: `nonce.mac`, the MAC over the account's
 * e-mail address and the nonce. Nothing is stored: the key proves we issued it, the nonce
 * names the device's own budget.
 */
export function createDeviceCookies(secret: Buffer) {
  const key: KeyObject = createSecretKey(secret);
  const mac = (email: string, nonce: string) =>
    createHmac('sha256', key).update(`trove-device\n${email}\n${nonce}`).digest('base64url');
  return {
    /** A new cookie value for a browser that just signed in to `email`. */
    issue(email: string): string {
      const nonce = randomSecret(16);
      return `${nonce}.${mac(email, nonce)}`;
    },
    /** The device's nonce when `value` was issued by us for `email`, else undefined. */
    deviceOf(value: string | undefined, email: string): string | undefined {
      const match = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(value ?? '');
      if (!match?.[1] || !match[2]) return undefined;
      return constantTimeEqual(match[2], mac(email, match[1])) ? match[1] : undefined;
    },
  };
}
export type DeviceCookies = ReturnType<typeof createDeviceCookies>;
