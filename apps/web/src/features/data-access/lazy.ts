import { lazyScreen } from '../../ui/lazy-screen.ts';

/*
 * The data access screens and parts as chunks of their own, fetched when first shown, with
 * their message area (See: [Note: Lazy screens], [Note: Message areas]).
 */

/** The section itself, for the privacy page: a small wrapper that loads its panel lazily. */
export { DataAccessSection } from './DataAccessSection.tsx';
