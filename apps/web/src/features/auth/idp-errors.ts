import type { ErrorCode } from '@trove/contract';
import { HttpError, type ClientErrorCode } from '../../api/http-error.ts';
import type { MessageId } from '../../i18n/messages.ts';

/** Messages of the codes the identity provider's forms explain; any other code gets the generic text. */
const IDP_MESSAGES: Partial<Record<ErrorCode | ClientErrorCode, MessageId>> = {
  rate_limited: 'idp.error.rateLimited',
  conflict: 'idp.error.emailTaken',
  validation_failed: 'idp.error.invalid',
  bad_request: 'idp.error.invalid',
  network_error: 'common.offline',
  user_disabled: 'error.terminated.title',
};

/**
 * The message of a failed sign-in or sign-up, by error code: 'Wrong e-mail or password'
 * (401 invalid_grant), too many attempts (429), e-mail taken (409), invalid fields (400).
 * Returns 'expired' when the pending login itself is gone (400 invalid_grant).
 */
export function idpErrorMessage(error: unknown): MessageId | 'expired' {
  if (!(error instanceof HttpError)) return 'common.genericError';
  if (error.code === 'invalid_grant') return error.status === 401 ? 'idp.error.wrongCredentials' : 'expired';
  return IDP_MESSAGES[error.code] ?? 'common.genericError';
}
