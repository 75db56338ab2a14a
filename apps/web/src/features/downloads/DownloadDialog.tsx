import { DOWNLOAD_MAX_BYTES, DOWNLOAD_MAX_ITEMS } from '@trove/contract';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Dialog } from '../../ui/Dialog.tsx';
import { sizeText } from './format.ts';
import { dismissAction, type DownloadModel } from './model.ts';
import { PartList } from './PartList.tsx';

/** Props of {@link DownloadDialog}. */
export interface DownloadDialogProps {
  model: DownloadModel;
  onDownload: (index: number) => void;
  onHeicToJpeg: (value: boolean) => void;
  onMinimize: () => void;
  onClose: () => void;
}

/**
 * The download modal in its `max` state (spec 000 §4; See: [Note: Download modal]): what is
 * downloaded (spec 000 §3 Download modal info: count, size, parts), why it comes in parts
 * (spec 000 §5, §9 limits), the choice of HEIC as JPEG when a part holds HEIC photos, and
 * the parts. Minimize leaves the progress panel; Escape closes a download nothing happened
 * to yet and minimises any other.
 */
export function DownloadDialog({
  model,
  onDownload,
  onHeicToJpeg,
  onMinimize,
  onClose,
}: DownloadDialogProps) {
  const intl = useIntl();
  const heicId = useId();
  const { info, parts } = model;
  if (!info) return null;
  const hasHeic = parts.some((part) => part.hasHEIC);
  // Once a part is on its way the choice holds for the rest: parts of one download alike.
  const isHeicLocked = parts.some((part) => part.status !== 'idle');
  return (
    <Dialog
      title={
        info.pages > 1
          ? intl.formatMessage({ id: 'downloads.title.parts' }, { count: info.pages })
          : intl.formatMessage({ id: 'downloads.title.one' })
      }
      onClose={dismissAction(model) === 'close' ? onClose : onMinimize}
      actions={
        <>
          <button type="button" className="btn btn--text" onClick={onMinimize}>
            {intl.formatMessage({ id: 'downloads.minimize' })}
          </button>
          <button type="button" className="btn btn--secondary" onClick={onClose}>
            {intl.formatMessage({ id: 'common.close' })}
          </button>
        </>
      }
    >
      <p>
        {intl.formatMessage(
          { id: 'downloads.summary' },
          { count: info.count, size: sizeText(intl, info.size) },
        )}
      </p>
      {info.pages > 1 && (
        <p>
          {intl.formatMessage(
            { id: 'downloads.partsExplained' },
            { max: DOWNLOAD_MAX_ITEMS, size: sizeText(intl, DOWNLOAD_MAX_BYTES), count: info.pages },
          )}
        </p>
      )}
      {hasHeic && (
        <div className="download-heic">
          <input
            id={heicId}
            type="checkbox"
            checked={model.heicToJpeg}
            disabled={isHeicLocked}
            onChange={(event) => {
              onHeicToJpeg(event.target.checked);
            }}
          />
          <label htmlFor={heicId}>
            <span className="download-heic__label">{intl.formatMessage({ id: 'downloads.heicToJpeg' })}</span>
            <span className="download-heic__hint">{intl.formatMessage({ id: 'downloads.heicHint' })}</span>
          </label>
        </div>
      )}
      <PartList parts={parts} onDownload={onDownload} />
    </Dialog>
  );
}
