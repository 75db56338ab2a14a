/*
 * The selection's face (See: [Note: Feature faces]): the selection of files in a grid or a
 * list (spec 000 §4 Selection), its selectors, the hints, the long press and the bar's frame.
 */
export {
  isPending,
  isSelected,
  isSelecting,
  monthState,
  pendingMonths,
  selectedCount,
  selectedIds,
  statusOf,
  yearState,
  type FileSelectionStatus,
  type GroupSelection,
} from './selectors.ts';
export {
  useSelection,
  type Selection,
  type SelectionActions,
  type SelectionOptions,
} from './use-selection.ts';
export type { MonthKey, SelectionState } from './types.ts';
export {
  HINT_AUTO_HIDE_MS,
  createHints,
  createLocalHintStorage,
  hasFinePointer,
  shouldShowSelectionHint,
  type ScrollerHintMode,
} from './hints.ts';
export { useLongPress } from './long-press.ts';
export { SelectionBarFrame } from './SelectionBarFrame.tsx';
