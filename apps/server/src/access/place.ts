/*
 * [Note: Who sees the place]
 *
 * Where a photo or video was taken is its uploader's to know (issue #23): everyone else an
 * original reaches — the album's owner when a participant uploaded it, participants,
 * visitors, share recipients, the holders of a zip — gets it with the place stripped (see
 * [Note: Place stripping] in media/strip/patches.ts). Whose place it is is decided here only.
 */

/** What a file row says of who uploaded it (migration 0012 keeps the uploader apart from the adder). */
export interface Uploaded {
  uploaded_by: string | null;
  added_by: string;
}

/**
 * Who uploaded the file's bytes: `uploaded_by`, which a copy keeps from its source (see
 * [Note: Copies]), or for a row written without it (none since migration 0012) its adder.
 */
export function uploaderOf(file: Uploaded): string {
  return file.uploaded_by ?? file.added_by;
}

/** May `viewerId` (null: a visitor without an account) get the file with its place? */
export function seesPlaceOf(viewerId: string | null, file: Uploaded): boolean {
  return viewerId !== null && viewerId === uploaderOf(file);
}
