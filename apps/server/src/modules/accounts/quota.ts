import type { Repositories } from '../repositories.ts';

/**
 * Is the user using more than their quota? Trashed files keep counting until deleted for
 * good (docs/SPEC-DEVIATIONS.md, trash and quota), so a restore adds no bytes; but an
 * account over its quota (a lower plan, a lowered limit) may not bring files back into its
 * library: each restored file is refused with `quota_exceeded` (spec 000 §3 server file
 * errors; spec 001 §4 "restored more files than available"), and an album restore fails.
 */
export async function isOverQuota(
  repos: Pick<Repositories, 'accounts'>,
  userId: string,
  baseQuotaBytes: number,
): Promise<boolean> {
  const user = await repos.accounts.findById(userId);
  return user !== undefined && user.used_space > (user.max_space ?? baseQuotaBytes);
}
