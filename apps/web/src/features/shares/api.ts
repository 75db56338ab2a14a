import { CreatedShare, type CreateShareBody } from '@trove/contract';
import type { HttpClient } from '../../api/http-client.ts';

/**
 * POST /st/4/shares (spec 000 §7 "create a share from files (returns an id from which the
 * link is built)"): a share of `file_uuids` of `source_job`, with the password as entered
 * (§5). `headers` carry an album's foreign-auth grant when the files come from an album the
 * caller reads as a visitor. The share dialog and /selectPhotos both make shares with it.
 */
export function createShare(
  api: HttpClient,
  body: CreateShareBody,
  headers?: Record<string, string>,
): Promise<CreatedShare> {
  return api.app('/shares', CreatedShare, { method: 'POST', body, ...(headers && { headers }) });
}

// Copy link and the share sheet for links already known (My shared links, an album's link).
export { canShareToApps, shareToApps, useCopyLink } from './use-copy-link.ts';

// Stop sharing: the share page's owner, and My shared links.
export { stopSharing } from './page/api.ts';
