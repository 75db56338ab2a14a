import { lazyScreen } from '../../ui/lazy-screen.ts';

/*
 * The trash's screens route among themselves: one chunk, one import for all three (See:
 * [Note: Lazy screens]).
 */

export const LazyTrashScreens = lazyScreen(() => import('./TrashScreens.tsx').then((m) => m.TrashScreens));
