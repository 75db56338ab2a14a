import { DownloadAlertDialog } from './DownloadAlertDialog.tsx';
import { DownloadDialog } from './DownloadDialog.tsx';
import { DownloadPanel } from './DownloadPanel.tsx';
import { TrashWalkDialog } from './TrashWalkDialog.tsx';
import { useDownloadCenter } from './use-download-center.ts';
import './downloads.css';

/**
 * Everything downloads show (See: [Note: Lazy downloads]): the download modal as a dialog
 * (`max`) or as the progress panel (`min`), the trash's download-all dialog, and the first
 * alert of the download alert queue. One modal dialog at a time: an alert or the trash walk
 * stands in for the download dialog until it is done; the panel is no modal and stays.
 */
export function DownloadCenter() {
  const center = useDownloadCenter();
  const { model } = center;
  const [alert] = center.alerts;
  let dialog = null;
  if (alert) dialog = <DownloadAlertDialog kind={alert} onDismiss={center.dismissAlert} />;
  else if (center.walk) dialog = <TrashWalkDialog walk={center.walk} onCancel={center.cancelWalk} />;
  else if (model.modal === 'max')
    dialog = (
      <DownloadDialog
        model={model}
        onDownload={center.downloadPart}
        onHeicToJpeg={center.setHeicToJpeg}
        onMinimize={center.minimize}
        onClose={center.close}
      />
    );
  return (
    <>
      {model.modal === 'min' && (
        <DownloadPanel
          model={model}
          onDownload={center.downloadPart}
          onMaximize={center.maximize}
          onClose={center.close}
        />
      )}
      {dialog}
    </>
  );
}
