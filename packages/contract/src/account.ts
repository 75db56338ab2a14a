import { z } from 'zod';
import { MAX_NAME_LENGTH } from './constants.ts';
import { plainText } from './text.ts';

/** File type counters of account info (spec 001 §3). */
export const FileTypeCounters = z.object({
  picture_count: z.number().int().nonnegative(),
  screenshot_count: z.number().int().nonnegative(),
  video_count: z.number().int().nonnegative(),
  document_count: z.number().int().nonnegative(),
});
export type FileTypeCounters = z.infer<typeof FileTypeCounters>;

/**
 * Account info (spec 001 §3), the fields that exist so far. `auth_token` is deliberately
 * absent: the token is never echoed back (docs/SPEC-DEVIATIONS.md).
 */
export const AccountInfo = z.object({
  uuid: z.string(),
  name: z.string(),
  logged_in_as: z.string(),
  used_space: z.number().nonnegative(),
  max_space: z.number().nonnegative(),
  profile_picture: z.string().nullable(),
  file_type_counters: FileTypeCounters,
  has_files_not_media: z.boolean(),
  is_read_only_user: z.boolean(),
  tos_to_approve: z.object({ version: z.string() }).nullable(),
  sunset_delete_date: z.number().nullable(),
  number_of_subscribed_albums: z.number().int().nonnegative(),
  permitted_services: z.array(z.string()),
});
export type AccountInfo = z.infer<typeof AccountInfo>;

/** Query of GET /account_info (spec 001 §7). */
export const AccountInfoQuery = z.object({ app_lang: z.string().max(10).optional() });

/** POST /name (spec 001 §7). */
export const SetNameBody = z.object({ name: plainText().trim().min(1).max(MAX_NAME_LENGTH) });
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
