import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useUploaderView } from './UploaderProvider.tsx';
import { PANEL, firstWindowRow } from './panel-layout.ts';
import { UploadRow } from './UploadRow.tsx';

/**
 * The panel's file list as a virtual window (spec 000 §9): 25 rows of 48 px are rendered
 * wherever the list is scrolled, so 10,000 queued files cost 25 rows.
 */
export function UploadList() {
  const intl = useIntl();
  const count = useUploaderView((view) => view.queue.items.length);
  const [scrollTop, setScrollTop] = useState(0);
  const first = firstWindowRow(scrollTop, count);
  const last = Math.min(count, first + PANEL.windowRows);
  const rows: number[] = [];
  for (let index = first; index < last; index += 1) rows.push(index);
  return (
    <div
      className="upload-list"
      onScroll={(event) => {
        setScrollTop(event.currentTarget.scrollTop);
      }}
    >
      <ul
        className="upload-list__rows"
        aria-label={intl.formatMessage({ id: 'upload.panel.files' })}
        style={{ height: count * PANEL.rowHeight }}
      >
        {rows.map((index) => (
          <UploadRow key={index} index={index} />
        ))}
      </ul>
    </div>
  );
}
