import {
  CAST_MAX_QUEUE,
  CAST_SECRET_HEADER,
  CastReceiverCreated,
  CastReceiverList,
  CastReceiverState,
  CastReceiverView,
  type CastMessage,
  type CastReport,
} from '@trove/contract';
import { z } from 'zod/mini';
import type { HttpClient, Parser } from '../../api/http-client.ts';

/*
 * The cast calls (issue #27, spec 000 §7 cast receiver messages; server: [Note: Casting] in
 * modules/cast/cast.service.ts). A sender's take the user's token as every app call; a
 * receiver's carry its secret in a header, never in the URL.
 */

const NOTHING: Parser<undefined> = { parse: () => undefined };
/** Only what a queue needs of a file listing. */
const QueueFiles = z.object({
  files: z.array(z.object({ id: z.string(), type: z.string() })),
});

const secretHeader = (secret: string) => ({ [CAST_SECRET_HEADER]: secret });

/** POST /cast/receivers: a TV's new receiver and its code. */
export function createReceiver(api: HttpClient, signal?: AbortSignal) {
  return api.app('/cast/receivers', CastReceiverCreated, { method: 'POST', ...(signal && { signal }) });
}

/** GET /cast/receiver: the receiver's long poll; answers when `known` is behind or on a message. */
export function pollReceiver(
  api: HttpClient,
  secret: string,
  known: { serial?: number; paired: boolean },
  signal: AbortSignal,
) {
  return api.app('/cast/receiver', CastReceiverView, {
    query: { serial: known.serial, paired: known.paired ? '1' : '0' },
    headers: secretHeader(secret),
    signal,
  });
}

/** POST /cast/receiver/report: where the TV is now; answers its new window of items. */
export function reportReceiver(api: HttpClient, secret: string, report: CastReport) {
  return api.app('/cast/receiver/report', CastReceiverView, {
    method: 'POST',
    body: report,
    headers: secretHeader(secret),
  });
}

/** POST /cast/pair: the caller's account pairs with the TV showing `code`. */
export function pairWithCode(api: HttpClient, code: string) {
  return api.app('/cast/pair', CastReceiverState, { method: 'POST', body: { code } });
}

/** GET /cast/receivers: the TVs paired to the caller's account. */
export function listReceivers(api: HttpClient, signal?: AbortSignal) {
  return api.app('/cast/receivers', CastReceiverList, signal && { signal });
}

/** POST /cast/receivers/{id}/messages: one receiver message; answers the TV's state. */
export function sendMessage(api: HttpClient, receiverId: string, message: CastMessage) {
  return api.app(`/cast/receivers/${encodeURIComponent(receiverId)}/messages`, CastReceiverState, {
    method: 'POST',
    body: message,
  });
}

/** DELETE /cast/receivers/{id}: stop casting; the TV shows a new code. */
export function unpair(api: HttpClient, receiverId: string) {
  return api.app(`/cast/receivers/${encodeURIComponent(receiverId)}`, NOTHING, { method: 'DELETE' });
}

/**
 * The queue of a job as its listing orders it (an album's sort, else newest taken first):
 * its pictures and videos, at most CAST_MAX_QUEUE of them.
 */
export async function queueOf(api: HttpClient, jobId: string): Promise<string[]> {
  const page = await api.app(`/jobs/${encodeURIComponent(jobId)}/files`, QueueFiles, {
    query: { limit: CAST_MAX_QUEUE },
  });
  return page.files.filter((f) => f.type === 'Pictures' || f.type === 'Movies').map((f) => f.id);
}
