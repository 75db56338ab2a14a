import { lazyScreen } from '../../ui/lazy-screen.ts';
import { PartBoundary } from '../../ui/ScreenBoundary.tsx';

const DataAccessPanel = lazyScreen(() => import('./DataAccessPanel.tsx').then((m) => m.DataAccessPanel), {
  messages: 'dataAccess',
});

/**
 * The data access section (issue #24), mountable in one line on any settings screen
 * (`<DataAccessSection />`): a chunk of its own with its own messages (See: [Note: Message
 * areas]), fetched when the screen shows it. Meant for the privacy page (spec 001 §2); until
 * that page exists it lives on /settings/data-access (DataAccessPage).
 */
export function DataAccessSection() {
  return (
    <PartBoundary>
      <DataAccessPanel />
    </PartBoundary>
  );
}
