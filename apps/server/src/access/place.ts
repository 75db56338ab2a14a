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

/*
 * [Note: Who sees a file's details]
 *
 * A file's folder path (the uploader's device folders, spec 000 §7 upload `path`) and who
 * added it (`user_uuid`) go to the owner of the job it is in and to whoever added it; every
 * other reader (members, visitors, recipients) gets the name as its path and no user id
 * (issue #23: listings and change records showed them to every reader). This is one rule
 * with the place's above, not a second: the folders are the uploader's like the place, and a
 * row carries them only where its adder is its uploader — a copy added by anyone else
 * (copy_to_timeline, keep, copy_files, a share of another's photo) is written with the bare
 * name as its path, as it is written without the position ([Note: Copies], migration 0013
 * for older copies). So the adder of a row sees their own folders only, and the job's owner
 * the folders of what its uploader added to their job themself. `seesFileDetails` is asked
 * by every file listing (toRemoteFile, which needs a viewer) and the change reader.
 */

/** Who reads a file listing or a change record: the caller, and whether they own the job. */
export interface FileViewer {
  userId: string | null;
  isOwner: boolean;
}

/** The viewer a caller is in `job`. */
export function fileViewerOf(caller: { userId: string | null }, job: { owner_id: string }): FileViewer {
  return { userId: caller.userId, isOwner: caller.userId !== null && caller.userId === job.owner_id };
}

/** May `viewer` see the folder path and adder of `file`? (See [Note: Who sees a file's details].) */
export function seesFileDetails(file: { added_by: string }, viewer: FileViewer): boolean {
  return viewer.isOwner || (viewer.userId !== null && viewer.userId === file.added_by);
}
