import { z } from 'zod/mini';
import { MAX_NAME_LENGTH } from './constants.ts';
import { ShutdownInfo } from './profile.ts';
import { plainText } from './text.ts';

/** File type counters of account info (spec 001 §3). */
export const FileTypeCounters = z.object({
  picture_count: z.int().check(z.nonnegative()),
  screenshot_count: z.int().check(z.nonnegative()),
  video_count: z.int().check(z.nonnegative()),
  document_count: z.int().check(z.nonnegative()),
});
export type FileTypeCounters = z.infer<typeof FileTypeCounters>;

/**
 * Account info (spec 001 §3). `profile_picture` is a signed URL of the caller's session. `auth_token` is deliberately
 * absent: the token is never echoed back (docs/SPEC-DEVIATIONS.md).
 */
export const AccountInfo = z.object({
  uuid: z.string(),
  name: z.string(),
  logged_in_as: z.string(),
  used_space: z.number().check(z.nonnegative()),
  max_space: z.number().check(z.nonnegative()),
  profile_picture: z.nullable(z.string()),
  file_type_counters: FileTypeCounters,
  has_files_not_media: z.boolean(),
  is_read_only_user: z.boolean(),
  tos_to_approve: z.nullable(z.object({ version: z.string() })),
  sunset_delete_date: z.nullable(z.number()),
  number_of_subscribed_albums: z.int().check(z.nonnegative()),
  permitted_services: z.array(z.string()),
  shutdown_info: z.nullable(ShutdownInfo),
  /** The account may open the admin area (issue #24; a Trove addition, docs/API.md). */
  is_operator: z.boolean(),
});
export type AccountInfo = z.infer<typeof AccountInfo>;

/** Query of GET /account_info (spec 001 §7). */
export const AccountInfoQuery = z.object({ app_lang: z.optional(z.string().check(z.maxLength(10))) });

/** POST /name (spec 001 §7). */
export const SetNameBody = z.object({
  name: plainText().check(z.trim(), z.minLength(1), z.maxLength(MAX_NAME_LENGTH)),
});
export type SetNameBody = z.infer<typeof SetNameBody>;

/** One connected device (spec 001 §3): a browser or app holding a token. */
export const Device = z.object({
  id: z.string(),
  name: z.string(),
  /** Seconds since the epoch of the last call made with this device's token. */
  last_used: z.number(),
  created: z.number(),
});
export type Device = z.infer<typeof Device>;

/** GET /devices (spec 001 §7): the calling device and every device of the account. */
export const DevicesResponse = z.object({ current: Device, devices: z.array(Device) });
export type DevicesResponse = z.infer<typeof DevicesResponse>;

/** Answer of calls that only acknowledge. */
export const OkResponse = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof OkResponse>;
