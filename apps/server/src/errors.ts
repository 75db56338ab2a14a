import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance } from 'fastify';
import { safeParse, type ZodMiniType } from 'zod/mini';
import {
  DOWNLOAD_MAX_ITEMS,
  GIB,
  MAX_UPLOAD_BYTES,
  PUBLIC_JOB_AUTH_FAILED,
  SECURED_JOB_NO_ACCESS,
  type ErrorBody,
  type ErrorCode,
} from '@trove/contract';

/**
 * Errors a service may throw. Each carries an HTTP status and a stable contract code; the
 * one error handler below renders them as `{ error: { code, message } }`.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly issues: { path: string; message: string }[] | undefined;

  constructor(
    statusCode: number,
    code: ErrorCode,
    message: string,
    issues?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = new.target.name;
    this.statusCode = statusCode;
    this.code = code;
    this.issues = issues;
  }
}

/** Also what "no access" looks like: callers cannot tell missing from forbidden. */
export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, 'not_found', message);
  }
}

/**
 * 403 'public job auth failed': a shared album asks for its password (spec 000 §4 Job info
 * fetch error mapping → PASSWORD_REQUIRED). Only shared albums with a password say this;
 * anybody holding the link may learn that much. Not 401: a 401 signs the client out.
 */
export class PasswordRequiredError extends AppError {
  constructor() {
    super(403, 'password_required', PUBLIC_JOB_AUTH_FAILED);
  }
}

/**
 * 403 'User does not have access to secured job': the album was deleted and the caller
 * owned or took part in it (RECENTLY_DELETED), spec 000 §4. Everyone else gets not found.
 */
export class SecuredJobError extends AppError {
  constructor() {
    super(403, 'secured_job', SECURED_JOB_NO_ACCESS);
  }
}

export class ValidationError extends AppError {
  constructor(message: string, issues?: { path: string; message: string }[]) {
    super(400, 'validation_failed', message, issues);
  }
}

export class UnauthorizedError extends AppError {
  /** Every authentication failure reads the same, so it tells an attacker nothing. */
  constructor() {
    super(401, 'unauthorized', 'Authentication required');
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, 'conflict', message);
  }
}

export class RateLimitedError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(
    retryAfterSeconds: number,
    code: ErrorCode = 'rate_limited',
    message = 'Too many attempts. Please wait a while and try again.',
  ) {
    super(429, code, message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * 429 data_access_cooldown: a new data export within the cooldown (spec 001 §4 "Data access:
 * allowed once per a parameterised number of hours", §8 "Data access recently downloaded, wait").
 */
export class DataAccessCooldownError extends RateLimitedError {
  constructor(retryAfterSeconds: number) {
    super(
      retryAfterSeconds,
      'data_access_cooldown',
      'You have recently downloaded your data. Please wait before requesting it again.',
    );
  }
}

/** 413: the upload does not fit the account's storage (spec 000 §8: out of storage). */
export class QuotaExceededError extends AppError {
  constructor() {
    super(413, 'quota_exceeded', 'Not enough storage for this file');
  }
}

/**
 * 422: a download over the limits of spec 000 §5, §9 (DOWNLOAD_MAX_ITEMS, DOWNLOAD_MAX_BYTES):
 * split it into parts. `album` for a whole album, which spec 000 §5 blocks outright.
 */
export class DownloadLimitError extends AppError {
  constructor(limit: 'files' | 'size', album: boolean) {
    const code =
      limit === 'files'
        ? album
          ? 'album_download_too_many_files'
          : 'download_too_many_files'
        : album
          ? 'album_download_too_large'
          : 'download_too_large';
    const what = limit === 'files' ? `more than ${String(DOWNLOAD_MAX_ITEMS)} files` : 'more than 3.5 GB';
    super(422, code, `This download holds ${what}; download it in parts`);
  }
}

/** 400: the request is malformed in a way no schema catches (e.g. more bytes than declared). */
export class BadRequestError extends AppError {
  constructor(message: string) {
    super(400, 'bad_request', message);
  }
}

/** 413: one file is over the per-file limit of spec 000 §5, §9 (MAX_UPLOAD_BYTES). */
export class FileTooLargeError extends AppError {
  constructor(message = `File exceeds ${String(MAX_UPLOAD_BYTES / GIB)} GiB`) {
    super(413, 'file_too_large', message);
  }
}

/**
 * 409: an album cannot become shared while the account has no name (spec 001 §5); the client
 * asks for one with the set-name prompt (spec 001 §4 Missing-name prompt) and tries again.
 */
export class UserNameRequiredError extends AppError {
  constructor() {
    super(409, 'user_name_required', 'Shared albums require a user name on the account');
  }
}

/** 409: the account holds as many attributes as it may (issue #24). */
export class TooManyAttributesError extends AppError {
  constructor(limit: number) {
    super(409, 'too_many_attributes', `An account may hold at most ${String(limit)} attributes`);
  }
}

/** 400: a file of 0 bytes, told apart from a type the service does not take (issue #23). */
export class EmptyFileError extends AppError {
  constructor() {
    super(400, 'empty_file', 'This file is empty');
  }
}

/** 415: a type the service does not take (spec 000 §5: extension or content not allowed). */
export class UnsupportedFileError extends AppError {
  constructor(message: string) {
    super(415, 'unsupported_file', message);
  }
}

/** 400: the received bytes do not match the checksum the client sent (spec 000 §5). */
export class ChecksumMismatchError extends AppError {
  constructor() {
    super(400, 'checksum_mismatch', 'The received bytes do not match the checksum');
  }
}

/** 409: a resumable upload's offset is not where the request says (tus `Upload-Offset`). */
export class OffsetMismatchError extends AppError {
  constructor(message: string) {
    super(409, 'offset_mismatch', message);
  }
}

/**
 * 507: the server's disk (the blob store or the database's) is full. Not the account's
 * quota (413): nothing the user can delete fixes it, so clients retry later (issue #10).
 */
export class InsufficientStorageError extends AppError {
  constructor() {
    super(507, 'insufficient_storage', 'The server is out of storage space. Try again later.');
  }
}

/**
 * The request does not speak the protocol of the call: 412 for a tus version the server
 * does not offer, 415 for a body of the wrong content type.
 */
export class UnsupportedProtocolError extends AppError {
  constructor(statusCode: 412 | 415, message: string) {
    super(statusCode, 'unsupported_protocol', message);
  }
}

/**
 * Error codes of a full disk: the file system's (ENOSPC, EDQUOT), SQLite's (SQLITE_FULL)
 * and PostgreSQL's (53100 disk_full). Drivers may wrap them, so causes are searched too.
 */
const OUT_OF_SPACE_CODES = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100']);

/** True when `error` (or an error it wraps) says a disk is full. */
export function isOutOfSpace(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && OUT_OF_SPACE_CODES.has(code)) return true;
    current = current.cause;
  }
  return false;
}

export class InvalidGrantError extends AppError {
  constructor(message = 'The sign-in request is invalid or has expired') {
    super(400, 'invalid_grant', message);
  }
}

export class UserDisabledError extends AppError {
  constructor() {
    super(403, 'user_disabled', 'The account has been terminated');
  }
}

/** The session's sign-in is older than the fresh-login window (see [Note: Fresh login]). */
export class FreshLoginRequiredError extends AppError {
  constructor() {
    super(403, 'fresh_login_required', 'Please sign in again to continue');
  }
}

/** Parses untrusted input with a contract schema, turning failures into ValidationError. */
export function parseInput<T>(schema: ZodMiniType<T>, input: unknown): T {
  const result = safeParse(schema, input);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  throw new ValidationError('Invalid input', issues);
}

/** Renders every error; 5xx details stay in the log, never in the answer. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError | AppError, request, reply) => {
    let error = thrown;
    if (!(error instanceof AppError) && isOutOfSpace(error)) {
      // The operator must act (free space); the client is told to retry later.
      request.log.error({ err: error }, 'out of storage space');
      error = new InsufficientStorageError();
    }
    if (error instanceof AppError) {
      if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
      const body: ErrorBody = { error: { code: error.code, message: error.message } };
      if (error.issues) body.error.issues = error.issues;
      return reply.status(error.statusCode).send(body);
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      const body: ErrorBody = { error: { code: 'internal_error', message: 'Internal server error' } };
      return reply.status(500).send(body);
    }
    // Fastify's own 4xx (malformed JSON, body too large, unsupported media type).
    const body: ErrorBody = { error: { code: 'bad_request', message: error.message } };
    return reply.status(status).send(body);
  });
}

/** What the client-error handler answers for each complaint of Node's HTTP parser. */
function clientErrorOf(code: string | undefined): { status: number; code: ErrorCode; message: string } {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return { status: 431, code: 'headers_too_large', message: 'The request headers are too large' };
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { status: 408, code: 'request_timeout', message: 'The request took too long to arrive' };
  }
  return { status: 400, code: 'bad_request', message: 'The request is not valid HTTP' };
}

