import { LAYOUT, type JobInfo } from '@trove/contract';
import type { PickerMode } from '../../../dialog-requests/album-picker.ts';
import { MOBILE_BELOW_PX } from '../list/model.ts';

/** spec 000 §2, §9: picker tiles 229x114 on desktop, 137x68 on a phone; the picker is 468 wide. */
export const PICKER_SIZES = LAYOUT.albumPicker;

/** The tile size of the picker in a viewport `viewportWidth` px wide. */
export function pickerTileSize(viewportWidth: number): { width: number; height: number } {
  return viewportWidth < MOBILE_BELOW_PX ? PICKER_SIZES.mobileTile : PICKER_SIZES.tile;
}

/** One album the picker lists. */
export interface PickerEntry {
  album: JobInfo;
  /** The album the files are shown from: listed, but not a target (spec 000 §5). */
  isDisabled: boolean;
}

/**
 * The albums the picker lists (spec 000 §5 Album picker): only those the caller may add
 * photos to (currentUserCan.addPhotos); for share-to-album only shared ones; the album the
 * files come from is disabled. Most recently active first, as the albums list's default.
 */
export function pickerEntries(
  albums: readonly JobInfo[],
  mode: PickerMode,
  currentAlbumId: string | undefined,
): PickerEntry[] {
  return albums
    .filter((album) => album.currentUserCan.addPhotos && (mode === 'add' || album.isShared))
    .sort((a, b) => b.mtime - a.mtime || b.ctime - a.ctime || a.id.localeCompare(b.id))
    .map((album) => ({ album, isDisabled: album.id === currentAlbumId }));
}

/** The target chosen in the picker: the new-album tile, or an album by id. */
export type PickerChoice = { kind: 'new' } | { kind: 'album'; albumId: string };

/** The most file ids one copy_files call takes (the contract's FileIds). */
export const COPY_BATCH_SIZE = 500;

/** `ids` cut into batches of at most {@link COPY_BATCH_SIZE}. */
export function copyBatches(ids: readonly string[]): string[][] {
  const batches: string[][] = [];
  for (let start = 0; start < ids.length; start += COPY_BATCH_SIZE) {
    batches.push(ids.slice(start, start + COPY_BATCH_SIZE));
  }
  return batches;
}
