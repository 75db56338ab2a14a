import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { LibraryDownload, PartDownload, TakeoutDownload } from './download-seam.ts';
import { DoneMark, DownloadButton } from './DownloadButton.tsx';
import { formatSize } from './model.ts';

/** Props of {@link PhotosSection}. */
export interface PhotosSectionProps {
  jobId: string;
  /** What the archives are named after (spec 000 §9: `{name}({n})`, `{name}_{year}`). */
  name: string;
  /** The timeline's photos and videos. */
  count: number;
  size: number;
  onDownload: TakeoutDownload;
  library: LibraryDownload;
  downloadPart: (index: number) => Promise<void>;
}

/**
 * The photos section of spec 000 §2 Takeout: a download control fed by the timeline's file
 * count and job id. What it starts shows below it: the listing's progress, then the zip
 * parts, each with its own Download button (See: [Note: Takeout download seam]).
 */
export function PhotosSection(props: PhotosSectionProps) {
  const { jobId, name, count, size, onDownload, library } = props;
  const intl = useIntl();
  const [isStarting, setStarting] = useState(false);
  const isBusy = isStarting || library.status === 'listing';
  const handleDownload = async () => {
    setStarting(true);
    try {
      await onDownload({ kind: 'library', jobId, name, count, size });
    } finally {
      setStarting(false);
    }
  };
  return (
    <section className="card" aria-labelledby="takeout-photos">
      <h2 id="takeout-photos" className="card__title">
        {intl.formatMessage({ id: 'takeout.photos.title' })}
      </h2>
      {count === 0 ? (
        <p className="muted">{intl.formatMessage({ id: 'takeout.photos.empty' })}</p>
      ) : (
        <div className="takeout-row takeout-row--head">
          <p className="takeout-row__text">{intl.formatMessage({ id: 'takeout.photos.text' }, { count })}</p>
          <DownloadButton isPreparing={isBusy} onClick={() => void handleDownload()} primary>
            {intl.formatMessage({ id: 'takeout.photos.download' })}
          </DownloadButton>
        </div>
      )}
      <LibraryProgress library={library} downloadPart={props.downloadPart} />
    </section>
  );
}

function LibraryProgress({ library, downloadPart }: Pick<PhotosSectionProps, 'library' | 'downloadPart'>) {
  const intl = useIntl();
  switch (library.status) {
    case 'idle':
      return null;
    case 'listing':
      return (
        <p className="muted" role="status">
          {intl.formatMessage(
            { id: 'takeout.photos.listing' },
            { listed: intl.formatNumber(library.listed), total: intl.formatNumber(library.total) },
          )}
        </p>
      );
    case 'failed':
      return (
        <p className="takeout-error" role="alert">
          {intl.formatMessage({ id: 'takeout.photos.listFailed' })}
        </p>
      );
    case 'ready':
      if (library.parts.length === 0) {
        return (
          <p className="muted" role="status">
            {intl.formatMessage({ id: 'takeout.photos.empty' })}
          </p>
        );
      }
      return (
        <>
          <p role="status">
            {intl.formatMessage({ id: 'takeout.photos.parts' }, { count: library.parts.length })}
          </p>
          <ul className="takeout-list" aria-label={intl.formatMessage({ id: 'takeout.photos.partsLabel' })}>
            {library.parts.map((part, index) => (
              <PartRow
                key={part.page.name}
                part={part}
                onDownload={() => {
                  void downloadPart(index);
                }}
              />
            ))}
          </ul>
        </>
      );
  }
}

function PartRow({ part, onDownload }: { part: PartDownload; onDownload: () => void }) {
  const intl = useIntl();
  const { page } = part;
  const size = formatSize(page.totalSize, intl);
  return (
    <li className="takeout-row">
      <span className="takeout-row__text">
        <span className="takeout-row__name">{`${page.name}.zip`}</span>
        <span className="muted">
          {intl.formatMessage({ id: 'takeout.summary' }, { count: page.fileIDs.length, size })}
        </span>
      </span>
      {page.clicked && <DoneMark text={intl.formatMessage({ id: 'takeout.started' })} />}
      <DownloadButton isPreparing={part.isPreparing} onClick={onDownload} name={page.name}>
        {intl.formatMessage({ id: 'takeout.download' })}
      </DownloadButton>
    </li>
  );
}
