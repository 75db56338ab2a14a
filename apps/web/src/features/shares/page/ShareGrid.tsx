import type { RemoteFile } from '@trove/contract';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useApi } from '../../../api/api-context.tsx';
import { Icon } from '../../../ui/icons.tsx';
import { ShareIcon } from './share-icons.tsx';
import { MEDIA } from '../../../ui/layout.ts';

/** Props of {@link ShareGrid}. */
export interface ShareGridProps {
  files: readonly RemoteFile[];
  /** Documents are shown too: the grid gets a heading of its own, as they have. */
  hasHeading: boolean;
  onOpen: (index: number) => void;
}

/**
 * The share's pictures and videos as a thumbnail grid (spec 000 §2 Share page): each tile
 * its small thumbnail (signed, on the thumb host), or the default image while there is none
 * (spec 000 §8); a click opens it full screen (`onOpen` with its index).
 */
export function ShareGrid({ files, hasHeading, onOpen }: ShareGridProps) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'sharePage.media' });
  return (
    <section className="share-page__media">
      {hasHeading && <h2 className="share-page__section-title">{label}</h2>}
      <ul className="album-files share-page__grid" aria-label={label}>
        {files.map((file, index) => (
          <li key={file.id} className="album-files__item share-page__tile">
            <button
              type="button"
              className="share-page__open"
              aria-label={intl.formatMessage({ id: 'sharePage.open' }, { name: file.name })}
              onClick={() => {
                onOpen(index);
              }}
            >
              <Thumbnail file={file} />
              {file.type === 'Movies' && (
                <span className="share-page__video-mark">
                  <ShareIcon name="play" size={20} />
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Thumbnail({ file }: { file: RemoteFile }) {
  const api = useApi();
  const [hasFailed, setHasFailed] = useState(false);
  if (!file.thumb_url_small || hasFailed)
    return (
      <span className="album-files__fallback">
        <Icon name={file.type === 'Movies' ? 'video' : 'photos'} size={32} />
      </span>
    );
  const { thumb } = api.directory;
  // spec 000 §9: the large thumbnail once a tile is 200 px wide or more (dense screens too).
  const large = file.thumb_url_large ? `${thumb}${file.thumb_url_large} 1280w` : undefined;
  return (
    <img
      className="album-files__image"
      src={`${thumb}${file.thumb_url_small}`}
      srcSet={large && `${thumb}${file.thumb_url_small} 256w, ${large}`}
      sizes={`${MEDIA.phone} 33vw, 200px`}
      alt=""
      loading="lazy"
      decoding="async"
      onError={() => {
        setHasFailed(true);
      }}
    />
  );
}
