import { lazyScreen } from '../../ui/lazy-screen.ts';

/*
 * /share, /albumImage and /selectPhotos: one chunk, one import (spec 000 §2, issue #15; See:
 * [Note: Lazy screens]), with the share pages' messages (See: [Note: Message areas]).
 */

export const LazyShareScreens = lazyScreen(
  () => import('./page/ShareScreens.tsx').then((m) => m.ShareScreens),
  {
    messages: 'sharePage',
  },
);
