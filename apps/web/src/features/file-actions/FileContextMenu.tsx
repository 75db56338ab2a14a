import type { RemoteFile } from '@trove/contract';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useApi } from '../../api/api-context.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { PartBoundary } from '../../ui/ScreenBoundary.tsx';
import { LazyAlbumPickerDialog } from '../albums/picker/lazy.ts';
import { useAccountInfoQuery } from '../auth/api.ts';
import { LazyShareDialog } from '../shares/dialog/lazy.ts';
import { downloadFile, exportHeic, isHeic } from './actions.ts';
import { canCopyToClipboard } from './clipboard.ts';
import { ContextMenu, type ContextMenuItem, type Point } from './ContextMenu.tsx';
import { useCopyToClipboard } from './use-copy-to-clipboard.ts';
import { useDeleteFiles } from './use-file-actions.ts';

/** Props of {@link FileContextMenu}. */
export interface FileContextMenuProps {
  file: RemoteFile;
  /** The job the file is shown in; deletes and undo go to it. */
  jobId: string;
  /** Whether the caller owns the job (the timeline: always). Gives Delete and its Undo. */
  isOwner: boolean;
  /**
   * Whether Delete is offered; defaults to `isOwner`. In an album, currentUserCan.deleteFile
   * (spec 000 §6), while Undo stays the owner's.
   */
  canDelete?: boolean;
  /**
   * Whether 'Add to album' is offered (spec 000 §3 per-file flag addToAlbum); defaults to
   * `isOwner`. A read-only user sees it disabled with the subscribe tooltip (§6).
   */
  canAddToAlbum?: boolean;
  /** Whether Share is offered; defaults to `isOwner`. A read-only user sees it disabled (§6). */
  canShare?: boolean;
  /** The album the file is shown in, if any: the album picker lists it disabled (§5). */
  currentAlbumId?: string;
  /** Where the pointer opened the menu (clientX/clientY of the contextmenu event). */
  position: Point;
  /** Called once the menu, or the delete confirmation it opened, is done. */
  onClose: () => void;
  /** Gets focus back when the menu closes; defaults to the element focused when it opened. */
  returnFocusTo?: HTMLElement | null;
}

/**
 * The timeline's file context menu (spec 000 §2, 200 px wide per §9): Download; Add to album
 * (the album picker dialog of §2); Share (the share dialog of §4; for a read-only user
 * disabled with the subscribe tooltip, §6); Delete for who may (after the DELETE_FILE confirmation of §4); Copy to clipboard for non-video files
 * when the browser supports it; Export as JPEG for HEIC files (§6).
 */
export function FileContextMenu({
  file,
  jobId,
  isOwner,
  canDelete = isOwner,
  canAddToAlbum = isOwner,
  canShare = isOwner,
  currentAlbumId,
  position,
  onClose,
  returnFocusTo,
}: FileContextMenuProps) {
  const intl = useIntl();
  const api = useApi();
  const deleteFiles = useDeleteFiles(jobId, { isOwner });
  const copyToClipboard = useCopyToClipboard();
  const [opener] = useState(
    () => returnFocusTo ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null),
  );
  const [isConfirming, setIsConfirming] = useState(false);
  const [isPicking, setIsPicking] = useState(false);
  const [isSharing, setIsSharing] = useState(false);
  const isReadOnly = useAccountInfoQuery().data?.is_read_only_user === true;

  const close = (restoreFocus: boolean) => {
    if (restoreFocus) opener?.focus();
    onClose();
  };
  /** Closes first, then acts, still inside the click: the clipboard needs the user's gesture. */
  const choose = (action: () => void) => () => {
    close(true);
    action();
  };

  if (isConfirming) {
    return (
      <ConfirmDialog
        kind="DELETE_FILE"
        values={{ count: 1 }}
        onCancel={() => {
          close(true);
        }}
        onConfirm={choose(() => void deleteFiles([file.id]))}
      />
    );
  }

  if (isPicking) {
    return (
      <PartBoundary>
        <LazyAlbumPickerDialog
          mode="add"
          sourceJobId={jobId}
          fileIds={[file.id]}
          currentAlbumId={currentAlbumId}
          onClose={() => {
            close(true);
          }}
        />
      </PartBoundary>
    );
  }

  if (isSharing) {
    return (
      <PartBoundary>
        <LazyShareDialog
          request={{ kind: 'files', sourceJobId: jobId, fileIds: [file.id], currentAlbumId }}
          onClose={() => {
            close(true);
          }}
        />
      </PartBoundary>
    );
  }

  const items: ContextMenuItem[] = [
    {
      key: 'download',
      label: intl.formatMessage({ id: 'fileActions.download' }),
      onSelect: choose(() => {
        downloadFile(api.directory, file);
      }),
    },
  ];
  if (canAddToAlbum) {
    items.push({
      key: 'addToAlbum',
      label: intl.formatMessage({ id: 'albums.picker.addTitle' }),
      isDisabled: isReadOnly,
      hint: isReadOnly ? intl.formatMessage({ id: 'albums.readOnlyTooltip' }) : undefined,
      onSelect: () => {
        // The dialog hands focus back to what had it when it opened: the file, not the menu.
        opener?.focus();
        setIsPicking(true);
      },
    });
  }
  if (canShare) {
    items.push({
      key: 'share',
      label: intl.formatMessage({ id: 'fileActions.share' }),
      isDisabled: isReadOnly,
      hint: isReadOnly ? intl.formatMessage({ id: 'fileActions.shareReadOnly' }) : undefined,
      onSelect: () => {
        // The dialog hands focus back to what had it when it opened: the file, not the menu.
        opener?.focus();
        setIsSharing(true);
      },
    });
  }
  if (canDelete) {
    items.push({
      key: 'delete',
      label: intl.formatMessage({ id: 'common.delete' }),
      onSelect: () => {
        // The dialog hands focus back to what had it when it opened: the file, not the menu.
        opener?.focus();
        setIsConfirming(true);
      },
    });
  }
  if (canCopyToClipboard(file)) {
    items.push({
      key: 'copy',
      label: intl.formatMessage({ id: 'fileActions.copy' }),
      onSelect: choose(() => {
        copyToClipboard(file);
      }),
    });
  }
  if (isHeic(file)) {
    items.push({
      key: 'export',
      label: intl.formatMessage({ id: 'fileActions.exportJpeg' }),
      // The JPEG exists once the server processed the file.
      isDisabled: file.jpeg_url === null,
      onSelect: choose(() => {
        exportHeic(api.directory, file);
      }),
    });
  }

  return (
    <ContextMenu
      label={intl.formatMessage({ id: 'fileActions.menuLabel' }, { name: file.name })}
      position={position}
      items={items}
      onClose={(reason) => {
        close(reason === 'escape' || reason === 'tab');
      }}
    />
  );
}
