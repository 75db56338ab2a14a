import { lazyScreen } from '../../ui/lazy-screen.ts';

/*
 * The terms prompt and the cards after sign-in (spec 001 §4): a lazy part, outside the first
 * load of /photos (See: [Note: Lazy screens]).
 */
export const LazyModalQueue = lazyScreen(() => import('./ModalQueue.tsx').then((m) => m.ModalQueue), {
  messages: 'accountModals',
});
