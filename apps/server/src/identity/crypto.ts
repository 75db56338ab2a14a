import { createHash, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random secret of `bytes` bytes (256 bits by default), base64url without padding. */
export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Hex SHA-256, the form in which tokens, codes, states and cookies are stored. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** The PKCE S256 transform (RFC 7636 §4.2). */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** Compares two strings in time independent of where they differ (hashes them first). */
export function constantTimeEqual(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}

/** A key for one purpose from the server's secret (HKDF-SHA256), so purposes never share one. */
export function deriveKey(secret: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `trove:${purpose}`, 32));
}
