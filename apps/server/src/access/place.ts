/*
 * [Note: Who sees the place]
 *
 * Where a photo or video was taken is its uploader's to know (issue #23): everyone else an
 * original reaches — the album's owner when a participant uploaded it, participants,
 * visitors, share recipients, the holders of a zip — gets it with the place stripped (see
 * [Note: Place stripping] in media/strip/patches.ts). Whose place it is is decided here only.
 */

/**
 * The user who uploaded a file. Today that is `added_by`: who added the file to its job. A
 * copy of a file to another timeline or album is added by whoever copied it, so until the
 * files know the uploader apart from the adder (migration 0012) a copier counts as uploader
 * of their copy: they got the bytes stripped already, unless they uploaded them.
 */
export function uploaderOf(file: { added_by: string }): string {
  return file.added_by;
}

/** May `viewerId` (null: a visitor without an account) get the file with its place? */
export function seesPlaceOf(viewerId: string | null, file: { added_by: string }): boolean {
  return viewerId !== null && viewerId === uploaderOf(file);
}
