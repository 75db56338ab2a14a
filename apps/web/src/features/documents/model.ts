import {
  DOWNLOAD_MAX_BYTES,
  DOWNLOAD_MAX_ITEMS,
  SUPPORTED_EXTENSIONS,
  extensionOf,
  type RemoteFile,
} from '@trove/contract';

/*
 * The documents screen's pure rules (spec 000 §2 Documents, §4, §5, §9): the year-month
 * groups, the file type column, what the picker offers and how a selection downloads.
 */

/** The name of the zip of several documents (a file of their own per download, spec 000 §7). */
export const ARCHIVE_NAME = 'Documents';

/** What the "Upload documents" picker offers: the contract's document extensions. */
export const DOCUMENT_ACCEPT = SUPPORTED_EXTENSIONS.documents.map((extension) => `.${extension}`).join(',');

/** The documents uploaded in one calendar month (the browser's time zone), latest upload first. */
export interface DocumentGroup {
  /** `year * 100 + month`: the group's key, and its month key in the selection. */
  key: number;
  year: number;
  /** 1 to 12. */
  month: number;
  files: RemoteFile[];
}

/** The month a document was uploaded in, in the browser's time zone. */
export function monthOf(uploadedSeconds: number): Pick<DocumentGroup, 'key' | 'year' | 'month'> {
  const date = new Date(uploadedSeconds * 1000);
  const year = date.getFullYear();
  const month = date.getMonth() + 1;
  return { key: year * 100 + month, year, month };
}

/**
 * spec 000 §2: the list "grouped by a year-month header", by upload date, the newest month
 * first and the latest upload first in each; `hidden` documents (deleted meanwhile) are left
 * out.
 */
export function groupDocuments(
  files: readonly RemoteFile[],
  hidden: ReadonlySet<string> = new Set(),
): DocumentGroup[] {
  const sorted = files.filter((file) => !hidden.has(file.id)).sort((a, b) => b.uploaded - a.uploaded);
  const groups: DocumentGroup[] = [];
  for (const file of sorted) {
    const month = monthOf(file.uploaded);
    const last = groups.at(-1);
    if (last?.key === month.key) last.files.push(file);
    else groups.push({ ...month, files: [file] });
  }
  return groups;
}

/** The file type column (spec 000 §2): the extension in capitals ('PDF', 'DOCX'); '' for none. */
export function fileTypeLabel(name: string): string {
  return extensionOf(name).toUpperCase();
}

/** What a browser shows safely in a tab of its own: PDF and raster images (issue #23). */
const OPENS_INLINE = new Set(['pdf', 'jpg', 'jpeg', 'png', 'gif', 'webp', 'avif', 'bmp']);

/**
 * Where a click on a document's name goes (issue #23 "Documents open"): PDFs and raster
 * images open in a new tab, served inline (`disposition=inline` on the signed original
 * URL; the server keeps anything else an attachment, with a sandbox CSP and nosniff);
 * everything else downloads (`download=1`).
 */
export function documentLink(
  appHost: string,
  file: Pick<RemoteFile, 'name' | 'file_url'>,
): {
  href: string;
  opensInline: boolean;
} {
  const opensInline = OPENS_INLINE.has(extensionOf(file.name));
  const param = opensInline ? 'disposition=inline' : 'download=1';
  const separator = file.file_url.includes('?') ? '&' : '?';
  return { href: `${appHost}${file.file_url}${separator}${param}`, opensInline };
}

/**
 * How a selection downloads (spec 000 §7: "a single file downloads directly"; several as one
 * zip): `single` for one document, `archive` for several, unless they are over the limits
 * of spec 000 §5/§9 (500 items, 3.5 GB), which the server would refuse as well.
 */
export type DownloadPlan =
  | { kind: 'single'; file: RemoteFile }
  | { kind: 'archive'; ids: string[] }
  | { kind: 'tooMany' }
  | { kind: 'tooLarge' };

/** The {@link DownloadPlan} of `files`, which must not be empty. */
export function planDownload(files: readonly RemoteFile[]): DownloadPlan {
  const [first] = files;
  if (first && files.length === 1) return { kind: 'single', file: first };
  if (files.length > DOWNLOAD_MAX_ITEMS) return { kind: 'tooMany' };
  const bytes = files.reduce((sum, file) => sum + file.size, 0);
  if (bytes > DOWNLOAD_MAX_BYTES) return { kind: 'tooLarge' };
  return { kind: 'archive', ids: files.map((file) => file.id) };
}
