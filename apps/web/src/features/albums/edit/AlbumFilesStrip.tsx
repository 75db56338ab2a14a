import { isPhoneWidth, pickerElementSize } from '../../../ui/layout.ts';
import type { CurrentUserCan, RemoteFile } from '@trove/contract';
import { useMemo, useState, type CSSProperties } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useApi } from '../../../api/api-context.tsx';
import { Icon } from '../../../ui/icons.tsx';
import { useToasts } from '../../../ui/toasts.tsx';
import { useAccountInfoQuery } from '../../auth/api.ts';
import { isFileActionAvailable } from '../../file-actions/index.ts';
import { isActive, useUploaderView } from '../../uploads/index.ts';
import { useRemoveAlbumFile } from '../api-create.ts';
import { albumPath } from '../route-params.ts';

/** Props of {@link AlbumFilesStrip}. */
export interface AlbumFilesStripProps {
  albumId: string;
  /** The album's flags: a file's remove button shows only where the caller may remove it. */
  can: CurrentUserCan;
  files: readonly RemoteFile[];
  /** The album was created in this flow: with no files, offer to keep it empty. */
  isCreatedHere: boolean;
  /** The remove button took the album's last file: the server may have deleted the album (spec 000 §4). */
  onLastRemoved: () => void;
}

/**
 * The files already in the album during step 2 (spec 000 §4 Album create): one still
 * arriving (uploading, or processed by the server) is dimmed to 0.4, a complete one shown
 * fully; each file the caller may remove (their own, or any for the owner: the registry's
 * Remove from album, See: [Note: File action registry]) has a remove button
 * (DELETE /jobs/{albumId}/files_by_id/{fileId}).
 * With no files there is the create-empty-album link (spec 000 §2), else Done.
 */
export function AlbumFilesStrip({ albumId, can, files, isCreatedHere, onLastRemoved }: AlbumFilesStripProps) {
  const intl = useIntl();
  const account = useAccountInfoQuery().data;
  const mayRemove = (file: RemoteFile) =>
    isFileActionAvailable('removeFromAlbum', 'albumStrip', {
      place: 'album',
      can,
      me: account?.uuid,
      isReadOnly: account?.is_read_only_user === true,
      files: [file],
    });
  const toasts = useToasts();
  const remove = useRemoveAlbumFile(albumId);
  // The queue's own array is selected: a filtered copy would be a new value on every read.
  const items = useUploaderView((view) => view.queue.items);
  const uploads = useMemo(
    () => items.filter((item) => item.targetJob === albumId && isActive(item)),
    [items, albumId],
  );
  const handleRemove = (file: RemoteFile) => {
    remove.mutate(file.id, {
      onSuccess: () => {
        if (files.length === 1) onLastRemoved();
      },
      onError: () => {
        toasts.show({ kind: 'error', text: intl.formatMessage({ id: 'common.genericError' }) });
      },
    });
  };
  const isEmpty = files.length === 0 && uploads.length === 0;
  return (
    <section className="album-edit__strip" aria-labelledby="album-edit-strip-title">
      <div className="album-edit__strip-header">
        <h2 id="album-edit-strip-title" className="album-edit__strip-title">
          {intl.formatMessage({ id: 'albumEdit.inAlbum' })}
        </h2>
        {isEmpty && isCreatedHere && (
          <Link to={albumPath(albumId)} className="btn btn--text">
            {intl.formatMessage({ id: 'albumEdit.createEmpty' })}
          </Link>
        )}
        {!isEmpty && (
          <Link to={albumPath(albumId)} className="btn btn--text">
            {intl.formatMessage({ id: 'albumEdit.done' })}
          </Link>
        )}
      </div>
      {isEmpty ? (
        <p className="album-edit__strip-empty">{intl.formatMessage({ id: 'albumEdit.noFiles' })}</p>
      ) : (
        <ul
          className="album-edit__files"
          // spec 000 §9 picker grid elements: 296 px for one, 128 for two or on a desktop, 88 on a phone.
          style={
            {
              '--picker-size': `${String(pickerElementSize(files.length + uploads.length, isPhoneWidth(window.innerWidth)))}px`,
            } as CSSProperties
          }
        >
          {uploads.map((item) => (
            <li key={item.id} className="album-edit__file is-pending">
              <span className="album-edit__thumb" role="img" aria-label={pendingLabel(intl, item.name)}>
                <Icon name="photos" size={24} />
              </span>
            </li>
          ))}
          {files.map((file) => (
            <StripFile
              key={file.id}
              file={file}
              isRemoving={remove.isPending && remove.variables === file.id}
              {...(mayRemove(file) && {
                onRemove: () => {
                  handleRemove(file);
                },
              })}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

const pendingLabel = (intl: ReturnType<typeof useIntl>, name: string) =>
  intl.formatMessage({ id: 'albumEdit.pendingFile' }, { name });

function StripFile({
  file,
  isRemoving,
  onRemove,
}: {
  file: RemoteFile;
  isRemoving: boolean;
  /** Absent where the caller may not remove the file. */
  onRemove?: () => void;
}) {
  const intl = useIntl();
  const api = useApi();
  const [hasFailed, setHasFailed] = useState(false);
  const isPending = file.media_status === 'pending';
  const label = isPending ? pendingLabel(intl, file.name) : file.name;
  const src =
    file.thumb_url_small && !hasFailed ? `${api.directory.thumb}${file.thumb_url_small}` : undefined;
  return (
    <li className={`album-edit__file${isPending ? ' is-pending' : ''}`}>
      {src ? (
        <img
          className="album-edit__thumb"
          src={src}
          alt={label}
          decoding="async"
          onError={() => {
            setHasFailed(true);
          }}
        />
      ) : (
        <span className="album-edit__thumb" role="img" aria-label={label}>
          <Icon name={file.type === 'Movies' ? 'video' : 'photos'} size={24} />
        </span>
      )}
      {onRemove && (
        <button
          type="button"
          className="icon-button album-edit__remove"
          aria-label={intl.formatMessage({ id: 'albumEdit.removeFile' }, { name: file.name })}
          disabled={isRemoving}
          onClick={onRemove}
        >
          <Icon name="close" size={16} />
        </button>
      )}
    </li>
  );
}
