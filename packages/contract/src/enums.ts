import { z } from 'zod/mini';

/** Login status (spec 001 §4). */
export const LoginStatus = z.enum(['NOT_STARTED', 'FETCHING', 'AUTHENTICATED', 'FAILED', 'UNAUTHENTICATED']);
export type LoginStatus = z.infer<typeof LoginStatus>;

/** Request status (spec 001 §3, spec 000 §3). */
export const RequestStatus = z.enum(['EMPTY', 'FETCHING', 'SUCCEEDED', 'FAILED']);
export type RequestStatus = z.infer<typeof RequestStatus>;

/** Job types (spec 000 §3). The timeline is the default job, always owned by the user. */
export const JobType = z.enum(['timeline', 'story', 'share']);
export type JobType = z.infer<typeof JobType>;

/** Privacy modes of a job (spec 000 §3). */
export const PrivacyMode = z.enum(['shared', 'protected', 'private', 'public']);
export type PrivacyMode = z.infer<typeof PrivacyMode>;

/** Permission bits of a job (spec 000 §9). */
export const PERMISSION_BITS = { allow_comments: 1, allow_uploads: 2 } as const;

/** File existence (spec 000 §3). */
export const FileExistence = z.enum(['exists', 'deleted', 'trashed']);
export type FileExistence = z.infer<typeof FileExistence>;

/** Duplicate policies of uploads (spec 000 §3). */
export const DuplicatePolicy = z.enum(['allow_duplicates', 'no_duplicates', 'once_only']);
export type DuplicatePolicy = z.infer<typeof DuplicatePolicy>;

/** Server file errors (spec 000 §3). */
export const ServerFileError = z.enum([
  'quota_exceeded',
  'file_not_found',
  'forbidden',
  'file_is_trashed',
  'is_directory',
  'unable_to_rollback',
  'not_master',
  'not_latest_revision',
]);
export type ServerFileError = z.infer<typeof ServerFileError>;

/** Confirm dialog kinds (spec 000 §4). */
export const ConfirmKind = z.enum(['DELETE_ALBUM', 'UNSUBSCRIBE_ALBUM', 'DELETE_FILE', 'DELETE_DEVICE']);
export type ConfirmKind = z.infer<typeof ConfirmKind>;

/** Billing period (spec 001 §3). */
export const BillingPeriod = z.enum(['monthly', 'yearly', 'unknown']);
export type BillingPeriod = z.infer<typeof BillingPeriod>;
