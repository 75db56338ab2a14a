import { z } from 'zod/mini';

/*
 * Zip downloads (spec 000 §7 download host, §5 and §9 limits; issue #14). A download is
 * prepared with a POST naming the files and options; the answer holds a signed URL the
 * browser downloads natively (never a Blob in memory), with an exact size up front and
 * resumable by Range. See docs/API.md.
 */

/** download: a selection or an album; export: a deleted album from the trash; takeout: the whole library, part by part. */
export const ArchiveMode = z.enum(['download', 'export', 'takeout']);
export type ArchiveMode = z.infer<typeof ArchiveMode>;

/** A flag of spec 000 §7: sent as a boolean or as 0/1. */
const Flag = z.pipe(
  z._default(z.union([z.boolean(), z.literal(0), z.literal(1)]), false),
  z.transform((value) => value === true || value === 1),
);

/** The ids of one download (at most DOWNLOAD_MAX_ITEMS are accepted; more answer download_too_many_files). */
const FileIds = z
  .array(z.string().check(z.minLength(1), z.maxLength(100)))
  .check(z.minLength(1), z.maxLength(5000));

export const ArchiveOptions = z.object({
  /** Every file at the archive's root (default), or in the folders of its upload path. */
  flattened: z._default(Flag, true),
  /** HEIC photos as the full-size JPEG the server made of them. */
  heic_to_jpeg: Flag,
  /** Of a live photo or a burst, only the master file. */
  master_only: Flag,
  /** Accepted; no file has earlier revisions to include (Trove keeps none). */
  include_subrevisions: Flag,
  /** The archive's name, without `.zip`; made safe like every name in it. */
  zip_filename: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))),
});
export type ArchiveOptions = z.output<typeof ArchiveOptions>;

/** POST /jobs/{id}/files_as_archive: the files of one job, or (without file_ids) all of them. */
export const FilesAsArchiveBody = z.extend(ArchiveOptions, {
  file_ids: z.optional(FileIds),
  mode: z._default(ArchiveMode, 'download'),
});
export type FilesAsArchiveBody = z.input<typeof FilesAsArchiveBody>;

/** POST /files_from_trash_as_archive: files of the caller's trash. */
export const TrashArchiveBody = z.extend(ArchiveOptions, { file_ids: FileIds });
export type TrashArchiveBody = z.input<typeof TrashArchiveBody>;

/** A prepared archive: where to download it, its file name, size in bytes and file count. */
export const PreparedArchive = z.object({
  url: z.string(),
  file_name: z.string(),
  size: z.int().check(z.nonnegative()),
  count: z.int().check(z.nonnegative()),
});
export type PreparedArchive = z.infer<typeof PreparedArchive>;
