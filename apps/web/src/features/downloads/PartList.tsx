import { useIntl } from 'react-intl';
import { Icon } from '../../ui/icons.tsx';
import { sizeText } from './format.ts';
import type { DownloadPart } from './model.ts';

/** Props of {@link PartList}. */
export interface PartListProps {
  parts: readonly DownloadPart[];
  onDownload: (index: number) => void;
}

/**
 * The parts of a download (spec 000 §3 Download page): each with its name, file count and
 * size, and what can be done with it: Download, a spinner while it is prepared, "started"
 * with a link to download it again once the browser has it (a browser may hold back a second
 * download it did not see a click for), or the failure of spec 000 §8 with Try again.
 */
export function PartList({ parts, onDownload }: PartListProps) {
  const intl = useIntl();
  return (
    <ol className="download-parts">
      {parts.map((part, index) => (
        <li key={part.name} className={`download-part download-part--${part.status}`}>
          <span className="download-part__text">
            <span className="download-part__name">{part.name}</span>
            <span className="download-part__meta">
              {intl.formatMessage(
                { id: 'downloads.part.meta' },
                { count: part.count, size: sizeText(intl, part.totalSize) },
              )}
            </span>
          </span>
          <PartAction
            part={part}
            onDownload={() => {
              onDownload(index);
            }}
          />
        </li>
      ))}
    </ol>
  );
}

function PartAction({ part, onDownload }: { part: DownloadPart; onDownload: () => void }) {
  const intl = useIntl();
  const values = { name: part.name };
  switch (part.status) {
    case 'idle':
      return (
        <button
          type="button"
          className="btn btn--secondary download-part__action"
          aria-label={intl.formatMessage({ id: 'downloads.part.downloadLabel' }, values)}
          onClick={onDownload}
        >
          <Icon name="download" size={20} />
          {intl.formatMessage({ id: 'downloads.part.download' })}
        </button>
      );
    case 'preparing':
      return (
        <span className="download-part__state" role="status">
          <span className="spinner download-part__spinner" aria-hidden="true" />
          {intl.formatMessage({ id: 'downloads.part.preparing' })}
        </span>
      );
    case 'started':
      return (
        <span className="download-part__state download-part__state--started">
          <span role="status" className="download-part__done">
            <Icon name="check" size={20} />
            {intl.formatMessage({ id: 'downloads.part.started' })}
          </span>
          <a
            className="download-part__again"
            href={part.url}
            download={part.fileName}
            aria-label={intl.formatMessage({ id: 'downloads.part.againLabel' }, values)}
          >
            {intl.formatMessage({ id: 'downloads.part.again' })}
          </a>
        </span>
      );
    case 'failed':
      return (
        <span className="download-part__state download-part__state--failed">
          <span role="alert" className="download-part__error">
            {intl.formatMessage({ id: 'downloads.failed' })}
          </span>
          <button
            type="button"
            className="btn btn--text"
            aria-label={intl.formatMessage({ id: 'downloads.part.retryLabel' }, values)}
            onClick={onDownload}
          >
            {intl.formatMessage({ id: 'common.tryAgain' })}
          </button>
        </span>
      );
  }
}
