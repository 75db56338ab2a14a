import { useState } from 'react';
import { Route, Routes, useLocation, useMatch, type Location } from 'react-router';
import { lazyScreen } from '../../ui/lazy-screen.ts';
import { ScreenBoundary } from '../../ui/ScreenBoundary.tsx';
import { TimelinePage } from '../timeline/index.ts';

// See: [Note: Lazy screens]. The viewer is fetched on the first photo opened, with its messages.
const ViewerPage = lazyScreen(() => import('./ViewerPage.tsx').then((m) => m.ViewerPage), {
  messages: 'viewer',
});

/** Where the timeline is drawn while the viewer was opened by URL: the plain timeline. */
const PLAIN_TIMELINE: Location = { pathname: '/photos', search: '', hash: '', state: null, key: 'default' };

/**
 * Routes /photos and /photos/{fileId} (spec 000 §2; mounted at `photos/*`). The timeline
 * stays mounted under the full-screen viewer, drawn at the last timeline location (its
 * `?filter`), so leaving the viewer finds the grid where it was: same filter, same scroll
 * position, nothing fetched again.
 */
export function PhotosLayout() {
  const location = useLocation();
  const isTimeline = useMatch('/photos') !== null;
  const [background, setBackground] = useState<Location | null>(isTimeline ? location : null);
  // Follows the timeline's own location (filter changes) while it is the page on screen.
  if (isTimeline && background !== location) setBackground(location);
  return (
    <>
      <Routes location={isTimeline ? location : (background ?? PLAIN_TIMELINE)}>
        <Route path="*" element={<TimelinePage />} />
      </Routes>
      <Routes>
        {/* Opened from the timeline in this tab, the entry before the viewer's is the timeline. */}
        <Route
          path=":fileId"
          element={
            <ScreenBoundary className="screen-loading--viewer">
              <ViewerPage cameFromTimeline={background !== null} />
            </ScreenBoundary>
          }
        />
        <Route path="*" element={null} />
      </Routes>
    </>
  );
}
