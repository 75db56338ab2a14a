import type { TrashAlbum } from '@trove/contract';
import { memo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useApi } from '../../api/api-context.tsx';
import { Icon } from '../../ui/icons.tsx';
import { Menu } from '../../ui/Menu.tsx';
import { requestDownload } from '../downloads/index.ts';
import { daysRemaining } from './model.ts';
import { TrashIcon } from './trash-icons.tsx';
import { ALBUM_RESTORE_FAILED } from './use-trash-album-actions.ts';

/** Props of {@link TrashAlbumTile}. */
export interface TrashAlbumTileProps {
  album: TrashAlbum;
  /** When the list was fetched: days remaining count from then. */
  now: Date;
  /** spec 000 §6: a read-only user cannot restore. */
  isReadOnly: boolean;
  /** Why the last restore or delete of this album failed, if it did. */
  failure: string | undefined;
  onRestore: (id: string) => void;
  onDelete: (album: TrashAlbum) => void;
}

/**
 * One deleted album (spec 000 §3 Deleted album): cover, name, how many files, days left,
 * and its menu (spec 000 §2: restore, export, delete). Export downloads the album as it was
 * as one archive, through the download center (See: [Note: Lazy downloads]).
 */
export const TrashAlbumTile = memo(function TrashAlbumTile({
  album,
  now,
  isReadOnly,
  failure,
  onRestore,
  onDelete,
}: TrashAlbumTileProps) {
  const intl = useIntl();
  const api = useApi();
  const [isBroken, setIsBroken] = useState(false);
  const src =
    album.cover_thumb_url && !isBroken ? `${api.directory.thumb}${album.cover_thumb_url}` : undefined;
  const name = album.name.trim() === '' ? intl.formatMessage({ id: 'trash.albums.unnamed' }) : album.name;
  return (
    <li className="trash-album" data-testid="trash-album">
      <span className="trash-album__cover">
        {src ? (
          <img
            className="trash-album__image"
            src={src}
            alt=""
            loading="lazy"
            decoding="async"
            onError={() => {
              setIsBroken(true);
            }}
          />
        ) : (
          <Icon name="albums" size={40} />
        )}
        {failure !== undefined && (
          <span className="trash-tile__error">
            <Icon name="error" size={16} />
            {failure === ALBUM_RESTORE_FAILED
              ? intl.formatMessage({ id: 'trash.albums.restoreFailed' }, { count: 1 })
              : intl.formatMessage({ id: 'trash.reason.delete_failed' })}
          </span>
        )}
      </span>
      <span className="trash-album__text">
        <span className="trash-album__title">{name}</span>
        <span className="trash-album__meta">
          {intl.formatMessage({ id: 'trash.albums.items' }, { count: album.media_count })}
          {' · '}
          {intl.formatMessage({ id: 'trash.albums.daysLeft' }, { count: daysRemaining(album.dtime, now) })}
        </span>
      </span>
      <span className="trash-album__menu">
        <Menu
          label={intl.formatMessage({ id: 'trash.albums.menu' }, { name })}
          trigger={<TrashIcon name="more" />}
          items={[
            {
              key: 'restore',
              label: intl.formatMessage({ id: 'trash.restore' }),
              icon: <TrashIcon name="restore" size={20} />,
              isDisabled: isReadOnly,
              onSelect: () => {
                onRestore(album.id);
              },
            },
            {
              key: 'export',
              label: intl.formatMessage({ id: 'trash.albums.export' }),
              icon: <Icon name="download" size={20} />,
              onSelect: () => {
                requestDownload({ kind: 'export', album });
              },
            },
            {
              key: 'delete',
              label: intl.formatMessage({ id: 'trash.deleteForGood' }),
              icon: <TrashIcon name="deleteForever" size={20} />,
              isDanger: true,
              onSelect: () => {
                onDelete(album);
              },
            },
          ]}
        />
      </span>
    </li>
  );
});
