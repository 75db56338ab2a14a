import type { JobInfo } from '@trove/contract';
import { useIntl } from 'react-intl';
import { Icon } from '../../../ui/icons.tsx';
import { requestDownload } from '../../downloads/index.ts';

/** Props of {@link DownloadAlbumButton}. */
export interface DownloadAlbumButtonProps {
  album: JobInfo;
  isDisabled: boolean;
  /** A visitor's album headers (its grant, its guest token), asked for when clicked. */
  headers?: () => Record<string, string>;
}

/**
 * Downloads the whole album as one archive (spec 000 §4 whole job archive; See: [Note: Lazy
 * downloads]); an album over the limits is blocked with its alert (spec 000 §5).
 */
export function DownloadAlbumButton({ album, isDisabled, headers }: DownloadAlbumButtonProps) {
  const intl = useIntl();
  return (
    <button
      type="button"
      className="btn btn--secondary"
      disabled={isDisabled}
      onClick={() => {
        requestDownload({ kind: 'job', album, ...(headers && { headers: headers() }) });
      }}
    >
      <Icon name="download" size={20} />
      {intl.formatMessage({ id: 'albumView.download' })}
    </button>
  );
}
