import { lazyScreen } from '../../../ui/lazy-screen.ts';

/**
 * The share dialog as its own chunk, fetched when someone first asks to share, so the
 * timeline's first load carries only this loader (See: [Note: Lazy screens]). Its messages
 * come with it (See: [Note: Message areas]). Render it inside a `PartBoundary`.
 */
export const LazyShareDialog = lazyScreen(() => import('./ShareDialog.tsx').then((m) => m.ShareDialog), {
  messages: 'shareDialog',
});
