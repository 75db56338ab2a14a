import { z } from 'zod/mini';

/*
 * The user's profile beyond the name (spec 001 §3 User profile, Account attribute; §7
 * /st/4/profile/picture and /account_attribute; issue #24).
 */

/** Largest profile picture the server takes (the web client sends a 310 × 310 crop). */
export const PROFILE_PICTURE_MAX_BYTES = 10 * 1024 * 1024;
/** Image types a profile picture may be (checked on the bytes, not the declared type). */
export const PROFILE_PICTURE_FORMATS = ['jpeg', 'png', 'webp'] as const;
/** The served rendition is at most this many pixels on its longer side. */
export const PROFILE_PICTURE_THUMB_PX = 512;
/** The crop of spec 001 §5: "Profile picture crop uses a 310 by 310 circle". */
export const PROFILE_PICTURE_CROP_PX = 310;

/** Answer of POST /st/4/profile/picture (201): the signed URL of the new picture. */
export const ProfilePictureResult = z.object({ profile_picture: z.string() });
export type ProfilePictureResult = z.infer<typeof ProfilePictureResult>;

/** Attributes one account may hold at most. */
export const MAX_ACCOUNT_ATTRIBUTES = 100;
/** Longest value of one attribute, in characters. */
export const MAX_ACCOUNT_ATTRIBUTE_VALUE = 4096;

/** `account_attribute_key` (spec 001 §7): letters, digits, `_`, `.` and `-`, at most 64. */
export const AccountAttributeKey = z
  .string()
  .check(z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9_.-]+$/));

/** Query of the three /account_attribute calls. */
export const AccountAttributeQuery = z.object({ account_attribute_key: AccountAttributeKey });

/** Body of POST /account_attribute: "value in body". */
export const AccountAttributeBody = z.object({
  value: z.string().check(z.maxLength(MAX_ACCOUNT_ATTRIBUTE_VALUE)),
});
export type AccountAttributeBody = z.infer<typeof AccountAttributeBody>;

/** One attribute (spec 001 §3 Account attribute: key and value); value null when unset. */
export const AccountAttribute = z.object({ key: z.string(), value: z.nullable(z.string()) });
export type AccountAttribute = z.infer<typeof AccountAttribute>;

/**
 * The attribute in which the storage popups (spec 001 §4) remember the highest warning the
 * user has seen, so each shows once per crossing on every device: '', '80' or '95'.
 */
export const STORAGE_WARNING_ATTRIBUTE = 'storage_warning_level';

/**
 * spec 001 §3 shutdown_info: the instance's announced end of service, set by its operator
 * (SHUTDOWN_DATE, SHUTDOWN_INFO_URL); null when none is announced.
 */
export const ShutdownInfo = z.object({
  /** Milliseconds since the epoch when the service stops. */
  shutdown_date: z.number(),
  /** Where the operator explains it and how to take data out; null when not given. */
  info_url: z.nullable(z.string()),
});
export type ShutdownInfo = z.infer<typeof ShutdownInfo>;
