import type { RemoteFile } from '@trove/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useApi } from '../../api/api-context.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { albumKeys } from '../albums/api.ts';
import { useAlbumPicker } from '../../dialog-requests/album-picker.ts';
import { useShareDialog } from '../../dialog-requests/share-dialog.ts';
import { downloadFile, exportHeic, isHeic } from './actions.ts';
import { canCopyToClipboard } from './clipboard.ts';
import { ContextMenu, type ContextMenuItem, type Point } from './ContextMenu.tsx';
import { offeredFileActions, type FileActionId, type PlaceFileActions } from './registry.ts';
import { actionContext, dialogRunners, usePlaceActions, type FileActionDialog } from './use-place-actions.ts';
import { useCopyToClipboard } from './use-copy-to-clipboard.ts';
import { useDeleteFiles } from './use-file-actions.ts';

/** Props of {@link FileContextMenu}. */
export interface FileContextMenuProps {
  file: RemoteFile;
  /** The job the file is shown in; deletes and undo go to it. */
  jobId: string;
  /** Whether the caller owns the job (the timeline: always): only they get Undo (spec 000 §6). */
  isOwner: boolean;
  /** The place's actions (See: [Note: File action registry]); the timeline's when absent. */
  actions?: PlaceFileActions | undefined;
  /** The album the file is shown in, if any: the album picker lists it disabled (§5). */
  currentAlbumId?: string;
  /** Items of the place's own, after the registry's (an album's Set as cover). */
  extraItems?: (close: () => void) => ContextMenuItem[];
  /** Where the pointer opened the menu (clientX/clientY of the contextmenu event). */
  position: Point;
  /** Called once the menu, or the delete confirmation it opened, is done. */
  onClose: () => void;
  /** Gets focus back when the menu closes; defaults to the element focused when it opened. */
  returnFocusTo?: HTMLElement | null;
}

/**
 * A file's context menu (spec 000 §2, 200 px wide per §9): the actions the registry offers
 * for the place and the file (See: [Note: File action registry]) — Download; Add to album
 * (the album picker of §2); Add to my timeline (an album's); Share (the share dialog of
 * §4); Remove from album or Delete, after the DELETE_FILE confirmation of §4 — a read-only
 * user's disabled with the subscribe tooltip (§6); then the place's own items, Copy to
 * clipboard for non-video files when the browser supports it and Export as JPEG for HEIC
 * files (§6).
 */
export function FileContextMenu({
  file,
  jobId,
  isOwner,
  actions,
  currentAlbumId,
  extraItems,
  position,
  onClose,
  returnFocusTo,
}: FileContextMenuProps) {
  const intl = useIntl();
  const api = useApi();
  const queryClient = useQueryClient();
  const deleteFiles = useDeleteFiles(jobId, { isOwner });
  const copyToClipboard = useCopyToClipboard();
  const [opener] = useState(
    () => returnFocusTo ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null),
  );
  const [dialog, setDialog] = useState<FileActionDialog | null>(null);
  const { place, caller } = usePlaceActions(actions);

  const close = (restoreFocus: boolean) => {
    if (restoreFocus) opener?.focus();
    onClose();
  };
  /** Closes first, then acts, still inside the click: the clipboard needs the user's gesture. */
  const choose = (action: () => void) => () => {
    close(true);
    action();
  };
  const openPicker = useAlbumPicker();
  const openShareDialog = useShareDialog();
  /**
   * Opens a dialog, which hands focus back to what had it when it opened: the file, not the
   * menu. The album picker and the share dialog are asked of the page frame's layers (See:
   * [Note: Dialog requests]); the menu stays, drawing nothing, until they close.
   */
  const open = (which: FileActionDialog) => {
    opener?.focus();
    setDialog(which);
    const onClose = () => {
      close(true);
    };
    if (which === 'pick')
      openPicker({ mode: 'add', sourceJobId: jobId, fileIds: [file.id], currentAlbumId, onClose });
    if (which === 'share')
      openShareDialog({
        request: { kind: 'files', sourceJobId: jobId, fileIds: [file.id], currentAlbumId },
        onClose,
      });
  };

  if (dialog === 'confirm') {
    return (
      <ConfirmDialog
        kind="DELETE_FILE"
        values={{ count: 1 }}
        onCancel={() => {
          close(true);
        }}
        onConfirm={choose(() => {
          void deleteFiles([file.id]).then(() => {
            if (currentAlbumId !== undefined) void queryClient.invalidateQueries({ queryKey: albumKeys.all });
          });
        })}
      />
    );
  }

  if (dialog !== null) return null;

  const run: Partial<Record<FileActionId, () => void>> = {
    download: choose(() => {
      downloadFile(api.directory, file);
    }),
    ...dialogRunners(open),
    ...(place?.run?.copyToTimeline && {
      copyToTimeline: choose(() => place.run?.copyToTimeline?.([file.id])),
    }),
  };
  const offers = place ? offeredFileActions('fileMenu', actionContext(place, caller, [file])) : [];
  const items: ContextMenuItem[] = [];
  for (const { action, isDisabled, hint } of offers) {
    const onSelect = run[action.id];
    if (!onSelect) continue;
    items.push({
      key: action.id,
      label: intl.formatMessage({ id: action.label }),
      isDisabled,
      hint: hint && intl.formatMessage({ id: hint }),
      onSelect,
    });
  }
  items.push(
    ...(extraItems?.(() => {
      close(true);
    }) ?? []),
  );
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
