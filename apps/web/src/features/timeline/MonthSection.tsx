import type { RemoteFile, TimelineFilter } from '@trove/contract';
import { memo, useEffect, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { hasAllFiles, useSectionFiles, type GridSource } from '../library/index.ts';
import { HEADER_PX, type SectionBox } from './layout.ts';
import type { TimelineSection } from './sections.ts';

/** Props of {@link MonthSection}. */
export interface MonthSectionProps {
  /** Where the section's files come from. */
  source: GridSource;
  section: TimelineSection;
  box: SectionBox;
  /** Virtual position the layer's origin stands for ([Note: Timeline layout]). */
  base: number;
  filter: TimelineFilter;
  perRow: number;
  size: number;
  rowPitch: number;
  /** Rows in the DOM: the ones near the viewport only ([Note: Timeline layout]). */
  firstRow: number;
  lastRow: number;
  /** Within 200 px of the viewport and not flinging: fetch the files (spec 000 §9). */
  shouldLoad: boolean;
  /** Draws one loaded file; the grid decides what a tile does (open, select, menu). */
  renderTile: (file: RemoteFile, size: number, month: number) => ReactNode;
  /** Told the month's files whenever all of them have (re)loaded: the selection model needs them. */
  onFilesLoaded: (month: number, ids: readonly string[]) => void;
  /** Extra controls in the month header (the select-month checkbox). */
  header?: ReactNode;
}

/**
 * One month of the timeline (spec 000 §4 Timeline section fetch: UNFETCHED → FETCHING →
 * FETCHED). Mounted while within the 400 px retain window, so its query is observed;
 * unmounted sections' files are dropped after a while (see `monthFilesQuery`). Until the
 * files arrive, the visible rows show blank tiles of the right count.
 */
export const MonthSection = memo(function MonthSection(props: MonthSectionProps) {
  const { source, section, box, filter, perRow, size, rowPitch, firstRow, lastRow } = props;
  const intl = useIntl();
  const remote = useSectionFiles(source, section, filter, props.shouldLoad && !section.files);
  const files = section.files ?? remote.data;
  const { onFilesLoaded } = props;
  const isWhole = hasAllFiles(remote, section.count);
  useEffect(() => {
    if (remote.data && isWhole)
      onFilesLoaded(
        section.key,
        remote.data.map((file) => file.id),
      );
  }, [remote.data, isWhole, section.key, onFilesLoaded]);
  const title =
    section.title ??
    intl.formatDate(new Date(section.start * 1000), { year: 'numeric', month: 'long', timeZone: 'UTC' });
  const cells: ReactNode[] = [];
  const from = firstRow * perRow;
  // A big month arrives page by page: rows past the first pages stay blank until they come.
  const isPartial = files !== undefined && remote.isFetching && files.length < section.count;
  const to = Math.min(lastRow * perRow, files && !isPartial ? files.length : section.count);
  for (let index = from; index < to; index++) {
    const row = Math.floor(index / perRow);
    const column = index % perRow;
    const file = files?.[index];
    cells.push(
      <div
        key={file?.id ?? `blank-${String(index)}`}
        className="grid-cell"
        style={{ top: HEADER_PX + row * rowPitch, left: column * rowPitch, width: size, height: size }}
      >
        {file ? props.renderTile(file, size, section.key) : <div className="tile tile--blank" />}
      </div>,
    );
  }
  return (
    <section
      className="month"
      aria-label={title}
      aria-busy={!files}
      data-month={section.start}
      style={{ top: box.top - props.base, height: box.height }}
    >
      <div className="month__header" style={{ height: HEADER_PX }}>
        <h2 className="month__title">{title}</h2>
        {props.header}
      </div>
      {cells}
    </section>
  );
});
