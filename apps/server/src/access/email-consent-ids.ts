import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/*
 * [Note: Email consent identifiers]
 *
 * The `id` of /settings/unsubscribe and the email_consent_identifier of /user/email_consent
 * (spec 001 §3, §7) name whose e-mail consent to read or change without a sign-in, so they
 * are credentials of one narrow right, never a user id (issue #24). Each is the user id
 * sealed with AES-256-GCM under a key derived from the server secret for this purpose alone:
 * the tag authenticates it (a forged or altered identifier opens nothing) and the encryption
 * hides the id (a leaked link says nothing about the account). The purpose and key version
 * are authenticated data, so an identifier of one purpose is no identifier of another.
 * Why not a bare HMAC: it would carry the id in clear, or need a table to look it up.
 *
 * Shape: `<version>.<base64url(iv ‖ ciphertext ‖ tag)>`. The version names the key; a key
 * retired later keeps its version so old links still fail closed, not open.
 * No expiry: an unsubscribe link in an old message must keep working (RFC 8058 §3.1 asks
 * the link to work for a reasonable time; a year-old announcement is still read).
 */

export type EmailConsentPurpose = 'email_consent';

export interface EmailConsentIds {
  /** A fresh identifier of the user's e-mail consent (a new one each time; all stay valid). */
  issue(userId: string, purpose?: EmailConsentPurpose): string;
  /** The user id it was issued for, or null when it is not one of ours. */
  open(identifier: string, purpose?: EmailConsentPurpose): string | null;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** @param keys key version → 32-byte key; `current` signs new identifiers. */
export function createEmailConsentIds(keys: ReadonlyMap<number, Buffer>, current: number): EmailConsentIds {
  const aad = (purpose: string, version: number) => Buffer.from(`trove:${purpose}:v${String(version)}`);
  return {
    issue(userId, purpose = 'email_consent') {
      const key = keys.get(current);
      if (!key) throw new Error(`no e-mail consent key of version ${String(current)}`);
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad(purpose, current));
      const sealed = Buffer.concat([iv, cipher.update(userId, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${String(current)}.${sealed.toString('base64url')}`;
    },
    open(identifier, purpose = 'email_consent') {
      const match = /^([1-9][0-9]{0,3})\.([A-Za-z0-9_-]{40,400})$/.exec(identifier);
      if (!match) return null;
      const version = Number(match[1]);
      const key = keys.get(version);
      if (!key) return null;
      const sealed = Buffer.from(match[2] ?? '', 'base64url');
      if (sealed.length <= IV_BYTES + TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES));
        decipher.setAAD(aad(purpose, version));
        decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
        const plain = Buffer.concat([
          decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES)),
          decipher.final(),
        ]);
        return plain.toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

/** The current key version: raise it, keeping the old versions' keys, to rotate. */
export const EMAIL_CONSENT_KEY_VERSION = 1;

/** Identifiers keyed from the server secret (MEDIA_URL_SECRET or the database's: [Note: Server secret]). */
export function emailConsentIdsFromSecret(secret: Buffer): EmailConsentIds {
  const key = (version: number) =>
    Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `trove:email-consent:v${String(version)}`, 32));
  return createEmailConsentIds(
    new Map([[EMAIL_CONSENT_KEY_VERSION, key(EMAIL_CONSENT_KEY_VERSION)]]),
    EMAIL_CONSENT_KEY_VERSION,
  );
}
