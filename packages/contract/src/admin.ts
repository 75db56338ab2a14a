import { z } from 'zod/mini';
import { GrantSource } from './billing/grants.ts';
import { StripePaymentMethod, StripeSubscriptionInfo } from './billing/schemas.ts';
import { Locale } from './locales.ts';
import { CardClientValues, TosTexts, TosVersionLabel } from './terms-cards.ts';

/*
 * The operator's calls (issue #24), under `/admin` on the app host: users with their usage,
 * quota and state, disabling and enabling one, the audit log, terms versions and cards. Only
 * operators may call them; anyone else gets what a route that does not exist answers. Times
 * are seconds since the epoch. See docs/API.md.
 */

/** An account as the operator sees it. */
export const AccountState = z.enum(['active', 'read_only', 'disabled']);
export type AccountState = z.infer<typeof AccountState>;

export const AdminUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  used_space: z.number(),
  max_space: z.number(),
  state: AccountState,
  is_operator: z.boolean(),
  file_count: z.int().check(z.nonnegative()),
  created: z.number(),
  /** The last call of any of the account's sessions; null: never signed in since. */
  last_seen: z.nullable(z.number()),
});
export type AdminUser = z.infer<typeof AdminUser>;

/** Most users in one page, and the default. */
export const ADMIN_USERS_MAX_PAGE = 200;

/** GET /admin/users: search by e-mail or name, newest accounts first, paged by offset. */
export const AdminUsersQuery = z.object({
  q: z.optional(z.string().check(z.maxLength(200))),
  offset: z._default(z.pipe(z.coerce.number(), z.int()).check(z.minimum(0)), 0),
  limit: z._default(
    z.pipe(z.coerce.number(), z.int()).check(z.minimum(1), z.maximum(ADMIN_USERS_MAX_PAGE)),
    50,
  ),
});
export type AdminUsersQuery = z.input<typeof AdminUsersQuery>;

export const AdminUsersResponse = z.object({
  users: z.array(AdminUser),
  /** Accounts that match, across pages. */
  total: z.int().check(z.nonnegative()),
});
export type AdminUsersResponse = z.infer<typeof AdminUsersResponse>;

/** What the audit log records (issue #24: every operator action). */
export const AuditAction = z.enum([
  'operator.grant',
  'operator.revoke',
  'user.disable',
  'user.enable',
  'terms.publish',
  'card.create',
  'card.end',
  'announcement.send',
  'deletion.restore',
  'deletion.retry',
  'work_item.retry',
  // Issue #25: storage granted to an account, or a grant ended (`trove admin grant`, `end-grant`).
  'grant.create',
  'grant.end',
  // Issue #25: an account made read-only (spec 001 §6), or writable again (`trove admin read-only`).
  'user.read_only',
  'user.writable',
]);
export type AuditAction = z.infer<typeof AuditAction>;

export const AuditEntry = z.object({
  id: z.string(),
  at: z.number(),
  /** The operator's e-mail, or `cli:<system user>` for the command line. */
  actor: z.string(),
  action: AuditAction,
  target_type: z.enum(['user', 'terms', 'card', 'announcement', 'work_item']),
  target_id: z.nullable(z.string()),
  /** What the target is called now: a user's e-mail (empty once the account is gone), a version, a card's title. */
  target_label: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** GET /admin/audit: newest first; `before` is the `next` of the page before. */
export const AuditLogQuery = z.object({
  before: z.optional(z.string().check(z.regex(/^\d{1,16}\.[0-9a-f-]{36}$/, 'not a cursor'))),
  limit: z._default(z.pipe(z.coerce.number(), z.int()).check(z.minimum(1), z.maximum(200)), 50),
});
export type AuditLogQuery = z.input<typeof AuditLogQuery>;

export const AuditLogResponse = z.object({ entries: z.array(AuditEntry), next: z.nullable(z.string()) });
export type AuditLogResponse = z.infer<typeof AuditLogResponse>;

/** POST /admin/terms: publish a version; it becomes the latest at once. */
export const PublishTermsBody = z.object({ version: TosVersionLabel, texts: TosTexts });
export type PublishTermsBody = z.infer<typeof PublishTermsBody>;

export const AdminTermsVersion = z.object({
  version: z.string(),
  published_at: z.number(),
  locales: z.array(Locale),
  /** Accounts that accepted this version. */
  accepted: z.int().check(z.nonnegative()),
});
export type AdminTermsVersion = z.infer<typeof AdminTermsVersion>;

/** GET /admin/terms: every version, latest first. */
export const AdminTermsResponse = z.object({ versions: z.array(AdminTermsVersion) });
export type AdminTermsResponse = z.infer<typeof AdminTermsResponse>;

/** Who a card is for (issue #24): everyone, read-only users, one brand's, one language's. */
export const CardAudience = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('read_only') }),
  z.object({ kind: z.literal('brand'), brand: z.enum(['intl', 'no']) }),
  z.object({ kind: z.literal('language'), locale: Locale }),
]);
export type CardAudience = z.infer<typeof CardAudience>;

/** POST /admin/cards: a new card, shown from `starts_at` (default now) until `ends_at` or its end. */
export const NewCardBody = z
  .object({
    client_values: CardClientValues,
    audience: CardAudience,
    starts_at: z.optional(z.int().check(z.nonnegative())),
    ends_at: z.optional(z.nullable(z.int().check(z.nonnegative()))),
  })
  .check(
    z.refine(
      (body) => body.ends_at === undefined || body.ends_at === null || body.ends_at > (body.starts_at ?? 0),
      { message: 'the end must come after the start', path: ['ends_at'] },
    ),
  );
