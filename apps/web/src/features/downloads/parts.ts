import { DOWNLOAD_MAX_BYTES, DOWNLOAD_MAX_ITEMS } from '@trove/contract';

/*
 * Download parts (spec 000 §3 Download page, §5 download limits, §9 zip parts; issue #14).
 * A download holds at most 500 items and 3.5 GB. A larger selection is cut first by calendar
 * year, then each year still too large into equal parts: as many as the larger of its item
 * count and its size divided by the limit, rounded up, with the sizes shared out evenly when
 * the size is what does not fit, else the items (and one more part while a part is still
 * over a limit: files are uneven). Parts are named
 * `{name}_{year}` for a year, `{name}({n})` for the n-th equal part (`{name}_{year}({n})` for
 * a part of a year when the selection spans several years). Files whose path ends with `/`
 * (folders) or whose size is zero are left out of the yearly split.
 */

/** What the split needs to know of a file. */
export interface DownloadFile {
  id: string;
  path: string;
  size: number;
  /** When it was taken, in ms since the epoch: its calendar year, in the viewer's time zone. */
  takenAt: number;
  isHeic?: boolean;
}

/** One part to download (spec 000 §3 Download page: fileIDs, totalSize, name, hasHEIC, clicked). */
export interface DownloadPage {
  fileIDs: string[];
  totalSize: number;
  name: string;
  hasHEIC: boolean;
  clicked: boolean;
}

export interface DownloadLimits {
  maxItems: number;
  maxBytes: number;
}

export const DOWNLOAD_LIMITS: DownloadLimits = { maxItems: DOWNLOAD_MAX_ITEMS, maxBytes: DOWNLOAD_MAX_BYTES };

/** Does one download hold these files? */
export function fitsOneDownload(files: readonly DownloadFile[], limits = DOWNLOAD_LIMITS): boolean {
  return files.length <= limits.maxItems && sizeOf(files) <= limits.maxBytes;
}

/**
 * The parts of a download of `files` called `name` (spec 000 §9).
 * @throws Error for an empty list: paginating an empty list is an error (spec 000 §5); a
 *   caller with nothing to download does nothing instead (`downloadInParts`).
 */
export function paginate(
  files: readonly DownloadFile[],
  name: string,
  limits: DownloadLimits = DOWNLOAD_LIMITS,
): DownloadPage[] {
  if (files.length === 0) throw new Error('paginate: an empty list has no parts');
  if (fitsOneDownload(files, limits)) return [pageOf(files, name)];
  const byYear = new Map<number, DownloadFile[]>();
  for (const file of files) {
    if (file.path.endsWith('/') || file.size === 0) continue;
    const year = new Date(file.takenAt).getFullYear();
    const group = byYear.get(year) ?? [];
    group.push(file);
    byYear.set(year, group);
  }
  const years = [...byYear.keys()].sort((a, b) => a - b);
  // One year only: its name would say nothing the parts' numbers do not.
  if (years.length === 1) return equalParts(byYear.get(years[0] ?? 0) ?? [], name, limits);
  return years.flatMap((year) => {
    const group = byYear.get(year) ?? [];
    const yearName = `${name}_${String(year)}`;
    return fitsOneDownload(group, limits) ? [pageOf(group, yearName)] : equalParts(group, yearName, limits);
  });
}

/**
 * Paginated download (spec 000 §5): nothing for an empty list, otherwise each part handed to
 * `start`, in order.
 */
export function downloadInParts(
  files: readonly DownloadFile[],
  name: string,
  start: (pages: DownloadPage[]) => void,
  limits: DownloadLimits = DOWNLOAD_LIMITS,
): void {
  if (files.length === 0) return;
  start(paginate(files, name, limits));
}

/**
 * `files` (oldest first) in the fewest even parts that each fit, named `{name}({n})`. The
 * part count is the limit's ceiling (spec 000 §9): of the size when the size is what does not
 * fit, and then the sizes are split evenly; else of the count, and the files split evenly.
 * Parts still over a limit (uneven files) ask for one more part.
 */
function equalParts(files: readonly DownloadFile[], name: string, limits: DownloadLimits): DownloadPage[] {
  if (files.length === 0) return [];
  const ordered = [...files].sort((a, b) => a.takenAt - b.takenAt || a.id.localeCompare(b.id));
  const bySize = Math.ceil(sizeOf(ordered) / limits.maxBytes);
  const byCount = Math.ceil(ordered.length / limits.maxItems);
  let count = Math.min(Math.max(bySize, byCount), ordered.length);
  for (;;) {
    const parts = bySize > byCount ? sizeSlices(ordered, count) : evenSlices(ordered, count);
    // A single file larger than the limit is a part of its own, whatever its size.
    if (count >= ordered.length || parts.every((part) => fitsOneDownload(part, limits)))
      return parts.map((part, index) => pageOf(part, `${name}(${String(index + 1)})`));
    count += 1;
  }
}

/**
 * `files` in `count` (at most their number) consecutive non-empty slices of about equal
 * size: each slice ends where the running total comes nearest to its share of the whole.
 */
function sizeSlices(files: readonly DownloadFile[], count: number): DownloadFile[][] {
  const total = sizeOf(files);
  const slices: DownloadFile[][] = [];
  let start = 0;
  let running = 0;
  for (let k = 1; k < count; k++) {
    const share = (total * k) / count;
    // Leave at least one file for each slice still to come.
    const last = files.length - (count - k);
    let end = start;
    const sizeAt = (index: number) => files[index]?.size ?? 0;
    while (end < last && running + sizeAt(end) <= share) {
      running += sizeAt(end);
      end += 1;
    }
    const crossing = sizeAt(end);
    if (end < last && (end === start || running + crossing - share < share - running)) {
      running += crossing;
      end += 1;
    }
    slices.push(files.slice(start, end));
    start = end;
  }
  slices.push(files.slice(start));
  return slices;
}

/** `items` in `count` consecutive slices whose lengths differ by at most one. */
function evenSlices<T>(items: readonly T[], count: number): T[][] {
  const slices: T[][] = [];
  const base = Math.floor(items.length / count);
  const extra = items.length % count;
  let start = 0;
  for (let index = 0; index < count; index++) {
    const length = base + (index < extra ? 1 : 0);
    slices.push(items.slice(start, start + length));
    start += length;
  }
  return slices;
}

function pageOf(files: readonly DownloadFile[], name: string): DownloadPage {
  return {
    fileIDs: files.map((file) => file.id),
    totalSize: sizeOf(files),
    name,
    hasHEIC: files.some((file) => file.isHeic === true),
    clicked: false,
  };
}

function sizeOf(files: readonly DownloadFile[]): number {
  return files.reduce((sum, file) => sum + file.size, 0);
}
