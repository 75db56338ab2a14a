import { lazyScreen } from '../../ui/lazy-screen.ts';

/*
 * The operator's admin area (issue #24) as a chunk of its own: one import for all of it; its
 * pages are chunks of their own (See: [Note: Lazy screens]).
 */
export const LazyAdminScreens = lazyScreen(() => import('./AdminScreens.tsx').then((m) => m.AdminScreens));