export type NewCardBody = z.infer<typeof NewCardBody>;

export const AdminCard = z.object({
  card_id: z.string(),
  client_values: CardClientValues,
  audience: CardAudience,
  starts_at: z.number(),
  ends_at: z.nullable(z.number()),
  created: z.number(),
  /** Accounts that dismissed it. */
  dismissed: z.int().check(z.nonnegative()),
});
export type AdminCard = z.infer<typeof AdminCard>;

/** GET /admin/cards: every card, newest first. */
export const AdminCardsResponse = z.object({ cards: z.array(AdminCard) });
export type AdminCardsResponse = z.infer<typeof AdminCardsResponse>;

/**
 * POST /admin/announcements (issue #24): an e-mail to every account whose
 * stay_up_to_date__email consent holds, each with its own unsubscribe link. `locale` is the
 * language of the unsubscribe footer (the operator writes subject and text themselves).
 */
export const AnnouncementBody = z.object({
  subject: z.string().check(z.trim(), z.minLength(1, 'Write a subject'), z.maxLength(200)),
  text: z.string().check(z.trim(), z.minLength(1, 'Write the message'), z.maxLength(20_000)),
  locale: z._default(Locale, 'en_US'),
});
export type AnnouncementBody = z.input<typeof AnnouncementBody>;

/**
 * Answer of POST /admin/announcements: the announcement is queued (its work item sends it in
 * batches); `total` counts the consenting accounts when it was queued.
 */
export const AnnouncementResult = z.object({
  id: z.string(),
  total: z.int().check(z.nonnegative()),
});
export type AnnouncementResult = z.infer<typeof AnnouncementResult>;

/** An announcement and how far its sending got (GET /admin/announcements). */
export const AdminAnnouncement = z.object({
  id: z.string(),
  subject: z.string(),
  locale: Locale,
  /** The operator's e-mail, or `cli:<system user>`. */
  created_by: z.string(),
  /** Seconds since the epoch, as the rest of the admin area. */
  created_at: z.number(),
  total: z.int().check(z.nonnegative()),
  sent: z.int().check(z.nonnegative()),
  failed: z.int().check(z.nonnegative()),
  state: z.enum(['sending', 'done']),
});
export type AdminAnnouncement = z.infer<typeof AdminAnnouncement>;

/** GET /admin/announcements: the newest first. */
export const AdminAnnouncementsResponse = z.object({ announcements: z.array(AdminAnnouncement) });
export type AdminAnnouncementsResponse = z.infer<typeof AdminAnnouncementsResponse>;

/*
 * Issue #25's operator area: an account's storage (grants, the operator's limit) and its
 * read-only flag, given and ended from the admin area as `trove admin grant|end-grant|read-only`
 * do (the same writes). See docs/API.md.
 */

/** Most GB one grant may give: the unlimited amount of spec 001 §9 (1000 × 1024^3). */
export const ADMIN_GRANT_MAX_GB = 1000;

/** One grant as the operator sees it, live or ended. Times are seconds since the epoch. */
export const AdminGrant = z.object({
  id: z.string(),
  source: GrantSource,
  /** Size in GB (2^30 bytes). */
  size: z.number(),
  renews_at: z.nullable(z.number()),
  expires_at: z.nullable(z.number()),
  given_at: z.number(),
  /** When it was ended or expired; null while live. */
  ended_at: z.nullable(z.number()),
  live: z.boolean(),
});
export type AdminGrant = z.infer<typeof AdminGrant>;

/**
 * The account's plan as the payment provider last said (the sync's snapshot): customer
 * service's answer to "why can I not upload?". Times are seconds; `ended_unpaid`: it ended
 * after its renewal charge failed for the whole grace period.
 */
export const AdminSubscription = z.object({
  plan_id: z.string(),
  status: StripeSubscriptionInfo.shape.status,
  period_end: z.number(),
  cancel_at_period_end: z.boolean(),
  ended_unpaid: z.boolean(),
});
export type AdminSubscription = z.infer<typeof AdminSubscription>;

/**
 * GET /admin/users/:id/storage. `read_only` tells the two reasons apart: the operator's flag
 * (the switch) and billing's (a plan that ended unpaid while over the quota), either of which
 * makes the account read-only.
 */
export const AdminStorage = z.object({
  user: AdminUser,
  base_quota: z.number(),
  /** The operator's limit (`trove quota`); null when none. */
  space_override: z.nullable(z.number()),
  /** Every grant, live and ended, newest first. */
  grants: z.array(AdminGrant),
  /** The current or last subscription; null when the account never had one. */
  subscription: z.nullable(AdminSubscription),
  /** The stored card's display fields (never more); null when none. */
  card: z.nullable(StripePaymentMethod),
  read_only: z.object({ operator: z.boolean(), billing: z.boolean() }),
});
export type AdminStorage = z.infer<typeof AdminStorage>;

/** POST /admin/users/:id/grants. `expires_at`: seconds, in the future. */
export const AdminGrantBody = z.object({
  source: GrantSource,
  size_gb: z.number().check(z.positive(), z.maximum(ADMIN_GRANT_MAX_GB)),
  expires_at: z.optional(z.int().check(z.positive())),
});
export type AdminGrantBody = z.infer<typeof AdminGrantBody>;

/** POST /admin/users/:id/read_only. */
export const AdminReadOnlyBody = z.object({ read_only: z.boolean() });
export type AdminReadOnlyBody = z.infer<typeof AdminReadOnlyBody>;
