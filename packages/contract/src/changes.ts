/**
 * The types of a job change record, named as spec 000 §3 lists them ("Job change record
 * types: 0 file added, 1 file removed, 10 comment, 11 event marker, 12 reaction"). The
 * numbers are the wire's; code names them through this table.
 */
export const ChangeType = {
  /** 0: a file was added (upload, dedup, rollback) or its media facts changed. */
  FileAdded: 0,
  /** 1: a file was removed (moved to the trash). */
  FileRemoved: 1,
  /** 10: a comment was written; an empty comment means it was deleted. */
  Comment: 10,
  /** 11: an event marker. */
  EventMarker: 11,
  /** 12: a reaction (only love); an empty one clears it. */
  Reaction: 12,
} as const;
export type ChangeType = (typeof ChangeType)[keyof typeof ChangeType];

/** Every change type, in the order of spec 000 §3. */
export const CHANGE_TYPES: readonly ChangeType[] = Object.values(ChangeType);
