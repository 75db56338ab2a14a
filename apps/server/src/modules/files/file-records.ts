import type { AccountsRepository } from '../accounts/accounts.repository.ts';
import type { ChangeRecorder } from '../changes/change-writer.ts';
import type { FileRow } from './files.repository.ts';

/** The account-info counter a file counts towards (spec 001 §3 file_type_counters). */
export function counterOf(
  file: Pick<FileRow, 'type' | 'is_screenshot'>,
): 'picture_count' | 'video_count' | 'screenshot_count' | 'document_count' {
  if (file.type === 'Movies') return 'video_count';
  if (file.type === 'Documents') return 'document_count';
  return file.is_screenshot ? 'screenshot_count' : 'picture_count';
}

/**
 * What adding a file to a job writes besides the file row, inside the caller's
 * transaction: the owner's counter and a type 0 change record (spec 000 §3, see
 * [Note: Change records]). Used by uploads, dedup and multi_rollback, so the three can
 * never disagree.
 */
export async function recordFileAdded(
  tx: { accounts: AccountsRepository },
  changes: ChangeRecorder,
  file: FileRow,
  change: { by: string; at: number; isRollback: boolean; isTimeline: boolean },
): Promise<void> {
  // The counters of spec 001 §3 describe the library (the timeline); a photo that is also
  // in an album is one photo.
  if (change.isTimeline) await tx.accounts.addToCounter(file.added_by, counterOf(file), 1);
  await changes.fileAdded(file, { by: change.by, at: change.at, isRollback: change.isRollback });
}

export { fileViewerOf, seesFileDetails, uploaderOf, type FileViewer } from '../../access/place.ts';

/** The position fields of the metadata JSON (spec 000 §3 Metadata): where a photo was taken. */
const POSITION_KEYS = ['latitude', 'longitude'] as const;

/** The metadata without where the photo was taken; anything else is kept as it was. */
export function withoutPosition(metadata: Record<string, unknown>): Record<string, unknown> {
  const rest = { ...metadata };
  for (const key of POSITION_KEYS) Reflect.deleteProperty(rest, key);
  return rest;
}

/** A metadata column's JSON without the position; null stays null. */
export function metadataWithoutPosition(metadata: string | null): string | null {
  if (metadata === null) return null;
  return JSON.stringify(withoutPosition(JSON.parse(metadata) as Record<string, unknown>));
}
