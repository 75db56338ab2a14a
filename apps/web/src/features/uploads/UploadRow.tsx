import { useIntl } from 'react-intl';
import { useUploaderView } from './UploaderProvider.tsx';
import { PANEL } from './panel-layout.ts';
import { itemText } from './summary.ts';
import { itemStatusText } from './upload-texts.ts';

/** One file of the panel's list (spec 000 §4 per-file status text), absolutely placed. */
export function UploadRow({ index }: { index: number }) {
  const intl = useIntl();
  const item = useUploaderView((view) => view.queue.items[index]);
  const connection = useUploaderView((view) => view.queue.connection);
  const isOutOfStorage = useUploaderView((view) => view.queue.isOutOfStorage);
  const retryItem = useUploaderView((view) => view.retry?.itemId ?? null);
  const retrySeconds = useUploaderView((view) => view.retry?.seconds ?? 0);
  if (!item) return null;
  const text = itemText(item, { connection, isOutOfStorage }, { itemId: retryItem, seconds: retrySeconds });
  const isProblem =
    text.kind === 'rejected' ||
    text.kind === 'outOfStorage' ||
    text.kind === 'mediaFailed' ||
    text.kind === 'timelineCopyFailed';
  return (
    <li
      className={`upload-row upload-row--${text.kind}`}
      style={{ top: index * PANEL.rowHeight, height: PANEL.rowHeight }}
    >
      <span
        className="upload-row__name"
        title={item.targetFolder ? `${item.targetFolder}/${item.name}` : item.name}
      >
        {item.name}
      </span>
      <span className={`upload-row__status${isProblem ? ' upload-row__status--problem' : ''}`}>
        {itemStatusText(intl, text)}
      </span>
      {text.kind === 'uploading' && (
        <span className="upload-row__bar" aria-hidden="true">
          <span style={{ width: `${String(text.percent)}%` }} />
        </span>
      )}
    </li>
  );
}
