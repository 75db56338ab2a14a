/*
 * The digital legacy as a lazily loaded part (See: [Note: Lazy screens], [Note: Message
 * areas]): the privacy page mounts `<LegacySection />`.
 */

/** The section itself: a small wrapper that loads its panel and messages lazily. */
export { LegacySection } from './LegacySection.tsx';
