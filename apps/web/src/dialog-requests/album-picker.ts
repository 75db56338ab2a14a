import { createDialogQueue, useDialogOpener, type DialogRequest } from './dialog-queue.ts';

/** What the album picker dialog is for (spec 000 §2): add files to an album, or share them as one. */
export type PickerMode = 'add' | 'share';

/** Props of the album picker dialog (features/albums/picker/AlbumPickerDialog.tsx). */
export interface AlbumPickerDialogProps {
  /** Add to album, or share to album (only shared albums are listed). */
  mode: PickerMode;
  /** The job the files are in (the timeline, or an album). */
  sourceJobId: string;
  fileIds: readonly string[];
  /** The album the files are shown from, if any: listed but disabled (spec 000 §5). */
  currentAlbumId?: string;
  /** Cancel, Escape, a click outside, or the files were added. */
  onClose: () => void;
  /** After files were added; e.g. the timeline ends its selection. */
  onAdded?: () => void;
}

/** The album pickers asked for; the layer the page frame holds shows them (See: [Note: Dialog requests]). */
export const albumPickers = createDialogQueue<AlbumPickerDialogProps>();

/**
 * Opens the album picker (spec 000 §2, §5: add to album, share to album) for the calling
 * component, which takes it back when it unmounts: `open(props)` returns the taking back.
 */
export function useAlbumPicker(): (props: DialogRequest<AlbumPickerDialogProps>) => () => void {
  return useDialogOpener(albumPickers);
}
