import { z } from 'zod/mini';
import { RemoteFile } from './files.ts';
import { Locale } from './locales.ts';

/*
 * Shares by link and e-mail (spec 000 §3 Share, §4 share dialog, §5, §6, §7, §9; issue #15).
 *
 * A share is a job of type `share` holding a snapshot of the files it was made from (new
 * file rows naming the same stored bytes, like an album copy: nobody's storage grows). Its
 * id is the link's secret: 24 random bytes, base64url (192 bits). It lives SHARE_LINK_DAYS
 * days; after that, once its owner stops it, or for an unknown id, every share-scoped call
 * answers exactly like a missing id (404 not_found).
 *
 * Receivers use the job calls a visitor of a shared album uses, with the share's id as the
 * job id: `POST /jobs/{id}/files_as_archive` (download), `POST /jobs/{id}/copy_to_timeline`
 * and `/keep-all-files` (add to timeline, signed in), thumbnails through the signed URLs of
 * the listing. A share with a password wants a grant first: `POST /shares/{id}/auth` with
 * the password as entered (spec 000 §5) in the body, never a URL; the answer's grant goes
 * in the foreign-auth header (`x-foreign-auth`) of every later call, as for albums.
 * See docs/API.md.
 */

/** At most this many files in one share: a share must download as one archive (spec 000 §9). */
export const SHARE_MAX_FILES = 500;

/** Longest share password accepted (the server hashes it; spec 000 §5 sends it as entered). */
export const SHARE_PASSWORD_MAX_LENGTH = 256;

/** A share id: the 32 base64url characters of 24 random bytes. */
export const ShareId = z.string().check(z.regex(/^[A-Za-z0-9_-]{32}$/, 'not a share id'));

/** POST /shares (spec 000 §7 "create a share from files (returns an id from which the link is built)"). */
export const CreateShareBody = z.object({
  /** The job the files are in: the caller's timeline, or an album they may read. */
  source_job: z.string().check(z.minLength(1), z.maxLength(100)),
  file_uuids: z
    .array(z.string().check(z.minLength(1), z.maxLength(100)))
    .check(z.minLength(1), z.maxLength(SHARE_MAX_FILES)),
  /** Optional; as entered (spec 000 §5 "Share passwords are sent as entered"). */
  password: z.optional(z.string().check(z.minLength(1), z.maxLength(SHARE_PASSWORD_MAX_LENGTH))),
});
export type CreateShareBody = z.input<typeof CreateShareBody>;

/** A new share: its id (the link is built from it) and when it expires, seconds since the epoch. */
export const CreatedShare = z.object({ id: z.string(), expires: z.number() });
export type CreatedShare = z.infer<typeof CreatedShare>;

/**
 * GET /shares/{id}: the share page's data (spec 000 §3 Share: id, owner, thumbFiles,
 * docFiles). The owner's e-mail is given to the owner only (docs/SPEC-DEVIATIONS.md).
 */
export const ShareInfo = z.object({
  id: z.string(),
  owner: z.object({ userID: z.string(), name: z.string(), email: z.nullable(z.string()) }),
  /** Seconds since the epoch. */
  ctime: z.number(),
  expires: z.number(),
  has_password: z.boolean(),
  /** The caller is the share's owner (spec 000 §6 Share owner): they may stop sharing. */
  is_owner: z.boolean(),
  /** The caller may add the files to their timeline now (signed in, with a subscription). */
  can_copy: z.boolean(),
  /** Pictures and videos, newest taken first. */
  thumbFiles: z.array(RemoteFile),
  /** Documents, shown as download chips. */
  docFiles: z.array(RemoteFile),
});
export type ShareInfo = z.infer<typeof ShareInfo>;

/** POST /shares/{id}/auth: the share password as entered, in the body. */
export const ShareAuthBody = z.object({
  password: z.string().check(z.minLength(1), z.maxLength(SHARE_PASSWORD_MAX_LENGTH)),
});
export type ShareAuthBody = z.infer<typeof ShareAuthBody>;

/** At most this many recipients in one e-mail share. */
export const PUBLISH_MAX_RECIPIENTS = 20;
/** Subject and message limits of an e-mail share. */
export const PUBLISH_SUBJECT_MAX_LENGTH = 255;
export const PUBLISH_MESSAGE_MAX_LENGTH = 5000;

/** A standard e-mail address pattern (spec 001 §5 "checked against a standard pattern"). */
const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

/** Whether `value` is one e-mail address by that pattern, at most 254 characters. */
export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}

/**
 * The recipients of spec 000 §5: a comma-separated list where every entry must be a valid
 * address; empty entries (a trailing comma, doubled commas) are not allowed. Returns the
 * trimmed addresses, or null when the list is invalid. Shared by the dialog and the server.
 */
export function parseRecipients(list: string): string[] | null {
  const entries = list.split(',').map((entry) => entry.trim());
  if (entries.length === 0 || entries.length > PUBLISH_MAX_RECIPIENTS) return null;
  for (const entry of entries) if (!isEmailAddress(entry)) return null;
  return entries;
}

/**
 * POST /jobs/{id}/publish (spec 000 §7: to_email, subject, message): sends a share by e-mail,
 * or invites to a shared album. `locale` is the sender's language, which the message is
 * written in; the subject must be more than whitespace, the message is optional (spec 000 §5).
 */
export const PublishBody = z.object({
  to_email: z.pipe(
    z.string().check(z.maxLength(PUBLISH_MAX_RECIPIENTS * 256)),
    z.transform((value, ctx) => {
      const recipients = parseRecipients(value);
      if (recipients === null) {
        ctx.issues.push({
          code: 'custom',
          message: 'every recipient must be a valid e-mail address',
          input: value,
        });
        return z.NEVER;
      }
      return recipients;
    }),
  ),
  subject: z.string().check(z.trim(), z.minLength(1), z.maxLength(PUBLISH_SUBJECT_MAX_LENGTH)),
  message: z._default(z.string().check(z.maxLength(PUBLISH_MESSAGE_MAX_LENGTH)), ''),
  locale: z.optional(Locale),
});
export type PublishBody = z.input<typeof PublishBody>;

/**
 * The answer of publish: how many messages there were, and where they went: `sent` to a mail
 * server, or only into the server's outbox folder (no mail server configured), where nobody
 * receives them until the operator passes them on; the client should say which (issue #23).
 */
export const PublishResult = z.object({
  sent: z.int().check(z.nonnegative()),
  delivery: z.enum(['sent', 'outbox']),
});
export type PublishResult = z.infer<typeof PublishResult>;

/**
 * Link suffix markers (spec 000 §3): where a share link was handed out. They ride as the
 * `m` query parameter of the link (`/share/{id}?m=se`); the page reads and drops it.
 */
export const ShareLinkMarker = z.enum(['se', 'sms', 'sc']);
export type ShareLinkMarker = z.infer<typeof ShareLinkMarker>;
export const SHARE_MARKER_PARAM = 'm';

/** The path of a share's page, with its marker. */
export function sharePath(shareId: string, marker?: ShareLinkMarker): string {
  const base = `/share/${encodeURIComponent(shareId)}`;
  return marker ? `${base}?${SHARE_MARKER_PARAM}=${marker}` : base;
}
