/**
 * The album auth value of spec 000 §5: "SHA-1 of password plus album id, then a key
 * derivation using the album id as salt, 1001 iterations, 160 bits, base64". The spec does
 * not name the derivation's hash nor how the SHA-1 is fed to it: we take PBKDF2-HMAC-SHA1
 * (160 bits is its block) over the lowercase hex of the SHA-1. Both sides use WebCrypto,
 * which browsers and Node 24 have, so the contract still imports nothing.
 *
 * This value is what the server checks (against a slow hash of it); it never sees the
 * password. It travels in a header, never a URL (docs/SPEC-DEVIATIONS.md).
 */
export async function albumAuthValue(password: string, albumId: string): Promise<string> {
  const { subtle } = globalThis.crypto;
  const encode = (text: string) => new TextEncoder().encode(text);
  const digest = new Uint8Array(await subtle.digest('SHA-1', encode(password + albumId)));
  const hex = Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
  const key = await subtle.importKey('raw', encode(hex), 'PBKDF2', false, ['deriveBits']);
  const bits = await subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-1', salt: encode(albumId), iterations: ALBUM_AUTH_ITERATIONS },
    key,
    160,
  );
  let binary = '';
  for (const byte of new Uint8Array(bits)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** spec 000 §5: 1001 iterations. */
export const ALBUM_AUTH_ITERATIONS = 1001;
