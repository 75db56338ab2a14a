import { z } from 'zod/mini';

/**
 * Stable error codes of the wire contract. Every error the server renders carries one of
 * these in `{ error: { code, message } }`; clients match on the code, never on the text.
 */
export const ErrorCode = z.enum([
  'bad_request',
  'validation_failed',
  'unauthorized',
  'not_found',
  'conflict',
  'quota_exceeded',
  'unsupported_file',
  'file_too_large',
  'checksum_mismatch',
  'offset_mismatch',
  'unsupported_protocol',
  'headers_too_large',
  'request_timeout',
  'rate_limited',
  'invalid_client',
  'invalid_grant',
  'invalid_redirect',
  'user_disabled',
  // 403 'public job auth failed': the album wants its password (spec 000 §4 mapping).
  'password_required',
  // 403 'User does not have access to secured job': deleted, or only for members (spec 000 §4).
  'secured_job',
  // 507: the server's own disk is full (not the account's quota); retry later (issue #10).
  'insufficient_storage',
  // 422: a download over the limits of spec 000 §5/§9 (500 items, 3.5 GB); the four limit
  // alerts of spec 000 §8: a selection's file count and size, an album's file count and size.
  'download_too_many_files',
  'download_too_large',
  'album_download_too_many_files',
  'album_download_too_large',
  // 502: the mail server refused a message or could not be reached (issue #15); retry.
  'mail_failed',
  // 400: one address twice in one publish (issue #23).
  'duplicate_recipient',
  // 409: this share or album was already sent to one of the addresses recently (issue #23).
  'already_sent',
  // 400: an upload of 0 bytes (issue #23): nothing to keep, told apart from unsupported_file.
  'empty_file',
  // 429: a data export was requested within the cooldown (spec 001 §4, §8 "Data access
  // recently downloaded, wait"); Retry-After says when the next one may be.
  'data_access_cooldown',
  // 409: approve_tos named a version of the terms that is not the latest (issue #24).
  'tos_outdated',
  // 403: the call needs the user to have proved who they are within the last minutes (spec
  // 001 §6 "Privacy settings need a fresh login"); the client signs in again with
  // prompt=login and comes back.
  'fresh_login_required',
  // 409: an album cannot become shared while the account has no name (spec 001 §5 "Shared
  // albums require a user name on the account"); the client shows the set-name prompt (§4).
  'user_name_required',
  // 409: an account already holds MAX_ACCOUNT_ATTRIBUTES attributes (issue #24).
  'too_many_attributes',
  // 409: billing rules of spec 001 §5, refused by the server as the web greys them
  // (billing/rules.ts): a yearly plan cannot become monthly (PLAN_IS_DOWNGRADE), and a plan
  // must hold what is used (INSUFFICIENT_STORAGE_PLAN); plan_not_offered: no such plan on sale.
  'plan_is_downgrade',
  'insufficient_storage_plan',
  'plan_not_offered',
  // 402: the card provider refused a payment or a card (issue #25), in Stripe's codes: the
  // client asks for another card (authentication_required: 3-D Secure could not be done).
  'card_declined',
  'insufficient_funds',
  'expired_card',
  'invalid_card_number',
  'authentication_required',
  // 422: an Idempotency-Key used before with a different request (issue #25).
  'idempotency_key_reused',
  'internal_error',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** The body of every non-2xx answer from the server. */
export const ErrorBody = z.object({
  error: z.object({
    code: ErrorCode,
    message: z.string(),
    /** Field-level problems of a `validation_failed` answer. */
    issues: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
