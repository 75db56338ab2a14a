import type { AccountInfo, JobInfo, RemoteFile } from '@trove/contract';
import type { IntlShape } from 'react-intl';
import type { DownloadFile } from '../downloads/index.ts';
import { sizeText } from '../../lib/size.ts';
import { MEDIA } from '../../ui/layout.ts';

/**
 * The phone widths of spec 000 §2 (breakpoint 600 px, ui/layout.ts): takeout is desktop
 * only, and a phone gets a note instead of the sections.
 */
export const PHONE_MEDIA_QUERY = MEDIA.phone;

/**
 * spec 000 §2 Takeout stats: photos plus videos (spec 000 §3 timeline stats), and documents,
 * which the takeout downloads too (issue #23, docs/SPEC-DEVIATIONS.md).
 */
export function libraryFileCount(account: Pick<AccountInfo, 'file_type_counters'>): number {
  const { picture_count, video_count, document_count } = account.file_type_counters;
  return picture_count + video_count + document_count;
}

/** spec 000 §2 Takeout: the albums section lists only albums with at least one file. */
export function takeoutAlbums(albums: readonly JobInfo[]): JobInfo[] {
  return albums.filter((album) => (album.media_count ?? 0) >= 1);
}

/** A listed file as the split into parts needs it (spec 000 §9: by the year it was taken). */
export function toDownloadFile(file: RemoteFile): DownloadFile {
  return { id: file.id, path: file.path, size: file.size, takenAt: file.taken * 1000 };
}

/**
 * A byte count in Bytes, KB, MB or GB, base 1024 (spec 000 §9), with one decimal at most
 * in the number format of the locale.
 */
export function formatSize(bytes: number, intl: Pick<IntlShape, 'formatNumber'>): string {
  return sizeText(intl, bytes, (count) => `${intl.formatNumber(count)} Bytes`);
}
