import { PublishResult, type PublishBody } from '@trove/contract';
import type { HttpClient } from '../../../api/http-client.ts';

/**
 * POST /st/4/jobs/{id}/publish (spec 000 §7 to_email, subject, message): sends the share
 * `jobId` by e-mail, or invites to the shared album `jobId`, in the sender's language.
 */
export function publishJob(api: HttpClient, jobId: string, body: PublishBody): Promise<PublishResult> {
  return api.app(`/jobs/${encodeURIComponent(jobId)}/publish`, PublishResult, { method: 'POST', body });
}
