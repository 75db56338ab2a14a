import { CreatedShare, PublishResult, type CreateShareBody, type PublishBody } from '@trove/contract';
import type { HttpClient } from '../../../api/http-client.ts';

/**
 * POST /st/4/shares (spec 000 §7 "create a share from files (returns an id from which the
 * link is built)"): a share of `file_uuids` of `source_job`, with the password as entered
 * (§5). `headers` carry an album's foreign-auth grant when the files come from an album the
 * caller reads as a visitor.
 */
export function createShare(
  api: HttpClient,
  body: CreateShareBody,
  headers?: Record<string, string>,
): Promise<CreatedShare> {
  return api.app('/shares', CreatedShare, { method: 'POST', body, ...(headers && { headers }) });
}

/**
 * POST /st/4/jobs/{id}/publish (spec 000 §7 to_email, subject, message): sends the share
 * `jobId` by e-mail, or invites to the shared album `jobId`, in the sender's language.
 */
export function publishJob(api: HttpClient, jobId: string, body: PublishBody): Promise<PublishResult> {
  return api.app(`/jobs/${encodeURIComponent(jobId)}/publish`, PublishResult, { method: 'POST', body });
}
