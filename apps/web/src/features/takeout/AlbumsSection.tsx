import type { JobInfo } from '@trove/contract';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { displayTitle } from '../albums/index.ts';
import type { TakeoutDownload } from './download-seam.ts';
import { DoneMark, DownloadButton } from './DownloadButton.tsx';
import { TakeoutIcon } from './takeout-icons.tsx';
import { formatSize } from './model.ts';
import { markVisited, visitStateOf } from './visited.ts';

/** Props of {@link AlbumsSection}. */
export interface AlbumsSectionProps {
  /** Albums with at least one file (spec 000 §2 Takeout). */
  albums: readonly JobInfo[];
  onDownload: TakeoutDownload;
}

/**
 * The albums section of spec 000 §2 Takeout: each album with its own download, marked once
 * downloaded here (spec 000 §7: a local marker per album), and marked as changed when it
 * changed since.
 */
export function AlbumsSection({ albums, onDownload }: AlbumsSectionProps) {
  const intl = useIntl();
  return (
    <section className="card" aria-labelledby="takeout-albums">
      <h2 id="takeout-albums" className="card__title">
        {intl.formatMessage({ id: 'takeout.albums.title' })}
      </h2>
      {albums.length === 0 ? (
        <p className="muted">{intl.formatMessage({ id: 'takeout.albums.empty' })}</p>
      ) : (
        <>
          <p className="muted">{intl.formatMessage({ id: 'takeout.albums.text' })}</p>
          <ul className="takeout-list" aria-labelledby="takeout-albums">
            {albums.map((album) => (
              <AlbumRow key={album.id} album={album} onDownload={onDownload} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function AlbumRow({ album, onDownload }: { album: JobInfo; onDownload: TakeoutDownload }) {
  const intl = useIntl();
  const [isPreparing, setPreparing] = useState(false);
  // Read on every render, so a refetched album with a newer mtime shows as changed; `marks`
  // renders the row again once its download started and the marker was written.
  const [, setMarks] = useState(0);
  const visit = visitStateOf(album);
  const title = displayTitle(album, intl.formatMessage({ id: 'takeout.albums.unnamed' }));
  const size = formatSize(album.size ?? 0, intl);
  const handleDownload = async () => {
    setPreparing(true);
    try {
      if (await onDownload({ kind: 'album', album })) {
        markVisited(album);
        setMarks((count) => count + 1);
      }
    } finally {
      setPreparing(false);
    }
  };
  return (
    <li className="takeout-row">
      <span className="takeout-row__text">
        <span className="takeout-row__name">{title}</span>
        <span className="muted">
          {intl.formatMessage({ id: 'takeout.summary' }, { count: album.media_count ?? 0, size })}
        </span>
      </span>
      {visit === 'visited' && <DoneMark text={intl.formatMessage({ id: 'takeout.albums.visited' })} />}
      {visit === 'changed' && (
        <span className="takeout-mark">
          <TakeoutIcon name="update" size={18} />
          {intl.formatMessage({ id: 'takeout.albums.changed' })}
        </span>
      )}
      <DownloadButton isPreparing={isPreparing} onClick={() => void handleDownload()} name={title}>
        {intl.formatMessage({ id: 'takeout.download' })}
      </DownloadButton>
    </li>
  );
}
