import { lazyScreen } from '../../ui/lazy-screen.ts';

/*
 * The data access screens and parts as chunks of their own, fetched when first shown, with
 * their message area (See: [Note: Lazy screens], [Note: Message areas]).
 */

/** The section's home until /settings/privacy exists (issue #24). */
export const LazyDataAccessPage = lazyScreen(
  () => import('./DataAccessPage.tsx').then((m) => m.DataAccessPage),
  { messages: 'dataAccess' },
);

/** The section itself, for the privacy page: a small wrapper that loads its panel lazily. */
export { DataAccessSection } from './DataAccessSection.tsx';
