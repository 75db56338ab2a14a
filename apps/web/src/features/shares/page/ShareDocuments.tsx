import type { RemoteFile } from '@trove/contract';
import { useIntl, type IntlShape } from 'react-intl';
import { useApi } from '../../../api/api-context.tsx';
import { DocumentIcon } from '../../../ui/DocumentIcon.tsx';
import { Icon } from '../../../ui/icons.tsx';
import { fileDownloadUrl } from '../../file-actions/index.ts';
import { sizeText as formatSize } from '../../../lib/size.ts';

/**
 * The share's documents as download chips (spec 000 §2 Share page): each downloads its
 * original directly (spec 000 §7 "a single file downloads directly"), through its signed
 * `file_url` with `download=1`, which needs neither token nor grant.
 */
export function ShareDocuments({ files }: { files: readonly RemoteFile[] }) {
  const intl = useIntl();
  const api = useApi();
  const headingId = 'share-documents-heading';
  return (
    <section className="share-page__documents" aria-labelledby={headingId}>
      <h2 id={headingId} className="share-page__section-title">
        {intl.formatMessage({ id: 'sharePage.documents' })}
      </h2>
      <ul className="share-page__chips">
        {files.map((file) => (
          <li key={file.id}>
            <a className="share-page__chip" href={fileDownloadUrl(api.directory, file)} download={file.name}>
              <DocumentIcon size={20} />
              {/* The name read out says what the chip does; the visible text is part of it. */}
              <span className="visually-hidden">{intl.formatMessage({ id: 'sharePage.download' })}</span>{' '}
              <span className="share-page__chip-name">{file.name}</span>{' '}
              <span className="share-page__chip-size">{sizeLabel(intl, file.size)}</span>
              <Icon name="download" size={18} />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A size in Bytes, KB, MB or GB, base 1024 (spec 000 §9), with the locale's decimal mark. */
function sizeLabel(intl: IntlShape, bytes: number): string {
  return formatSize(intl, bytes, (count) => intl.formatMessage({ id: 'sharePage.bytes' }, { count }));
}
