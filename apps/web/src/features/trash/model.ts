import type { TrashFile } from '@trove/contract';

/*
 * The trash's pure rules (spec 000 §3 Trash file, §4 Trash, §9): days remaining, the group
 * headings, the paging trigger, which files are being processed, and the restore-all and
 * delete-all dialog.
 */

/** spec 000 §4, §9: files and albums stay 90 days in the trash, then go for good. */
export const RETENTION_DAYS = 90;
/** spec 000 §4: files with this many days left or fewer are 'removed soon'. */
export const SOON_DAYS = 5;
/** spec 000 §9: the trash page fetches more when within 1000 px of the end. */
export const FETCH_MORE_WITHIN_PX = 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight of `date`'s day in the browser's time zone. */
function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/**
 * Whole days until a file deleted at `dtime` (seconds) goes for good (spec 000 §3 derived
 * daysRemaining): calendar days in the user's time zone from today to the day its 90 days
 * end, so a file deleted today has 90 and one whose last day is today has 0. Never negative:
 * a file past its time waits for the next purge run.
 */
export function daysRemaining(dtime: number, now: Date = new Date()): number {
  const end = new Date(dtime * 1000 + RETENTION_DAYS * DAY_MS);
  // Rounded: a day with a daylight-saving change is 23 or 25 hours long.
  return Math.max(0, Math.round((startOfDay(end) - startOfDay(now)) / DAY_MS));
}

/**
 * The heading of a group (spec 000 §4): 'deleted today' at 0 days left, 'removed soon'
 * with 5 or fewer, 'permanently deleted soon' otherwise.
 */
export type TrashGroupKind = 'today' | 'soon' | 'later';

export function groupKindOf(days: number): TrashGroupKind {
  if (days <= 0) return 'today';
  return days <= SOON_DAYS ? 'soon' : 'later';
}

/** Files of the trash with the same days remaining, in list order. */
export interface TrashGroup {
  /** Days remaining: the group's key. */
  days: number;
  kind: TrashGroupKind;
  files: TrashFile[];
}

/**
 * The files in groups of equal days remaining, in the order the list has them (latest
 * deletion first, so the most days first); `hidden` files (being restored or deleted,
 * spec 000 §4) are left out, and a file listed twice (pages that overlap after a change)
 * is kept once.
 */
export function groupTrashFiles(
  files: readonly TrashFile[],
  hidden: ReadonlySet<string> = new Set(),
  now: Date = new Date(),
): TrashGroup[] {
  const groups: TrashGroup[] = [];
  const byDays = new Map<number, TrashGroup>();
  const seen = new Set<string>();
  for (const file of files) {
    if (hidden.has(file.id) || seen.has(file.id)) continue;
    seen.add(file.id);
    const days = daysRemaining(file.dtime, now);
    let group = byDays.get(days);
    if (!group) {
      group = { days, kind: groupKindOf(days), files: [] };
      byDays.set(days, group);
      groups.push(group);
    }
    group.files.push(file);
  }
  return groups;
}

/**
 * Whether the list's end is close enough to fetch the next page (spec 000 §9: within
 * 1000 px): `endBottom` is where the list ends relative to the top of the viewport.
 */
export function isNearEnd(endBottom: number, viewportHeight: number, within = FETCH_MORE_WITHIN_PX): boolean {
  return endBottom - viewportHeight <= within;
}

/** The ids of `files` per job, for multi_rollback, which restores per job (spec 000 §7). */
export function idsByJob(files: Iterable<Pick<TrashFile, 'id' | 'job'>>): Map<string, string[]> {
  const byJob = new Map<string, string[]>();
  for (const file of files) {
    const ids = byJob.get(file.job);
    if (ids) ids.push(file.id);
    else byJob.set(file.job, [file.id]);
  }
  return byJob;
}

/**
 * [Note: Trash processing] What the trash screens do with items under way (spec 000 §4
 * Trash): items being restored or deleted are hidden from the list; success removes them
 * (the list is changed and fetched again), failure shows them again with the reason.
 */
export interface ProcessingState {
  /** Ids being restored or deleted: not shown. */
  readonly hidden: ReadonlySet<string>;
  /** Ids whose last restore or delete failed, with the reason (spec 000 §8 per-file error reasons). */
  readonly failed: ReadonlyMap<string, string>;
}

export type ProcessingAction =
  /** A restore or delete began: hidden, and any earlier failure forgotten. */
  | { type: 'started'; ids: readonly string[] }
  /** It ended with nothing to tell per item (success: the list has dropped them already). */
  | { type: 'finished'; ids: readonly string[] }
  /** It failed for these, each with its reason: shown again with it. */
  | { type: 'failed'; reasons: Readonly<Record<string, string>> };

export const initialProcessing: ProcessingState = { hidden: new Set(), failed: new Map() };

export function processingReducer(state: ProcessingState, action: ProcessingAction): ProcessingState {
  switch (action.type) {
    case 'started': {
      if (action.ids.length === 0) return state;
      const hidden = new Set(state.hidden);
      const failed = new Map(state.failed);
      for (const id of action.ids) {
        hidden.add(id);
        failed.delete(id);
      }
      return { hidden, failed };
    }
    case 'finished': {
      if (action.ids.length === 0) return state;
      const hidden = new Set(state.hidden);
      for (const id of action.ids) hidden.delete(id);
      return { ...state, hidden };
    }
    case 'failed': {
      const entries = Object.entries(action.reasons);
      if (entries.length === 0) return state;
      const hidden = new Set(state.hidden);
      const failed = new Map(state.failed);
      for (const [id, reason] of entries) {
        hidden.delete(id);
        failed.set(id, reason);
      }
      return { hidden, failed };
    }
  }
}

/** Whether any failure of a restore is the account's quota (spec 001 §4 quota_exceeded_error popup). */
export function hasQuotaFailure(reasons: Readonly<Record<string, string>>): boolean {
  return Object.values(reasons).includes('quota_exceeded');
}

/**
 * The restore-all and delete-all dialog (spec 000 §4: 'Restore-all dialog: progress,
 * complete, incomplete (with count of files not restored)'). Deleting all asks first,
 * being irreversible; `total` is undefined while it is not known (delete all is one call).
 */
export type BulkPhase =
  | { phase: 'confirm' }
  | { phase: 'progress'; done: number; total: number | undefined }
  | { phase: 'complete'; count: number }
  | { phase: 'incomplete'; failed: number; total: number };

export type BulkAction =
  | { type: 'start'; total: number | undefined }
  | { type: 'progress'; done: number }
  | { type: 'finish'; total: number; failed: number };

export function bulkReducer(state: BulkPhase, action: BulkAction): BulkPhase {
  switch (action.type) {
    case 'start':
      return { phase: 'progress', done: 0, total: action.total };
    case 'progress':
      if (state.phase !== 'progress') return state;
      return { ...state, done: Math.max(state.done, action.done) };
    case 'finish':
      if (state.phase !== 'progress') return state;
      return action.failed === 0
        ? { phase: 'complete', count: action.total }
        : { phase: 'incomplete', failed: action.failed, total: action.total };
  }
}
