import { BREAKPOINTS, GRID_ELEMENT, HEADER_HEIGHT } from './constants.ts';

/** The layout constants of spec 000 §2, §9 (See: [Note: Layout constants] in constants.ts). */
export const LAYOUT = {
  /** Header height (spec 000 §2). */
  headerHeight: HEADER_HEIGHT,
  /** A right side panel, full width under the mobile breakpoint (spec 000 §2). */
  sidePanelWidth: 360,
  /** Modal widths: 512 px, 640 px for flow prompts (spec 000 §9, spec 001 §2). */
  modalWidth: 512,
  flowModalWidth: 640,
  breakpoints: BREAKPOINTS,
  /** Context menu width (spec 000 §2, §9). */
  contextMenuWidth: 200,
  /** Overlay and picker minimum heights: 350 px mobile, 425 px desktop (spec 000 §9). */
  overlayMinHeight: { mobile: 350, desktop: 425 },
  gridElement: GRID_ELEMENT,
  /**
   * Picker grid elements (spec 000 §9): 296 px for one photo, 128 for two or on a desktop,
   * 88 on a phone; up to 5 a row.
   */
  pickerElement: { one: 296, two: 128, desktop: 128, mobile: 88, perRow: 5 },
  /** Album picker dialog: 468 wide, tiles 229x114 desktop, 137x68 mobile (spec 000 §2). */
  albumPicker: { width: 468, tile: { width: 229, height: 114 }, mobileTile: { width: 137, height: 68 } },
} as const;
