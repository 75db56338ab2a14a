import { ErrorBody, type ErrorCode } from '@trove/contract';

/**
 * Codes of failures that never reached the server's error handler: the network was down
 * (`network_error`) or a 2xx answer did not match the contract (`invalid_response`).
 */
export type ClientErrorCode = 'network_error' | 'invalid_response';

/** A field-level problem of a `validation_failed` answer. */
export interface ErrorIssue {
  path: string;
  message: string;
}

/**
 * The one error type of every HTTP call the web client makes. `status` is 0 when no answer
 * arrived. Match on `code` with {@link isApiError}, never on the message text.
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly status: number;
  readonly code: ErrorCode | ClientErrorCode;
  readonly issues: readonly ErrorIssue[];

  constructor(init: {
    status: number;
    code: ErrorCode | ClientErrorCode;
    message: string;
    issues?: readonly ErrorIssue[];
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.issues = init.issues ?? [];
  }

  /** Builds the error of a non-2xx answer from its body; any body that is not an ErrorBody counts as a bare status. */
  static fromResponse(status: number, body: unknown): HttpError {
    const parsed = ErrorBody.safeParse(body);
    if (parsed.success) {
      const { code, message, issues } = parsed.data.error;
      return new HttpError({ status, code, message, ...(issues ? { issues } : {}) });
    }
    return new HttpError({ status, code: codeOfStatus(status), message: `HTTP ${status}` });
  }
}

/** Fallback code of an answer whose body is not the contract's ErrorBody (a proxy's 502 page, say). */
function codeOfStatus(status: number): ErrorCode {
  if (status === 401) return 'unauthorized';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 413) return 'quota_exceeded';
  if (status === 429) return 'rate_limited';
  if (status === 507) return 'insufficient_storage';
  if (status >= 400 && status < 500) return 'bad_request';
  return 'internal_error';
}

/** True when `error` is an {@link HttpError} carrying `code`. */
export function isApiError(error: unknown, code: ErrorCode | ClientErrorCode): error is HttpError {
  return error instanceof HttpError && error.code === code;
}

/**
 * True when the server's own disk is full (507): not a network error and not the account's
 * quota; the same call may work later (issue #10).
 */
export function isServerOutOfSpace(error: unknown): boolean {
  return isApiError(error, 'insufficient_storage');
}

/** True when the request never got an answer (offline, DNS failure, connection refused). */
export function isNetworkError(error: unknown): error is HttpError {
  return isApiError(error, 'network_error');
}

/** A URL without its query string and fragment: what may be logged (tokens and ids travel in queries). */
export function stripQuery(url: string): string {
  const cut = url.search(/[?#]/);
  return cut === -1 ? url : url.slice(0, cut);
}
