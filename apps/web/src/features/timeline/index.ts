/*
 * The timeline's face (See: [Note: Feature faces]): its page, and the grid an album draws its
 * files with: the virtualised grid, its tiles and menu, viewport, selection and bar, the
 * layout's measures and the sections of months or recents windows.
 */
export { TimelinePage } from './TimelinePage.tsx';
export { TimelineGrid } from './TimelineGrid.tsx';
export { useGridTiles, type FileMenuRequest } from './use-grid-tiles.tsx';
export { useGridViewport } from './use-grid-viewport.ts';
export { useTimelineSelection } from './use-timeline-selection.ts';
export { LazySelectionBar } from './LazySelectionBar.tsx';
export {
  GAP_PX,
  HEADER_PX,
  LOAD_MARGIN_PX,
  RETAIN_MARGIN_PX,
  SPACING,
  TILE_DESKTOP,
  TILE_MOBILE,
  boxAt,
  sectionsBetween,
  type SectionBox,
} from './layout.ts';
export {
  TIMELINE_VIEWS,
  countFor,
  defaultRecents,
  isRecents,
  recentCounts,
  recentSections,
  sectionsOf,
  type RecentsView,
  type TimelineSection,
} from './sections.ts';
