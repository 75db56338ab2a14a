import type { Repositories } from '../../db/repositories.ts';
import type { FileRow } from './files.repository.ts';

/** The account-info counter a file counts towards (spec 001 §3 file_type_counters). */
export function counterOf(
  file: Pick<FileRow, 'type' | 'is_screenshot'>,
): 'picture_count' | 'video_count' | 'screenshot_count' | 'document_count' {
  if (file.type === 'Movies') return 'video_count';
  if (file.type === 'Documents') return 'document_count';
  return file.is_screenshot ? 'screenshot_count' : 'picture_count';
}

/** Data of a type 0 change record (spec 000 §3 Job change record). */
export function fileAddedPayload(file: FileRow, isRollback: boolean): Record<string, unknown> {
  const s = (ms: number) => Math.floor(ms / 1000);
  return {
    id: file.id,
    file_type: file.type,
    user_uuid: file.added_by,
    duration: file.duration,
    path: file.path,
    size: file.size,
    checksum: file.sha1,
    ctime: s(file.ctime),
    mtime: s(file.mtime),
    timestamp: s(file.taken_at),
    width: file.width,
    height: file.height,
    group_type: file.group_type,
    group_id: file.group_id,
    master: file.master,
    is_rollback: isRollback,
  };
}

/**
 * What adding a file to a job writes besides the file row, inside the caller's
 * transaction: the owner's counter and a type 0 change record (spec 000 §3). Used by
 * uploads, dedup and multi_rollback, so the three can never disagree.
 */
export async function recordFileAdded(
  tx: Repositories,
  file: FileRow,
  change: { by: string; at: number; isRollback: boolean; isTimeline: boolean },
): Promise<void> {
  // The counters of spec 001 §3 describe the library (the timeline); a photo that is also
  // in an album is one photo.
  if (change.isTimeline) await tx.accounts.addToCounter(file.added_by, counterOf(file), 1);
  await tx.changes.append({
    job_id: file.job_id,
    type: 0,
    file_id: file.id,
    user_id: change.by,
    payload: JSON.stringify(fileAddedPayload(file, change.isRollback)),
    created_at: change.at,
  });
}

/** YYYYMM of a time in UTC: the timeline's month of a file (GET /jobs/{id}/timeline/months). */
export function monthOf(ms: number): number {
  const date = new Date(ms);
  return date.getUTCFullYear() * 100 + date.getUTCMonth() + 1;
}
