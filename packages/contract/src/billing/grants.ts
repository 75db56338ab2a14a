import { z } from 'zod/mini';

/*
 * Storage grants (spec 001 §1 "storage can also come from grants of other sources", §3 Grant
 * and grant sources, §7 GET /user_grants → result.grants, §9 GB = 2^30 bytes, unlimited at
 * 1000 × 1024^3). A grant adds storage to the base quota while it is live.
 */

/** Grant sources of spec 001 §3; `stripe` is the card payment provider. */
export const GRANT_SOURCES = [
  'stripe',
  'customer_service',
  'other',
  'capture',
  'b2b',
  'apple_store',
  'android_store',
] as const;
export const GrantSource = z.enum(GRANT_SOURCES);
export type GrantSource = z.infer<typeof GrantSource>;

/** A grant's cancellation or reactivation link (spec 001 §3 `_links`). */
export const GrantLink = z.object({ href: z.string(), method: z.string() });

/** One grant as GET /user_grants gives it (spec 001 §3). Times are ISO 8601 or null. */
export const Grant = z.object({
  id: z.string(),
  source: GrantSource,
  /** Size in GB (2^30 bytes). */
  size: z.number(),
  renews_at: z.nullable(z.string()),
  expires_at: z.nullable(z.string()),
  stripe_product_id: z.nullable(z.string()),
  _links: z.object({ cancellation: z.optional(GrantLink), reactivation: z.optional(GrantLink) }),
});
export type Grant = z.infer<typeof Grant>;

/** GET /user_grants (spec 001 §7): the caller's live grants. */
export const UserGrantsResponse = z.object({ result: z.object({ grants: z.array(Grant) }) });
export type UserGrantsResponse = z.infer<typeof UserGrantsResponse>;

/**
 * The storage an account may use: an operator's limit when one is set, else the base quota
 * plus every live grant. Live grants can only add (spec 001 §1).
 */
export function maxSpaceBytes(
  baseBytes: number,
  grantBytes: readonly number[],
  overrideBytes: number | null,
): number {
  if (overrideBytes !== null) return overrideBytes;
  return grantBytes.reduce((sum, bytes) => sum + bytes, baseBytes);
}
