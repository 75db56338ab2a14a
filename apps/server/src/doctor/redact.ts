import type { Config } from '../config.ts';

/** What stands for a hidden secret in doctor's output. */
const HIDDEN = '***';

/** A URL fit to print: its password (and a token in the user part of redis://:token@) masked. */
export function maskUrl(value: string): string {
  if (!URL.canParse(value)) return value.replace(/\/\/[^/@]*@/, `//${HIDDEN}@`);
  const url = new URL(value);
  if (url.password === '') return value;
  url.password = HIDDEN;
  // URL adds a path of `/` the setting did not have.
  const masked = url.toString();
  return masked.endsWith('/') && !value.endsWith('/') ? masked.slice(0, -1) : masked;
}

type SecretSettings = Pick<
  Config,
  | 'DATABASE_URL'
  | 'REDIS_URL'
  | 'SMTP_URL'
  | 'MEDIA_URL_SECRET'
  | 'S3_SECRET_ACCESS_KEY'
  | 'STRIPE_SECRET_KEY'
  | 'STRIPE_WEBHOOK_SECRET'
  | 'OIDC_CLIENT_SECRET'
>;

/** Every secret the settings hold, as it may appear in an error: raw and percent-decoded. */
export function secretsOf(config: SecretSettings): string[] {
  const values = [
    config.MEDIA_URL_SECRET,
    config.S3_SECRET_ACCESS_KEY,
    config.STRIPE_SECRET_KEY,
    config.STRIPE_WEBHOOK_SECRET,
    config.OIDC_CLIENT_SECRET,
  ];
  for (const value of [config.DATABASE_URL, config.REDIS_URL, config.SMTP_URL]) {
    if (!URL.canParse(value)) continue;
    const password = new URL(value).password;
    values.push(password);
    try {
      values.push(decodeURIComponent(password));
    } catch {
      // A password that is not valid percent-encoding appears only raw.
    }
  }
  // Short values would mask ordinary words; none of these is that short when it is a secret.
  return [...new Set(values)].filter((v) => v.length >= 4).sort((a, b) => b.length - a.length);
}

/**
 * The text with every known secret and every password in a URL replaced: the last step
 * before anything is printed, whatever a client library put in its error.
 */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) out = out.split(secret).join(HIDDEN);
  return out.replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^\s/:@]*):[^\s/@]+@/gi, `$1:${HIDDEN}@`);
}
