import type { ComponentProps } from 'react';
import { lazyScreen } from '../../ui/lazy-screen.ts';
import { PartBoundary } from '../../ui/ScreenBoundary.tsx';
import { isPending, isSelecting } from '../selection/index.ts';

// Fetched with the first selection: the first paint of /photos selects nothing
// (See: [Note: Lazy screens]; the file action registry comes along, not in the first load).
const SelectionBar = lazyScreen(() => import('./SelectionBar.tsx').then((m) => m.SelectionBar));

/** The selection bar, loaded once something is selected or a range is waiting. */
export function LazySelectionBar(props: ComponentProps<typeof SelectionBar>) {
  const { state } = props.selection;
  if (!isSelecting(state) && !isPending(state)) return null;
  return (
    <PartBoundary>
      <SelectionBar {...props} />
    </PartBoundary>
  );
}
