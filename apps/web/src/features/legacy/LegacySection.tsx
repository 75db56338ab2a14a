import { lazyScreen } from '../../ui/lazy-screen.ts';
import { PartBoundary } from '../../ui/ScreenBoundary.tsx';

const LegacyPanel = lazyScreen(() => import('./LegacyPanel.tsx').then((m) => m.LegacyPanel), {
  messages: 'legacy',
});

/**
 * The digital legacy section (issue #24, spec 001 §2 privacy page), mountable in one line on
 * any settings screen (`<LegacySection />`): a chunk of its own with its own messages (See:
 * [Note: Message areas]), fetched when the screen shows it.
 */
export function LegacySection() {
  return (
    <PartBoundary>
      <LegacyPanel />
    </PartBoundary>
  );
}
