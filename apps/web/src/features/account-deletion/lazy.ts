import { lazyScreen } from '../../ui/lazy-screen.ts';

/**
 * The account deletion section as a lazy part with its own messages (See: [Note: Message
 * areas]): the privacy page mounts it in one line, inside its Suspense boundary.
 */
export const LazyAccountDeletionSection = lazyScreen(
  () => import('./AccountDeletionSection.tsx').then((m) => m.AccountDeletionSection),
  { messages: 'accountDeletion' },
);
