/*
 * How grants show on the storage screen (spec 001 §3 grant sources and storage-source kinds,
 * §6 "b2b grants of 1000 GB or more are listed separately", §9 "Grants from customer_service,
 * other and capture merged per source; b2b of 1000 GB or more listed apart").
 */

/** What display needs of a grant (the Grant schema is the grants module's; this fits it). */
export interface GrantLike {
  source: string;
  /** Size in GB (2^30 bytes). */
  size_gb: number;
  /** Seconds since the epoch, or null. */
  renews_at: number | null;
  expires_at: number | null;
}

/** Sources whose grants show as one line each (spec 001 §9). */
export const MERGED_GRANT_SOURCES: readonly string[] = ['customer_service', 'other', 'capture'];

/** A b2b grant this large (GB) is a business or telecom customer's, listed apart (§6, §9). */
export const B2B_APART_MIN_GB = 1000;

/**
 * The storage-source kinds shown to users (spec 001 §3). 'product' is the free base quota's
 * row; 'business_unit' has no grant source in the spec's list and is never derived here.
 */
export type StorageSourceKind =
  | 'product'
  | 'business_customer'
  | 'web'
  | 'apple_store'
  | 'google_play_store'
  | 'old_web_shop'
  | 'other'
  | 'customer_service'
  | 'business_unit';

const KIND_OF_SOURCE: Readonly<Record<string, StorageSourceKind>> = {
  // The card payment provider: bought on the web (spec 001 §3 "web").
  stripe: 'web',
  customer_service: 'customer_service',
  other: 'other',
  // capture is the old web shop's purchases ("capture", "capture stripe" in §3's data).
  capture: 'old_web_shop',
  capture_stripe: 'old_web_shop',
  b2b: 'business_customer',
  apple_store: 'apple_store',
  android_store: 'google_play_store',
};

/** The kind a grant of `source` shows as; a source the spec does not name shows as 'other'. */
export function storageSourceKind(source: string): StorageSourceKind {
  return KIND_OF_SOURCE[source] ?? 'other';
}

/** Whether `grant` is a large b2b grant, listed apart (spec 001 §6, §9). */
export function isListedApart(grant: GrantLike): boolean {
  return grant.source === 'b2b' && grant.size_gb >= B2B_APART_MIN_GB;
}

/** Grants as the storage screen lists them. */
export interface GrantDisplay<G extends GrantLike> {
  /** One line each: merged sources once (in order of first appearance), others as given. */
  listed: (G | MergedGrant)[];
  /** Large b2b grants, shown apart (spec 001 §6). */
  apart: G[];
}

/** Several grants of one merged source shown as one. */
export interface MergedGrant extends GrantLike {
  /** How many grants were merged into this line. */
  count: number;
}

/** The earliest of the non-null times, or null when there is none. */
function earliest(times: readonly (number | null)[]): number | null {
  const known = times.filter((t): t is number => t !== null);
  return known.length === 0 ? null : Math.min(...known);
}

/**
 * Merges the grants of one source (sizes summed). Dates: the earliest renewal (the next time
 * any of it renews) and the earliest expiry (the first day some of this storage goes), so
 * the line never promises storage for longer than all of it lasts.
 */
export function mergeGrants(source: string, grants: readonly GrantLike[]): MergedGrant {
  return {
    source,
    size_gb: grants.reduce((sum, g) => sum + g.size_gb, 0),
    renews_at: earliest(grants.map((g) => g.renews_at)),
    expires_at: earliest(grants.map((g) => g.expires_at)),
    count: grants.length,
  };
}

/** The grants of `grants` as listed (spec 001 §9): merged per source, large b2b apart. */
export function grantsForDisplay<G extends GrantLike>(grants: readonly G[]): GrantDisplay<G> {
  const listed: (G | MergedGrant)[] = [];
  const apart: G[] = [];
  const seen = new Set<string>();
  for (const grant of grants) {
    if (isListedApart(grant)) apart.push(grant);
    else if (!MERGED_GRANT_SOURCES.includes(grant.source)) listed.push(grant);
    else if (!seen.has(grant.source)) {
      seen.add(grant.source);
      listed.push(
        mergeGrants(
          grant.source,
          grants.filter((g) => g.source === grant.source),
        ),
      );
    }
  }
  return { listed, apart };
}
