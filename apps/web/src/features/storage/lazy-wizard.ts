import { lazyScreen } from '../../ui/lazy-screen.ts';

/**
 * The subscribe wizard (spec 001 §4), opened by the modal queue and the storage page: a file
 * of its own, so the storage page and its loader (lazy.ts) do not import each other.
 */
export const LazySubscribeWizard = lazyScreen(
  () => import('./SubscribeWizard.tsx').then((m) => m.SubscribeWizard),
  { messages: 'storage' },
);
