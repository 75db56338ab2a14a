import { lazyScreen } from '../../ui/lazy-screen.ts';
import { PartBoundary } from '../../ui/ScreenBoundary.tsx';

const DataAccessPanel = lazyScreen(() => import('./DataAccessPanel.tsx').then((m) => m.DataAccessPanel), {
  messages: 'dataAccess',
});

/**
 * The data access section (issue #24), mountable in one line on any settings screen
 * (`<DataAccessSection />`): a chunk of its own with its own messages (See: [Note: Message
 * areas]), fetched when the screen shows it. Mounted by the privacy page (spec 001 §2).
 */
export function DataAccessSection() {
  return (
    <PartBoundary>
      <DataAccessPanel />
    </PartBoundary>
  );
}
