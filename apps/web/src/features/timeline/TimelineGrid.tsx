import type { RemoteFile, TimelineFilter } from '@trove/contract';
import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import type { Point } from '../file-actions/ContextMenu.tsx';
import { FileContextMenu } from '../file-actions/FileContextMenu.tsx';
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
import { Tile } from './Tile.tsx';
import { useGridViewport } from './use-grid-viewport.ts';

/** The fast scroller shows collapsed when the side margin is 70 px or less (spec 000 §2). */
const COLLAPSE_AT_MARGIN_PX = 70;

/** Props of {@link TimelineGrid}. */
export interface TimelineGridProps {
  jobId: string;
  sections: readonly TimelineSection[];
  /** The type filter the server applies to each month's files. */
  filter: TimelineFilter;
}

/**
 * The timeline grid (spec 000 §2 Timeline): months sized from their counts, only the rows
 * near the viewport in the DOM, the scroll range scaled past the browsers' height cap
 * (see [Note: Timeline layout]), sections loading within 200 px of the viewport unless the
 * user is flinging, and the year/month fast scroller on the right.
 */
export function TimelineGrid({ jobId, sections, filter }: TimelineGridProps) {
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
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
  const top = toVirtual(scale, viewport.scrollTop);
  const bottom = top + viewport.height;
  // Real and virtual positions differ once scaled: one layer moves all sections so the
  // virtual position `top` sits at the real scroll position.
  const offset = viewport.scrollTop - top;
  const retained = sectionsBetween(layout.boxes, top - RETAIN_MARGIN_PX, bottom + RETAIN_MARGIN_PX);

  const [menu, setMenu] = useState<{ file: RemoteFile; position: Point; anchor: HTMLElement } | null>(null);
  const openMenu = useCallback(
    (file: RemoteFile, event: MouseEvent<HTMLElement>) => {
      event.preventDefault();
      const rect = event.currentTarget.getBoundingClientRect();
      // The context-menu key (or Shift+F10) reports (0, 0): open at the tile's centre.
      const isKeyboard = event.clientX === 0 && event.clientY === 0;
      const position = isKeyboard
        ? { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 }
        : { x: event.clientX, y: event.clientY };
      setMenu({ file, position, anchor: event.currentTarget });
    },
    [setMenu],
  );
  const renderTile = useCallback(
    (file: RemoteFile, size: number) => (
      <Tile
        file={file}
        size={size}
        onOpen={() => {
          void navigate(`/photos/${encodeURIComponent(file.id)}`);
        }}
        onContextMenu={(event) => {
          openMenu(file, event);
        }}
      />
    ),
    [navigate, openMenu],
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
    <div className="timeline-grid" ref={ref} style={{ height: scale.height }}>
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
              jobId={jobId}
              section={section}
              box={box}
              filter={filter}
              perRow={layout.perRow}
              size={layout.size}
              rowPitch={layout.rowPitch}
              firstRow={rows.first}
              lastRow={rows.last}
              shouldLoad={isNear && !viewport.isFast}
              renderTile={renderTile}
            />
          );
        })}
      </div>
      <FastScroller
        sections={sections}
        boxes={layout.boxes}
        total={layout.total}
        top={top}
        viewportHeight={viewport.height}
        isCollapsed={viewport.sideMargin <= COLLAPSE_AT_MARGIN_PX}
        onScrollTo={scrollToVirtual}
      />
      {menu && (
        <FileContextMenu
          file={menu.file}
          jobId={jobId}
          isOwner
          position={menu.position}
          returnFocusTo={menu.anchor}
          onClose={() => {
            setMenu(null);
          }}
        />
      )}
    </div>
  );
}
