import { z } from 'zod/mini';

/*
 * The trash (spec 000 §3 Trash file, Deleted album; §7 Trash; issue #13): the caller's
 * trashed files and deleted albums, restoring them and deleting them for good.
 */

/**
 * POST /empty_trash_can (spec 000 §7 "fileid"): the trashed files to delete for good, one id
 * or a list; without `fileid`, the whole trash. Permanent: the bytes are freed.
 */
export const EmptyTrashBody = z.object({
  fileid: z.optional(
    z.union([
      z.string().check(z.minLength(1), z.maxLength(100)),
      z.array(z.string().check(z.minLength(1), z.maxLength(100))).check(z.minLength(1), z.maxLength(5000)),
    ]),
  ),
});
export type EmptyTrashBody = z.input<typeof EmptyTrashBody>;
export const EmptyTrashResponse = z.object({
  deleted: z.int().check(z.nonnegative()),
  freed_bytes: z.number().check(z.nonnegative()),
});
export type EmptyTrashResponse = z.infer<typeof EmptyTrashResponse>;

/**
 * One file of the trash (spec 000 §3 Trash file: id, job, path, mtime, dtime, width, height,
 * thumbnail, group_type, group_id, master; daysRemaining is the client's, from dtime).
 * Times in seconds. `thumb_url_small` is the trashed variant of spec 000 §7, signed for the
 * caller's session; null until the thumbnail exists.
 */
export const TrashFile = z.object({
  id: z.string(),
  job: z.string(),
  path: z.string(),
  name: z.string(),
  size: z.number(),
  type: z.enum(['Pictures', 'Movies', 'Documents']),
  duration: z.number(),
  mtime: z.number(),
  dtime: z.number(),
  width: z.number(),
  height: z.number(),
  group_type: z.nullable(z.string()),
  group_id: z.nullable(z.string()),
  master: z.number(),
  thumb_url_small: z.nullable(z.string()),
});
export type TrashFile = z.infer<typeof TrashFile>;

/** GET /trash_can?offset&limit (spec 000 §7): newest deletion first; header capture-total-items. */
export const TrashCanQuery = z.object({
  offset: z._default(z.pipe(z.coerce.number(), z.int()).check(z.nonnegative()), 0),
  limit: z._default(z.pipe(z.coerce.number(), z.int()).check(z.minimum(1), z.maximum(500)), 100),
});
export const TrashCan = z.object({
  files: z.array(TrashFile),
  total_item_count: z.int().check(z.nonnegative()),
});
export type TrashCan = z.infer<typeof TrashCan>;
/** The header of GET /trash_can that carries the total (spec 000 §7 capture-total-items). */
export const TRASH_TOTAL_HEADER = 'capture-total-items';

/** The ids of deleted albums, for POST /rollback_albums and DELETE /delete_albums_from_trash_can. */
export const TrashAlbumsBody = z.object({
  job_uuids: z
    .array(z.string().check(z.minLength(1), z.maxLength(100)))
    .check(z.minLength(1), z.maxLength(500)),
});
export type TrashAlbumsBody = z.input<typeof TrashAlbumsBody>;

/**
 * One album of the trash (spec 000 §3 Deleted album: id, name, media_count, dtime, cover_id).
 * `dtime` in seconds; `cover_thumb_url` is the trashed thumbnail variant of the cover (or of
 * the album's first file), signed for the caller's session; null when there is none yet.
 */
export const TrashAlbum = z.object({
  id: z.string(),
  name: z.string(),
  media_count: z.int().check(z.nonnegative()),
  dtime: z.number(),
  cover_id: z.nullable(z.string()),
  cover_thumb_url: z.nullable(z.string()),
});
export type TrashAlbum = z.infer<typeof TrashAlbum>;

/** GET /trash_can_albums (spec 000 §7): the caller's deleted albums, the latest deletion first. */
export const TrashAlbums = z.object({ items: z.array(TrashAlbum) });
export type TrashAlbums = z.infer<typeof TrashAlbums>;

/** POST /rollback_albums (spec 000 §7 "response success list with uuid"): the albums restored. */
export const RollbackAlbumsResponse = z.object({ success: z.array(z.object({ uuid: z.string() })) });
export type RollbackAlbumsResponse = z.infer<typeof RollbackAlbumsResponse>;

/** DELETE /delete_albums_from_trash_can: the albums deleted for good and the bytes freed. */
export const DeleteAlbumsResponse = z.object({
  success: z.array(z.object({ uuid: z.string() })),
  freed_bytes: z.number().check(z.nonnegative()),
});
export type DeleteAlbumsResponse = z.infer<typeof DeleteAlbumsResponse>;
