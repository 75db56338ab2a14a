import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod/mini';
import { BASE_QUOTA_BYTES, BrandOverrides, DATA_ACCESS_COOLDOWN_HOURS } from '@trove/contract';

/**
 * The only reader of `process.env`. Every setting is validated once at start; a bad value
 * fails fast with every problem listed, never at the first request that needs it.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The plan catalogue shipped with the server (issue #25). */
export const DEFAULT_PLANS_FILE = path.join(repoRoot, 'apps/server/config/plans.json');

const optionalUrl = z._default(
  z
    .pipe(
      z.string().check(z.trim()),
      z.transform((v) => v.replace(/\/+$/, '')),
    )
    .check(z.refine((v) => v === '' || URL.canParse(v), 'must be an absolute URL or empty')),
  '',
);

const boolish = z.pipe(
  z._default(z.enum(['true', 'false', '1', '0', '']), ''),
  z.transform((v) => v === 'true' || v === '1'),
);

const EnvSchema = z.object({
  NODE_ENV: z._default(z.enum(['development', 'production', 'test']), 'production'),
  PORT: z._default(z.pipe(z.coerce.number(), z.int()).check(z.minimum(0), z.maximum(65535)), 8080),
  HOST: z._default(z.string().check(z.minLength(1)), '0.0.0.0'),
  /**
   * Port of the Prometheus metrics listener (GET /metrics, issue #26), apart from PORT so the
   * metrics are never public by accident. Empty or 0, the default: no listener.
   */
  METRICS_PORT: z._default(
    z
      .pipe(
        z.pipe(
          z.string().check(z.trim()),
          z.transform((v) => (v === '' ? 0 : Number(v))),
        ),
        z.int(),
      )
      .check(z.minimum(0), z.maximum(65535)),
    0,
  ),
  /** Interface of the metrics listener: loopback unless the operator opens it further. */
  METRICS_HOST: z._default(z.string().check(z.trim(), z.minLength(1)), '127.0.0.1'),
  DATA_DIR: z._default(z.string().check(z.minLength(1)), './data'),
  DATABASE_URL: z
    ._default(z.string().check(z.trim()), '')
    .check(z.refine((v) => v === '' || /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// URL or empty')),
  BASE_QUOTA_BYTES: z._default(z.pipe(z.coerce.number(), z.int()).check(z.positive()), BASE_QUOTA_BYTES),
  // Sign-ups per client address an hour (three times that a day): signUpLimits, issue #23.
  SIGN_UPS_PER_HOUR: z._default(z.pipe(z.coerce.number(), z.int()).check(z.positive()), 10),
  /**
   * Hours between two data exports of one account (spec 001 §4, §9: "Data access cooldown 24
   * hours (or N hours as parameter)"); 0 lets a new one be requested at any time.
   */
  DATA_ACCESS_COOLDOWN_HOURS: z._default(
    z.pipe(z.coerce.number(), z.int()).check(z.minimum(0), z.maximum(24 * 366)),
    DATA_ACCESS_COOLDOWN_HOURS,
  ),
  /**
   * Seconds a sign-in counts as fresh for the calls that need one (spec 001 §6 "Privacy
   * settings need a fresh login"; [Note: Fresh login]). Default 10 minutes.
   */
  FRESH_LOGIN_WINDOW_S: z._default(
    z.pipe(z.coerce.number(), z.int()).check(z.minimum(1), z.maximum(366 * 86_400)),
    600,
  ),
  WEB_DIST: z._default(z.string(), path.join(repoRoot, 'apps/web/dist')),
  /**
   * Serve the web client's source maps (`*.map`, which hold its whole source). Off: they answer
   * 404 like any missing file (issue #23), for a debugging session only.
   */
  SERVE_SOURCE_MAPS: boolish,
  /**
   * Serve the test-only calls of spec 001 §7 (POST /test/email_consent_id). Off: they do not
   * exist (404). For test and QA servers only, never a public one.
   */
  TEST_ROUTES: boolish,
  APP_HOST: optionalUrl,
  THUMB_HOST: optionalUrl,
  VIDEO_HOST: optionalUrl,
  POLL_HOST: optionalUrl,
  DOWNLOAD_HOST: optionalUrl,
  LOGIN_HOST: optionalUrl,
  PAYMENT_HOST: optionalUrl,
  TRUSTED_ORIGINS: z
    .pipe(
      z._default(z.string(), ''),
      z.transform((v) =>
        v
          .split(',')
          .map((s) => s.trim().replace(/\/+$/, ''))
          .filter(Boolean),
      ),
    )
    .check(
      z.refine((list) => list.every((o) => URL.canParse(o) && new URL(o).origin === o), 'must be origins'),
    ),
  CLIENT_KEYS: z.pipe(
    z._default(z.string(), 'trove-web'),
    z.transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ),
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: z._default(z.string(), ''),
  OIDC_CLIENT_SECRET: z._default(z.string(), ''),
  OIDC_SCOPES: z._default(z.string(), 'openid email profile'),
  OIDC_ALLOW_HTTP: boolish,
  BRANDS_JSON: z.pipe(
    z._default(z.string(), '{}'),
    z.transform((v, ctx) => {
      try {
        return BrandOverrides.parse(JSON.parse(v));
      } catch (error) {
        ctx.issues.push({
          code: 'custom',
          message: `must be JSON brand overrides: ${String(error)}`,
          input: v,
        });
        return z.NEVER;
      }
    }),
  ),
  TRUST_PROXY: boolish,
  /**
   * Key of the signed media URLs (thumbnails, originals, video). Empty: a random key is made
   * once and kept in DATA_DIR; several servers behind one name must share one value.
   */
  MEDIA_URL_SECRET: z
    ._default(z.string(), '')
    .check(z.refine((v) => v === '' || v.length >= 32, 'must be at least 32 characters, or empty')),
  /** An S3-compatible bucket for the files instead of DATA_DIR/blobs (scale-out). */
  S3_BUCKET: z._default(z.string(), ''),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z._default(z.string(), 'us-east-1'),
  S3_ACCESS_KEY_ID: z._default(z.string(), ''),
  S3_SECRET_ACCESS_KEY: z._default(z.string(), ''),
  S3_PREFIX: z._default(z.string(), ''),
  /** Redis for the work queue (BullMQ) and the event bus when several processes share work. */
  REDIS_URL: z
    ._default(z.string().check(z.trim()), '')
    .check(z.refine((v) => v === '' || /^rediss?:\/\//.test(v), 'must be a redis:// URL or empty')),
  /**
   * Put before every Redis key and channel (BullMQ's `<prefix>:work:*`, the bus's
   * `<prefix>:<channel>`), so that several Trove deployments can share one Redis. Every
   * process of one deployment must use the same.
   */
  REDIS_PREFIX: z._default(
    z.string().check(z.regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be 1-40 letters, digits, - or _')),
    'trove',
  ),
  /**
   * Where shares and album invites are mailed (See: [Note: Mail]): `smtps://user:pass@host:465`
   * or `smtp://host:587` (STARTTLS when offered). Empty: each message is kept as an `.eml`
   * file in DATA_DIR/outbox and nothing is sent.
   */
  SMTP_URL: z
    ._default(z.string().check(z.trim()), '')
    .check(
      z.refine((v) => v === '' || isSmtpUrl(v), 'must be an smtp:// or smtps:// URL with a host, or empty'),
    ),
  /** The sender of every message; a share shows "<name> via Trove" before this address. */
  MAIL_FROM: z
    ._default(z.string().check(z.trim()), 'Trove <no-reply@localhost>')
    .check(
      z.refine(isMailbox, 'must be an e-mail address, optionally with a name: Trove <no-reply@example.com>'),
    ),
  /** A PEM file of the CA that signed the SMTP server's certificate, trusted instead of the system's. */
  SMTP_TLS_CA_FILE: z._default(z.string().check(z.trim()), ''),
  FFMPEG_PATH: z._default(z.string().check(z.minLength(1)), 'ffmpeg'),
  FFPROBE_PATH: z._default(z.string().check(z.minLength(1)), 'ffprobe'),
  /**
   * Uploads stop while this much of the data disk is still free, so the database (and a
   * sign-in, a session, an album) always has room (see [Note: Disk reserve]). 0: none.
   */
  DISK_RESERVE_MB: z._default(
    z.pipe(z.coerce.number(), z.int()).check(z.minimum(0), z.maximum(1_048_576)),
    256,
  ),
  /** How many media items (thumbnails, transcodes) one process works on at once. */
  MEDIA_CONCURRENCY: z._default(z.pipe(z.coerce.number(), z.int()).check(z.minimum(1), z.maximum(64)), 2),
  /** `serve` also runs the media worker; false when separate `trove worker` processes do. */
  EMBEDDED_WORKER: z.pipe(
    z._default(z.enum(['true', 'false', '1', '0', '']), 'true'),
    z.transform((v) => v !== 'false' && v !== '0'),
  ),
  /**
   * Days between an account deletion request and the job that removes the account (issue
   * #24, see [Note: Account deletion]): the operator may restore it until then. 0 starts the
   * job at once. At most 28, so that a deletion retried for days still ends within the 30
   * days spec 001 §9 promises.
   */
  ACCOUNT_DELETION_GRACE_DAYS: z._default(
    z.pipe(z.coerce.number(), z.int()).check(z.minimum(0), z.maximum(28)),
    7,
  ),
  /**
   * Sunset deletion (issue #24, see [Note: Sunset deletion]): an account nobody signed in to
   * or used for this many days is deleted. 0, the default, turns it off.
   */
  SUNSET_INACTIVE_DAYS: z._default(z.pipe(z.coerce.number(), z.int()).check(z.minimum(0)), 0),
  /** Days before a sunset date that a warning e-mail goes, each once: a comma-separated list. */
  SUNSET_WARNING_DAYS: z
    .pipe(
      z._default(z.string(), '30,7,1'),
      z.transform((v) => [...new Set(v.split(',').map((s) => Number(s.trim())))].sort((a, b) => b - a)),
    )
    .check(
      z.refine(
        (days) => days.length > 0 && days.every((d) => Number.isInteger(d) && d >= 1),
        'must be whole days of at least 1, comma-separated',
      ),
    ),
  /**
   * spec 001 §3 account_info.shutdown_info: the day this instance stops serving, announced by
   * its operator (ISO 8601 date or time); empty: no shutdown is announced.
   */
  SHUTDOWN_DATE: z._default(
    z.string().check(
      z.trim(),
      z.refine((v) => v === '' || Number.isFinite(Date.parse(v)), 'must be an ISO 8601 date or empty'),
    ),
    '',
  ),
  /** Where the operator explains the shutdown (shutdown_info.info_url); optional. */
  SHUTDOWN_INFO_URL: optionalUrl,
  /**
   * How long a stopping process (SIGTERM, SIGINT) lets requests and work items in flight
   * finish before it cuts the requests and hands the items back (See: [Note: Graceful
   * shutdown]). 8 s stops cleanly inside `docker stop`'s 10 s before its SIGKILL; raise it
   * with the orchestrator's own (Kubernetes: 30 s) for long uploads.
   */
  SHUTDOWN_GRACE_MS: z._default(
    z.pipe(z.coerce.number(), z.int()).check(z.minimum(0), z.maximum(3_600_000)),
    8_000,
  ),
  /** A request whose answer took this long to start is logged as slow (`warn`). */
  SLOW_REQUEST_MS: z._default(z.pipe(z.coerce.number(), z.int()).check(z.minimum(1)), 1000),
  LOG_LEVEL: z._default(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  /**
   * Storage plans and payments (issue #25, spec 001 §1, §3): `off` (a self-hoster's instance:
   * no plans, nobody is read-only for want of one), `sandbox` (the built-in test provider) or
   * `stripe`. Empty: `sandbox`, unless the environment says NODE_ENV=production, where it must
   * be chosen (loadConfig).
   */
  BILLING: z._default(z.enum(['', 'off', 'sandbox', 'stripe']), ''),
  /**
   * Days a subscription whose renewal failed stays past_due, its storage kept, before it is
   * canceled (spec 001 §4; the sandbox's dunning, Stripe's own retry settings with BILLING=stripe).
   */
  BILLING_GRACE_DAYS: z._default(z.pipe(z.coerce.number(), z.int()).check(z.minimum(0), z.maximum(60)), 14),
  /**
   * A request header the operator's proxy sets to the client's country (ISO 3166 alpha-2, as
   * Cloudflare's `CF-IPCountry` or CloudFront's `CloudFront-Viewer-Country`): plans the
   * catalogue sells only in the app there (`app_only_regions`) are listed and not sold on the
   * web (spec 001 §1, §6). Empty: no region is known and the web sells every plan. Set it only
   * behind a proxy that overwrites the header, or a client could name its own country.
   */
  REGION_HEADER: z._default(z.string().check(z.trim(), z.toLowerCase()), ''),
  /** The plans on sale (modules/billing/catalogue.ts); the shipped file when empty. */
  PLANS_FILE: z._default(z.string().check(z.trim()), ''),
  /** BILLING=stripe: the secret key (`sk_test_…`, `sk_live_…`, or a restricted `rk_…`). */
  STRIPE_SECRET_KEY: z._default(z.string().check(z.trim()), ''),
  /** BILLING=stripe: the signing secret of the webhook endpoint `/st/4/stripe/webhook` (`whsec_…`). */
  STRIPE_WEBHOOK_SECRET: z._default(z.string().check(z.trim()), ''),
  /** BILLING=stripe: the key the web client loads the card element with, of the secret key's mode. */
  STRIPE_PUBLISHABLE_KEY: z._default(z.string().check(z.trim()), ''),
});

export type Config = Readonly<
  Omit<z.infer<typeof EnvSchema>, 'DATA_DIR' | 'BILLING'> & {
    DATA_DIR: string;
    BILLING: Billing;
    /** SQLite file used when DATABASE_URL is empty. */
    SQLITE_FILE: string;
    /** Origins whose `/oauth/callback` may receive login codes: see [Note: Redirect allowlist]. */
    SIGN_IN_ORIGINS: readonly string[];
  }
>;

/** Thrown with every problem of the environment at once. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses an environment (process.env by default) into a frozen Config. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = EnvSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const parsed = result.data;
  if (parsed.OIDC_ISSUER !== '' && parsed.OIDC_CLIENT_ID === '') {
    throw new ConfigError('Invalid configuration:\n  OIDC_CLIENT_ID: required when OIDC_ISSUER is set');
  }
  if (parsed.S3_BUCKET !== '' && (parsed.S3_ACCESS_KEY_ID === '' || parsed.S3_SECRET_ACCESS_KEY === '')) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: required when S3_BUCKET is set',
    );
  }
  // A period no longer than the first warning's lead would date every account at once, warn
  // it, and delete accounts in daily use that never sign in again ([Note: Sunset deletion]).
  const longestLead = Math.max(...parsed.SUNSET_WARNING_DAYS);
  if (parsed.SUNSET_INACTIVE_DAYS > 0 && parsed.SUNSET_INACTIVE_DAYS <= longestLead) {
    throw new ConfigError(
      `Invalid configuration:\n  SUNSET_INACTIVE_DAYS: must be 0 (off) or more than the longest of SUNSET_WARNING_DAYS (${String(longestLead)})`,
    );
  }
  if (parsed.METRICS_PORT !== 0 && parsed.METRICS_PORT === parsed.PORT) {
    throw new ConfigError('Invalid configuration:\n  METRICS_PORT: must differ from PORT (or be 0: off)');
  }
  const billing = billingMode(parsed, env.NODE_ENV);
  const dataDir = path.resolve(parsed.DATA_DIR);
  return Object.freeze({
    ...parsed,
    BILLING: billing,
    DATA_DIR: dataDir,
    SQLITE_FILE: path.join(dataDir, 'trove.db'),
    PLANS_FILE: parsed.PLANS_FILE === '' ? DEFAULT_PLANS_FILE : path.resolve(parsed.PLANS_FILE),
    SIGN_IN_ORIGINS: Object.freeze(signInOrigins(parsed)),
  });
}

export type Billing = 'off' | 'sandbox' | 'stripe';

/**
 * BILLING as the instance runs it. A production instance names it: taking payments, or not,
 * is never a default there. NODE_ENV counts only when the environment sets it (its own default
 * is production, which would refuse every instance that never heard of BILLING); `stripe` needs
 * its three keys, all of one mode (spec 001 §9: test keys on test hosts, localhost and staging,
 * live keys in production; a test secret key with a live publishable key would take card
 * details Stripe then cannot use).
 */
function billingMode(
  parsed: Pick<
    z.infer<typeof EnvSchema>,
    'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_PUBLISHABLE_KEY'
  > & { BILLING: Billing | '' },
  nodeEnv: string | undefined,
): Billing {
  if (parsed.BILLING === '') {
    if (nodeEnv === 'production')
      throw new ConfigError(
        'Invalid configuration:\n  BILLING: required when NODE_ENV=production; choose off (no plans or payments), sandbox (test payments) or stripe',
      );
    return 'sandbox';
  }
  if (parsed.BILLING === 'stripe') {
    const problems = stripeKeyProblems(parsed);
    if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return parsed.BILLING;
}

/** What is wrong with the Stripe keys; never the keys themselves. */
function stripeKeyProblems(
  parsed: Pick<
    z.infer<typeof EnvSchema>,
    'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_PUBLISHABLE_KEY'
  >,
): string[] {
  const names = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY'] as const;
  const missing = names.filter((k) => parsed[k] === '');
  if (missing.length > 0) return [`${missing.join(', ')}: required when BILLING=stripe`];
  const problems: string[] = [];
  const secret = /^(?:sk|rk)_(test|live)_[A-Za-z0-9]+$/.exec(parsed.STRIPE_SECRET_KEY);
  const publishable = /^pk_(test|live)_[A-Za-z0-9]+$/.exec(parsed.STRIPE_PUBLISHABLE_KEY);
  if (secret === null)
    problems.push(
      'STRIPE_SECRET_KEY: must be a Stripe secret key (sk_test_…, sk_live_…) or restricted key (rk_…)',
    );
  if (publishable === null)
    problems.push('STRIPE_PUBLISHABLE_KEY: must be a Stripe publishable key (pk_test_… or pk_live_…)');
  if (!/^whsec_[A-Za-z0-9]+$/.test(parsed.STRIPE_WEBHOOK_SECRET))
    problems.push("STRIPE_WEBHOOK_SECRET: must be the webhook endpoint's signing secret (whsec_…)");
  if (secret !== null && publishable !== null && secret[1] !== publishable[1])
    problems.push(
      `STRIPE_PUBLISHABLE_KEY: a ${publishable[1] ?? ''} key with a ${secret[1] ?? ''} STRIPE_SECRET_KEY; both must be test keys or both live keys`,
    );
  return problems;
}

function isSmtpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
}

/**
 * One mailbox: `name@domain`, or `Display Name <name@domain>` (the name may be quoted). No
 * control characters anywhere: the value becomes the From header.
 */
function isMailbox(value: string): boolean {
  const addrSpec = '[^\\s<>@,;"]+@[^\\s<>@,;"]+';
  // eslint-disable-next-line no-control-regex -- rejecting control characters is the point
  if (/[\u0000-\u001f\u007f-\u009f]/.test(value)) return false;
  return new RegExp(`^(?:${addrSpec}|(?:"[^"]*"|[^"<>@]*)\\s*<${addrSpec}>)$`).test(value);
}

/** Addresses that mean "any interface": a browser cannot open them, so they name no origin. */
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

/**
 * The origins a sign-in may return to, from configuration only, never from a request's
 * Host header (which the caller chooses). APP_HOST, LOGIN_HOST and TRUSTED_ORIGINS when set;
 * without APP_HOST the app is served on the address it was started for, so also that:
 * localhost and 127.0.0.1 on PORT, and HOST itself when it is a concrete address. A LAN
 * address (http://192.168.1.20:8080) is not guessed: it must be configured.
 */
function signInOrigins(
  parsed: Pick<z.infer<typeof EnvSchema>, 'APP_HOST' | 'LOGIN_HOST' | 'TRUSTED_ORIGINS' | 'HOST' | 'PORT'>,
): string[] {
  const origins = new Set<string>(parsed.TRUSTED_ORIGINS);
  for (const host of [parsed.APP_HOST, parsed.LOGIN_HOST]) if (host !== '') origins.add(new URL(host).origin);
  if (parsed.APP_HOST === '') {
    const port = String(parsed.PORT);
    const hosts = ['localhost', '127.0.0.1', '[::1]'];
    if (!WILDCARD_HOSTS.has(parsed.HOST))
      hosts.push(
        parsed.HOST.includes(':') && !parsed.HOST.startsWith('[') ? `[${parsed.HOST}]` : parsed.HOST,
      );
    for (const host of hosts) {
      const candidate = `http://${host}:${port}`;
      if (URL.canParse(candidate)) origins.add(new URL(candidate).origin);
    }
  }
  return [...origins];
}
