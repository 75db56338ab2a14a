import type { JobInfo } from '@trove/contract';
import { useIntl } from 'react-intl';
import { useToasts } from '../../../ui/toasts.tsx';
import { type ContextMenuItem, FileContextMenu, type PlaceFileActions } from '../../file-actions/index.ts';
import type { FileMenuRequest } from '../../timeline/index.ts';
import { useAlbumChange } from './album-api.ts';

/** Props of {@link AlbumFileMenu}. */
export interface AlbumFileMenuProps extends FileMenuRequest {
  album: JobInfo;
  /** The album's file actions, as its grid has them (See: [Note: File action registry]). */
  actions: PlaceFileActions;
}

/**
 * An album file's menu (spec 000 §2, §6): the registry's actions for the album and the file
 * (Download, Add to album, Add to my timeline, Share, Remove from album for who may remove
 * this file), then Set as cover for who may (disabled when it already is, toasts 'Cover
 * photo changed' / 'Failed to change cover photo.' of §8), and Copy and Export as JPEG as
 * in the timeline.
 */
export function AlbumFileMenu({ file, position, anchor, onClose, album, actions }: AlbumFileMenuProps) {
  const intl = useIntl();
  const toasts = useToasts();
  const change = useAlbumChange(album.id);
  const coverItems = (close: () => void): ContextMenuItem[] =>
    album.currentUserCan.setFileAsAlbumCoverPhoto
      ? [
          {
            key: 'cover',
            label: intl.formatMessage({ id: 'albumView.setCover' }),
            isDisabled: album.cover_id === file.id,
            onSelect: () => {
              close();
              // The menu is gone by the time the answer comes: the promise, not mutate's callbacks.
              change.mutateAsync({ kind: 'cover', fileId: file.id }).then(
                () =>
                  toasts.show({
                    kind: 'success',
                    text: intl.formatMessage({ id: 'albumView.coverChanged' }),
                  }),
                () =>
                  toasts.show({ kind: 'error', text: intl.formatMessage({ id: 'albumView.coverFailed' }) }),
              );
            },
          },
        ]
      : [];
  return (
    <FileContextMenu
      file={file}
      jobId={album.id}
      isOwner={album.role === 'owner'}
      actions={actions}
      currentAlbumId={album.id}
      extraItems={coverItems}
      position={position}
      returnFocusTo={anchor}
      onClose={onClose}
    />
  );
}
