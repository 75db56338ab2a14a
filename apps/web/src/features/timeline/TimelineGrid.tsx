import type { RemoteFile, TimelineFilter } from '@trove/contract';
import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import type { GridSource } from '../library/index.ts';
import { isSelecting, type Selection } from '../selection/index.ts';
import { FastScroller } from './FastScroller.tsx';
import {
  LOAD_MARGIN_PX,
  RETAIN_MARGIN_PX,
  layoutGrid,
  rowsBetween,
  scrollScale,
  sectionsBetween,
  toReal,
  toVirtual,
} from './layout.ts';
import { MonthSection } from './MonthSection.tsx';
import type { TimelineSection } from './sections.ts';
import { LazySelectionBar } from './LazySelectionBar.tsx';
import { useGridTiles, type FileMenuRequest } from './use-grid-tiles.tsx';
import { useGridViewport } from './use-grid-viewport.ts';
import { useTimelineSelection } from './use-timeline-selection.ts';

/** Sections are placed relative to a multiple of this (see `base` below). */
const LAYER_BASE_STEP_PX = 1_000_000;

/** The fast scroller shows collapsed when the side margin is 70 px or less (spec 000 §2). */
const COLLAPSE_AT_MARGIN_PX = 70;

/** Props of {@link TimelineGrid}. */
export interface TimelineGridProps {
  /** Where the files come from: the timeline's months, or another job's (an album). */
  source: GridSource;
  sections: readonly TimelineSection[];
  /** The type filter the server applies to each month's files. */
  filter: TimelineFilter;
  /**
   * A picker (spec 000 §2 Add photos picker): always in select mode, no file menu, and
   * this bar in place of the selection bar.
   */
  renderPickerBar?: (selection: Selection) => ReactNode;
  /** The file menu; the timeline's (FileContextMenu) when not given. */
  renderFileMenu?: (request: FileMenuRequest) => ReactNode;
  /** Drawn over each tile (an album's comment counts). */
  renderTileOverlay?: (file: RemoteFile) => ReactNode;
}

/**
 * The timeline grid (spec 000 §2 Timeline): months sized from their counts, only the rows
 * near the viewport in the DOM, the scroll range scaled past the browsers' height cap
 * (see [Note: Timeline layout]), sections loading within 200 px of the viewport unless the
 * user is flinging, and the year/month fast scroller on the right.
 */
export function TimelineGrid({
  source,
  sections,
  filter,
  renderPickerBar,
  renderFileMenu,
  renderTileOverlay,
}: TimelineGridProps) {
  const ref = useRef<HTMLDivElement>(null);
  const ratio = useRef(1);
  const viewport = useGridViewport(ref, ratio);
  const layout = useMemo(
    () => layoutGrid(sections, viewport.width, viewport.isMobile),
    [sections, viewport.width, viewport.isMobile],
  );
  const scale = scrollScale(layout.total, viewport.height);
  useEffect(() => {
    ratio.current = scale.ratio;
  }, [scale.ratio]);
  // While the grid is still below the top of the window nothing is scaled: the newest
  // month starts right under the header.
  const top = viewport.scrollTop <= 0 ? viewport.scrollTop : toVirtual(scale, viewport.scrollTop);
  const bottom = top + viewport.height;
  // Real and virtual positions differ once scaled: one layer moves all sections so the
  // virtual position `top` sits at the real scroll position. Sections are placed relative
  // to `base`, a round number near `top`, because browsers clamp CSS lengths past ~33.5 M px.
  const base = Math.floor(Math.max(0, top) / LAYER_BASE_STEP_PX) * LAYER_BASE_STEP_PX;
  const offset = viewport.scrollTop - top + base;
  const retained = sectionsBetween(layout.boxes, top - RETAIN_MARGIN_PX, bottom + RETAIN_MARGIN_PX);

  const selection = useTimelineSelection(source, sections, filter);
  const tiles = useGridTiles(
    source,
    selection,
    renderFileMenu,
    renderPickerBar !== undefined,
    renderTileOverlay,
  );

  const scrollToVirtual = useCallback(
    (virtual: number) => {
      const element = ref.current;
      if (!element) return;
      const gridTop = element.getBoundingClientRect().top + window.scrollY;
      window.scrollTo({ top: gridTop + toReal(scale, virtual) });
    },
    [scale],
  );

  return (
    <div
      className="timeline-grid"
      ref={ref}
      style={{ height: scale.height }}
      onMouseLeave={() => {
        selection.actions.hover(undefined);
      }}
    >
      <div className="timeline-grid__layer" style={{ transform: `translateY(${String(offset)}px)` }}>
        {retained.map((index) => {
          const section = sections[index];
          const box = layout.boxes[index];
          if (!section || !box) return null;
          const rows = rowsBetween(box, layout.rowPitch, top - RETAIN_MARGIN_PX, bottom + RETAIN_MARGIN_PX);
          const isNear = box.top < bottom + LOAD_MARGIN_PX && box.top + box.height > top - LOAD_MARGIN_PX;
          return (
            <MonthSection
              key={section.key}
              source={source}
              section={section}
              box={box}
              base={base}
              filter={filter}
              perRow={layout.perRow}
              size={layout.size}
              rowPitch={layout.rowPitch}
              firstRow={rows.first}
              lastRow={rows.last}
              shouldLoad={isNear && !viewport.isFast}
              renderTile={tiles.renderTile}
              onFilesLoaded={selection.actions.monthLoaded}
              header={tiles.renderMonthControls(
                section,
                // A titled section (an album by date added) is no month of any year.
                section.title === undefined && sections[index - 1]?.year !== section.year,
              )}
            />
          );
        })}
      </div>
      {sections[0]?.title === undefined && (
        <FastScroller
          sections={sections}
          boxes={layout.boxes}
          total={layout.total}
          top={top}
          viewportHeight={viewport.height}
          isCollapsed={viewport.sideMargin <= COLLAPSE_AT_MARGIN_PX}
          mode={renderPickerBar || isSelecting(selection.state) ? 'select' : 'regular'}
          onScrollTo={scrollToVirtual}
        />
      )}
      {tiles.menu}
      {renderPickerBar ? (
        renderPickerBar(selection)
      ) : (
        <LazySelectionBar source={source} sections={sections} filter={filter} selection={selection} />
      )}
    </div>
  );
}