/**
 * Fastify's `clientErrorHandler`: answers what Node's HTTP parser refused before any route
 * or hook ran (headers over 16 KiB, a malformed request line or header, a request too slow
 * to arrive) in the contract's `{ error: { code, message } }`, then closes the connection,
 * whose stream of bytes can no longer be trusted.
 */
export function handleClientError(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  this.log.debug({ err: error }, 'client error');
  const { status, code, message } = clientErrorOf(error.code);
  const body = JSON.stringify({ error: { code, message } } satisfies ErrorBody);
  // A response already under way on this connection (Node's `_httpMessage`) cannot get another.
  if (socket.writable && !('_httpMessage' in socket && socket._httpMessage)) {
    socket.write(
      `HTTP/1.1 ${String(status)} ${STATUS_CODES[status] ?? ''}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${String(Buffer.byteLength(body))}\r\n` +
        'X-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}

/** 409 plan_is_downgrade: a yearly plan cannot become monthly (spec 001 §4, §5 PLAN_IS_DOWNGRADE). */
export class PlanIsDowngradeError extends AppError {
  constructor() {
    super(409, 'plan_is_downgrade', 'A yearly plan cannot be switched to a monthly plan');
  }
}

/** 409 insufficient_storage_plan: the plan would not hold what is stored (spec 001 §5). */
export class InsufficientStoragePlanError extends AppError {
  constructor() {
    super(409, 'insufficient_storage_plan', 'The plan is smaller than the storage in use');
  }
}

/** 404 plan_not_offered: no such plan is on sale for the caller (brand, web, region). */
export class PlanNotOfferedError extends AppError {
  constructor() {
    super(404, 'plan_not_offered', 'This plan is not on sale');
  }
}

/** 402: the card provider refused a payment or a card; the code says why (Stripe's codes). */
export class PaymentRefusedError extends AppError {
  constructor(
    code:
      | 'card_declined'
      | 'insufficient_funds'
      | 'expired_card'
      | 'invalid_card_number'
      | 'authentication_required',
    message: string,
  ) {
    super(402, code, message);
  }
}

/** 422 idempotency_key_reused: the Idempotency-Key was used before with another request. */
export class IdempotencyKeyReusedError extends AppError {
  constructor() {
    super(422, 'idempotency_key_reused', 'This Idempotency-Key was used with a different request');
  }
}
