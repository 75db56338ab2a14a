import type { RemoteFile } from '@trove/contract';
import { useId, type ReactNode } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { MessageId } from '../../i18n/messages.ts';
import { Icon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useFileMetadata, type FileMetadata } from './api.ts';
import { sizeText as formatSize } from '../../lib/size.ts';
import { cameraText, coordinatesText, durationText, exposureText, mapUrl } from './format.ts';

/** Props of {@link MetadataPanel}. */
export interface MetadataPanelProps {
  jobId: string;
  file: RemoteFile;
  onClose: () => void;
}

type Row = readonly [MessageId, ReactNode];

/** Size in Bytes, KB, MB or GB, base 1024 (spec 000 §9), with the locale's decimal mark. */
function sizeText(intl: IntlShape, bytes: number): string {
  return formatSize(intl, bytes, (count) => intl.formatMessage({ id: 'viewer.info.bytes' }, { count }));
}

/** The rows the file itself answers: when, what, how big. */
function fileRows(intl: IntlShape, file: RemoteFile): Row[] {
  const rows: Row[] = [
    // In the browser's time zone, as the grid's date tooltip shows it.
    ['viewer.info.taken', intl.formatDate(file.taken * 1000, { dateStyle: 'full', timeStyle: 'short' })],
    ['viewer.info.name', file.name],
    ['viewer.info.size', sizeText(intl, file.size)],
  ];
  if (file.width > 0 && file.height > 0) {
    rows.push(['viewer.info.dimensions', `${String(file.width)} × ${String(file.height)}`]);
  }
  if (file.type === 'Movies' && file.duration > 0)
    rows.push(['viewer.info.duration', durationText(file.duration)]);
  return rows;
}

/** The rows of the camera metadata (spec 000 §3 Metadata), each only when known. */
function cameraRows(intl: IntlShape, metadata: FileMetadata): Row[] {
  const rows: Row[] = [];
  const camera = cameraText(metadata.manufacturer, metadata.model);
  const decimal = (value: number) => intl.formatNumber(value, { maximumFractionDigits: 1 });
  if (camera) rows.push(['viewer.info.camera', camera]);
  if (metadata.iso !== undefined) rows.push(['viewer.info.iso', String(metadata.iso)]);
  if (metadata.aperture !== undefined) rows.push(['viewer.info.aperture', `f/${decimal(metadata.aperture)}`]);
  if (metadata.exposure !== undefined) rows.push(['viewer.info.exposure', exposureText(metadata.exposure)]);
  if (metadata.focal_length !== undefined) {
    rows.push(['viewer.info.focalLength', `${decimal(metadata.focal_length)} mm`]);
  }
  const { latitude, longitude } = metadata;
  if (latitude !== undefined && longitude !== undefined) {
    rows.push([
      'viewer.info.location',
      <>
        {coordinatesText(latitude, longitude)}
        <br />
        <a href={mapUrl(latitude, longitude)} target="_blank" rel="noopener noreferrer">
          {intl.formatMessage({ id: 'viewer.info.map' })}
        </a>
      </>,
    ]);
  }
  return rows;
}

/**
 * The viewer's details panel: 360 px at the side, full width under 600 px, header 56 px
 * (spec 000 §2). The file's own facts show at once; the camera's follow from metadata/{fileId}.
 */
export function MetadataPanel({ jobId, file, onClose }: MetadataPanelProps) {
  const intl = useIntl();
  const titleId = useId();
  const metadata = useFileMetadata(jobId, file.id, true);
  const rows = [...fileRows(intl, file), ...cameraRows(intl, metadata.data ?? {})];
  return (
    <aside className="viewer-info" aria-labelledby={titleId}>
      <div className="viewer-info__header">
        <h2 id={titleId} className="viewer-info__title">
          {intl.formatMessage({ id: 'viewer.details' })}
        </h2>
        <button
          type="button"
          className="icon-button"
          aria-label={intl.formatMessage({ id: 'common.close' })}
          onClick={onClose}
        >
          <Icon name="close" />
        </button>
      </div>
      <dl className="viewer-info__list">
        {rows.map(([label, value]) => (
          <div key={label} className="viewer-info__row">
            <dt>{intl.formatMessage({ id: label })}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {metadata.isPending && <Spinner size={24} />}
    </aside>
  );
}
