import type { RemoteFile } from '@trove/contract';
import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useIntl } from 'react-intl';
import { hasAllFiles, useSectionFiles, type GridSource } from '../../library/index.ts';
import {
  HEADER_PX,
  LOAD_MARGIN_PX,
  RETAIN_MARGIN_PX,
  SPACING,
  boxAt,
  sectionsBetween,
  type TimelineSection,
  LazySelectionBar,
  useGridTiles,
  type FileMenuRequest,
  useGridViewport,
  useTimelineSelection,
} from '../../timeline/index.ts';
import { aspectOf, flowRowsBetween, layoutFlow, type FlowBox } from './flow-layout.ts';

/** Props of {@link FlowGrid}. */
export interface FlowGridProps {
  source: GridSource;
  sections: readonly TimelineSection[];
  renderFileMenu?: (request: FileMenuRequest) => ReactNode;
  /** Drawn over each tile (the file's comment counts). */
  renderTileOverlay?: (file: RemoteFile) => ReactNode;
}

/**
 * The album's flow view (spec 000 §3 viewMode flow; see [Note: Album flow layout]): the
 * timeline grid's behaviour (sections loading near the viewport and not while flinging,
 * only the rows near it in the DOM, selection, the file menu, the selection bar) with
 * justified rows that keep each picture's aspect ratio.
 */
export function FlowGrid({ source, sections, renderFileMenu, renderTileOverlay }: FlowGridProps) {
  const ref = useRef<HTMLDivElement>(null);
  // The flow is never scaled: an album's rows stay far below the browsers' height cap.
  const ratio = useRef(1);
  const viewport = useGridViewport(ref, ratio);
  const selection = useTimelineSelection(source, sections, 'all');
  const tiles = useGridTiles(source, selection, renderFileMenu, false, renderTileOverlay);
  const [aspects, setAspects] = useState<ReadonlyMap<number, readonly number[]>>(() => new Map());
  const { monthLoaded } = selection.actions;
  const handleLoaded = useCallback(
    (key: number, files: readonly RemoteFile[], isWhole: boolean) => {
      // The layout takes a first load's pages as they come; the selection only the whole month.
      if (isWhole)
        monthLoaded(
          key,
          files.map((file) => file.id),
        );
      const next = files.map(aspectOf);
      setAspects((previous) => {
        const old = previous.get(key);
        if (old?.length === next.length && old.every((aspect, index) => aspect === next[index]))
          return previous;
        return new Map(previous).set(key, next);
      });
    },
    [monthLoaded],
  );
  const layout = useMemo(
    () => layoutFlow(sections, aspects, viewport.width, viewport.isMobile),
    [sections, aspects, viewport.width, viewport.isMobile],
  );
  useKeepAnchor(sections, layout.boxes, viewport.scrollTop);
  const top = viewport.scrollTop;
  const bottom = top + viewport.height;
  const retained = sectionsBetween(layout.boxes, top - RETAIN_MARGIN_PX, bottom + RETAIN_MARGIN_PX);

  return (
    <div
      className="timeline-grid flow-grid"
      ref={ref}
      style={{ height: layout.total }}
      onMouseLeave={() => {
        selection.actions.hover(undefined);
      }}
    >
      <div className="timeline-grid__layer">
        {retained.map((index) => {
          const section = sections[index];
          const box = layout.boxes[index];
          if (!section || !box) return null;
          const isNear = box.top < bottom + LOAD_MARGIN_PX && box.top + box.height > top - LOAD_MARGIN_PX;
          return (
            <FlowSection
              key={section.key}
              source={source}
              section={section}
              box={box}
              from={top - RETAIN_MARGIN_PX}
              to={bottom + RETAIN_MARGIN_PX}
              shouldLoad={isNear && !viewport.isFast}
              renderTile={tiles.renderTile}
              onFilesLoaded={handleLoaded}
              header={tiles.renderMonthControls(
                section,
                section.title === undefined && sections[index - 1]?.year !== section.year,
              )}
            />
          );
        })}
      </div>
      {tiles.menu}
      <LazySelectionBar source={source} sections={sections} filter="all" selection={selection} />
    </div>
  );
}

/**
 * Keeps the section at the top of the window where it was when sections above it change
 * height (their files arrived and their estimate became real rows).
 */
function useKeepAnchor(sections: readonly TimelineSection[], boxes: readonly FlowBox[], scrollTop: number) {
  const previous = useRef<{ keys: number[]; boxes: readonly FlowBox[] } | null>(null);
  const scrollTopRef = useRef(scrollTop);
  useLayoutEffect(() => {
    scrollTopRef.current = scrollTop;
  }, [scrollTop]);
  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = { keys: sections.map((section) => section.key), boxes };
    const y = scrollTopRef.current;
    if (!before || y <= 0) return;
    const index = boxAt(before.boxes, y);
    const key = before.keys[index];
    const now = boxes[sections.findIndex((section) => section.key === key)];
    const old = before.boxes[index];
    if (!now || !old || now.top === old.top) return;
    window.scrollBy(0, now.top - old.top);
  }, [sections, boxes]);
}

/** Props of {@link FlowSection}. */
interface FlowSectionProps {
  source: GridSource;
  section: TimelineSection;
  box: FlowBox;
  /** The rows drawn are those within [from, to) of the grid. */
  from: number;
  to: number;
  shouldLoad: boolean;
  renderTile: (file: RemoteFile, size: number, month: number) => ReactNode;
  /** The section's files as they load; `isWhole` once all of them have (See: hasAllFiles). */
  onFilesLoaded: (key: number, files: readonly RemoteFile[], isWhole: boolean) => void;
  header: ReactNode;
}

/** One section of the flow: its header, and its justified rows near the viewport. */
const FlowSection = memo(function FlowSection(props: FlowSectionProps) {
  const { source, section, box, renderTile, onFilesLoaded } = props;
  const intl = useIntl();
  const remote = useSectionFiles(source, section, 'all', props.shouldLoad);
  const files = remote.data;
  const isWhole = hasAllFiles(remote, section.count);
  useEffect(() => {
    if (files) onFilesLoaded(section.key, files, isWhole);
  }, [files, isWhole, section.key, onFilesLoaded]);
  const title =
    section.title ??
    intl.formatDate(new Date(section.start * 1000), { year: 'numeric', month: 'long', timeZone: 'UTC' });
  const origin = box.top + HEADER_PX;
  const cells: ReactNode[] = [];
  const rows = box.flowRows ?? [];
  const { first, last } = flowRowsBetween(rows, props.from - origin, props.to - origin);
  for (let index = first; index < last; index++) {
    const row = rows[index];
    if (!row) continue;
    let left = 0;
    row.widths.forEach((width, column) => {
      const file = files?.[row.start + column];
      if (file) {
        cells.push(
          <div
            key={file.id}
            className="grid-cell"
            style={{ top: HEADER_PX + row.top, left, width, height: row.height }}
          >
            {renderTile(file, Math.max(width, row.height), section.key)}
          </div>,
        );
      }
      left += width + SPACING;
    });
  }
  return (
    <section
      className="month"
      aria-label={title}
      aria-busy={!files}
      data-month={section.start}
      style={{ top: box.top, height: box.height }}
    >
      <div className="month__header" style={{ height: HEADER_PX }}>
        <h2 className="month__title">{title}</h2>
        {props.header}
      </div>
      {cells}
    </section>
  );
});
