import { lazyScreen } from '../../ui/lazy-screen.ts';

/*
 * The file menu as its own chunk, fetched on the first right-click (See: [Note: Lazy screens]).
 * Render it inside a PartBoundary.
 */

export const LazyFileContextMenu = lazyScreen(() =>
  import('./FileContextMenu.tsx').then((m) => m.FileContextMenu),
);
