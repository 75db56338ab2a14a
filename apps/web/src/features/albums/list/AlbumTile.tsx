import type { JobInfo } from '@trove/contract';
import { memo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useApi } from '../../../api/api-context.tsx';
import { Icon } from '../../../ui/icons.tsx';
import { AlbumIcon } from './album-icons.tsx';
import { coverUrl, displayTitle, type AlbumGridLayout } from './model.ts';

/**
 * One album of the albums list (spec 000 §2): its cover, its title or the 'Unnamed album'
 * placeholder (§3), how many files it holds, and for a shared album a marker and how many
 * take part. A link to the album; 296x320 on desktop, 190 high full width on a phone.
 */
export const AlbumTile = memo(function AlbumTile({
  album,
  layout,
}: {
  album: JobInfo;
  layout: Pick<AlbumGridLayout, 'tileWidth' | 'isMobile'>;
}) {
  const intl = useIntl();
  const api = useApi();
  const [failed, setFailed] = useState(false);
  const src = failed ? undefined : coverUrl(album, api.directory.thumb, layout.tileWidth);
  const title = displayTitle(album, intl.formatMessage({ id: 'albums.unnamed' }));
  return (
    <li className={`album-card${layout.isMobile ? ' album-card--mobile' : ''}`}>
      <Link to={`/albums/${encodeURIComponent(album.id)}`} className="album-card__link">
        <span className="album-card__cover">
          {src ? (
            <img
              className="album-card__image"
              src={src}
              alt=""
              decoding="async"
              loading="lazy"
              onError={() => {
                setFailed(true);
              }}
            />
          ) : (
            // No cover yet (an empty album), or it failed: the default image (spec 000 §8).
            <Icon name="albums" size={40} />
          )}
        </span>
        <span className="album-card__text">
          <span className="album-card__title">{title}</span>
          <span className="album-card__meta">
            <span>{intl.formatMessage({ id: 'albums.fileCount' }, { count: album.media_count ?? 0 })}</span>
            {album.isShared && (
              <span className="album-card__shared">
                <AlbumIcon name="people" size={16} />
                <span className="visually-hidden">{intl.formatMessage({ id: 'albums.filter.shared' })}</span>
                <span>
                  {intl.formatMessage({ id: 'albums.participants' }, { count: album.participant_count ?? 1 })}
                </span>
              </span>
            )}
          </span>
        </span>
      </Link>
    </li>
  );
});
