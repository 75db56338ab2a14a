import type { JobInfo } from '@trove/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages.ts';
import { useApi } from '../../../api/api-context.tsx';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { useToasts } from '../../../ui/toasts.tsx';
import { downloadFile, exportHeic, isHeic } from '../../file-actions/actions.ts';
import { canCopyToClipboard } from '../../file-actions/clipboard.ts';
import { ContextMenu, type ContextMenuItem } from '../../file-actions/ContextMenu.tsx';
import { useCopyToClipboard } from '../../file-actions/use-copy-to-clipboard.ts';
import { useDeleteFiles } from '../../file-actions/use-file-actions.ts';
import { timelineKeys } from '../../library/api.ts';
import { useAccountInfoQuery } from '../../auth/api.ts';
import { PartBoundary } from '../../../ui/ScreenBoundary.tsx';
import { LazyShareDialog } from '../../shares/dialog/lazy.ts';
import type { FileMenuRequest } from '../../timeline/use-grid-tiles.tsx';
import { albumKeys } from '../api.ts';
import { useAlbumChange, useCopyToTimeline } from './album-api.ts';
import { canDeleteFile, needsSubscription } from './model.ts';

/** Props of {@link AlbumFileMenu}. */
export interface AlbumFileMenuProps extends FileMenuRequest {
  album: JobInfo;
  /** The signed-in user's id: their own files are theirs to delete (spec 000 §6). */
  me: string | undefined;
}

/**
 * An album file's menu (spec 000 §2, §6, per currentUserCan): Download; Set as cover
 * (disabled when it already is, toasts 'Cover photo changed' / 'Failed to change cover
 * photo.' of §8); Add to timeline (addToAlbum; disabled with the subscription offer for a
 * read-only user); Share (the share dialog; disabled for a read-only user); Delete (any
 * file, or one's own, after the DELETE_FILE confirm); Copy and Export as JPEG as in the
 * timeline.
 */
export function AlbumFileMenu({ file, position, anchor, onClose, album, me }: AlbumFileMenuProps) {
  const intl = useIntl();
  const api = useApi();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const can = album.currentUserCan;
  const change = useAlbumChange(album.id);
  const copyToTimeline = useCopyToTimeline(album.id);
  const copyToClipboard = useCopyToClipboard();
  const deleteFiles = useDeleteFiles(album.id, { isOwner: album.role === 'owner' });
  const [isConfirming, setIsConfirming] = useState(false);
  const [isSharing, setIsSharing] = useState(false);
  const isReadOnly = useAccountInfoQuery().data?.is_read_only_user === true;
  const text = (id: MessageId) => intl.formatMessage({ id });

  const close = (restoreFocus: boolean) => {
    if (restoreFocus) anchor.focus();
    onClose();
  };
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
        onConfirm={choose(() => {
          void deleteFiles([file.id]).then(() => queryClient.invalidateQueries({ queryKey: albumKeys.all }));
        })}
      />
    );
  }

  if (isSharing) {
    return (
      <PartBoundary>
        <LazyShareDialog
          request={{ kind: 'files', sourceJobId: album.id, fileIds: [file.id], currentAlbumId: album.id }}
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
      label: text('fileActions.download'),
      onSelect: choose(() => {
        downloadFile(api.directory, file);
      }),
    },
  ];
  if (can.setFileAsAlbumCoverPhoto) {
    items.push({
      key: 'cover',
      label: text('albumView.setCover'),
      isDisabled: album.cover_id === file.id,
      onSelect: choose(() => {
        // The menu is gone by the time the answer comes: the promise, not mutate's callbacks.
        change.mutateAsync({ kind: 'cover', fileId: file.id }).then(
          () => toasts.show({ kind: 'success', text: text('albumView.coverChanged') }),
          () => toasts.show({ kind: 'error', text: text('albumView.coverFailed') }),
        );
      }),
    });
  }
  if (can.addToAlbum || needsSubscription(can, 'addToAlbum')) {
    items.push({
      key: 'timeline',
      label: text('albumView.addToTimeline'),
      // A read-only user's: shown unavailable (spec 000 §6); the toolbar's tooltip offers the subscription.
      isDisabled: !can.addToAlbum,
      onSelect: choose(() => {
        copyToTimeline.mutateAsync([file.id]).then(
          (answer) => {
            const isAdded = answer.results.some((result) => result.status === 'ok');
            toasts.show(
              isAdded
                ? { kind: 'success', text: text('albumView.addedToTimeline') }
                : { kind: 'error', text: text('albumView.addToTimelineFailed') },
            );
            void queryClient.invalidateQueries({ queryKey: timelineKeys.all });
          },
          () => toasts.show({ kind: 'error', text: text('albumView.addToTimelineFailed') }),
        );
      }),
    });
  }
  items.push({
    key: 'share',
    label: text('fileActions.share'),
    // spec 000 §6: a read-only user's share is off, with the subscribe tooltip.
    isDisabled: isReadOnly,
    hint: isReadOnly ? text('fileActions.shareReadOnly') : undefined,
    onSelect: () => {
      anchor.focus();
      setIsSharing(true);
    },
  });
  if (canDeleteFile(can, file, me)) {
    items.push({
      key: 'delete',
      label: text('common.delete'),
      onSelect: () => {
        anchor.focus();
        setIsConfirming(true);
      },
    });
  }
  if (canCopyToClipboard(file)) {
    items.push({
      key: 'copy',
      label: text('fileActions.copy'),
      onSelect: choose(() => {
        copyToClipboard(file);
      }),
    });
  }
  if (isHeic(file)) {
    items.push({
      key: 'export',
      label: text('fileActions.exportJpeg'),
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
