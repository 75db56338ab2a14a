import { useIntl } from 'react-intl';
import { Icon } from '../../ui/icons.tsx';
import { startedCount, type DownloadModel } from './model.ts';
import { PartList } from './PartList.tsx';
import { Tooltip } from '../../ui/Tooltip.tsx';

/** Props of {@link DownloadPanel}. */
export interface DownloadPanelProps {
  model: DownloadModel;
  onDownload: (index: number) => void;
  onMaximize: () => void;
  onClose: () => void;
}

/**
 * The download modal in its `min` state: the download progress panel of spec 000 §2, small
 * in a corner, over whatever screen is open. It tells how far the parts are, lists them
 * with their own buttons, and opens the dialog again or closes the download. It is no modal:
 * the page stays usable around it.
 */
export function DownloadPanel({ model, onDownload, onMaximize, onClose }: DownloadPanelProps) {
  const intl = useIntl();
  const { info, parts } = model;
  if (!info) return null;
  const preparing = parts.findIndex((part) => part.status === 'preparing');
  const started = startedCount(model);
  let status: string;
  if (preparing >= 0)
    status = intl.formatMessage(
      { id: 'downloads.panel.preparing' },
      { index: preparing + 1, count: parts.length },
    );
  else if (parts.some((part) => part.status === 'failed'))
    status = intl.formatMessage({ id: 'downloads.panel.failed' });
  else if (started === parts.length)
    status = intl.formatMessage({ id: 'downloads.panel.done' }, { count: parts.length });
  else
    status = intl.formatMessage({ id: 'downloads.panel.progress' }, { done: started, count: parts.length });
  const expand = intl.formatMessage({ id: 'downloads.maximize' });
  const close = intl.formatMessage({ id: 'common.close' });
  return (
    <section className="download-panel" aria-label={intl.formatMessage({ id: 'downloads.panel.label' })}>
      <header className="download-panel__header">
        <Icon name="download" />
        <p className="download-panel__status" role="status">
          {status}
        </p>
        <Tooltip text={expand} isDescription={false}>
          <button type="button" className="icon-button" aria-label={expand} onClick={onMaximize}>
            <Icon name="chevronRight" />
          </button>
        </Tooltip>
        <Tooltip text={close} isDescription={false}>
          <button type="button" className="icon-button" aria-label={close} onClick={onClose}>
            <Icon name="close" />
          </button>
        </Tooltip>
      </header>
      <PartList parts={parts} onDownload={onDownload} />
    </section>
  );
}
