/*
 * The data access section for the privacy page (See: [Note: Lazy screens], [Note: Message
 * areas]): a small wrapper that loads its panel, a chunk of its own, with its messages.
 */
export { DataAccessSection } from './DataAccessSection.tsx';
