import { createDialogQueue, useDialogOpener, type DialogRequest } from './dialog-queue.ts';

/** What the share dialog is asked to share. */
export type ShareRequest = FilesShareRequest | AlbumInviteRequest;

/** Files to share as a link, by e-mail, to an album or through other apps (spec 000 §1). */
export interface FilesShareRequest {
  kind: 'files';
  /** The job the files are in: the caller's timeline, or an album they may read. */
  sourceJobId: string;
  fileIds: readonly string[];
  /** The album the files are shown from, if any: the album picker lists it disabled (§5). */
  currentAlbumId?: string;
  /** Headers of calls about the source album: a visitor's foreign-auth grant. */
  headers?: () => Record<string, string>;
  /**
   * May the caller make a share of the files (the job's `currentUserCan.shareFiles`)? False
   * for a visitor of a shared album, signed in or not: they get the one-file /albumImage
   * link only (issue #23). Unset: the caller's own timeline or an album they share from.
   */
  mayShare?: boolean;
}

/** An invitation by e-mail to a shared album the caller owns or takes part in. */
export interface AlbumInviteRequest {
  kind: 'invite';
  albumId: string;
}

/** Props of the share dialog (features/shares/dialog/ShareDialog.tsx). */
export interface ShareDialogProps {
  request: ShareRequest;
  /** Close, Escape, a click outside, or the files were shared by e-mail or to an album. */
  onClose: () => void;
}

/** The share dialogs asked for; the layer the page frame holds shows them (See: [Note: Dialog requests]). */
export const shareDialogs = createDialogQueue<ShareDialogProps>();

/**
 * Opens the share dialog (spec 000 §2, §4; issue #15) for the calling component, which takes
 * it back when it unmounts: `open({ request, onClose })` returns the taking back.
 */
export function useShareDialog(): (props: DialogRequest<ShareDialogProps>) => () => void {
  return useDialogOpener(shareDialogs);
}
