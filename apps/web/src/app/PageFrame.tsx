import { useEffect, useState } from 'react';
import { installLeaveWarning, pendingOperations } from '../api/pending-operations.ts';
import { useIntl } from 'react-intl';
import { Outlet } from 'react-router';
import { AlbumPickerLayer } from '../features/albums/index.ts';
import { DownloadsLayer } from '../features/downloads/index.ts';
import { ShareDialogLayer } from '../features/shares/index.ts';
import { UploaderProvider, UploadsLayer } from '../features/uploads/index.ts';
import { Footer } from './Footer.tsx';
import { OfflineBanner } from './OfflineBanner.tsx';
import { lazyScreen } from '../ui/lazy-screen.ts';
import { PartBoundary, ScreenBoundary } from '../ui/ScreenBoundary.tsx';
import { TopBar } from './TopBar.tsx';

// Fetched when first opened (See: [Note: Lazy screens]).
const SideMenu = lazyScreen(() => import('./SideMenu.tsx').then((m) => m.SideMenu));

/**
 * The page frame of spec 000 §2: 56 px top bar, side menu, the screen, and the footer,
 * with the app's one upload queue, its panel and the drop overlay, the download center, and
 * the dialogs any screen may ask for: the share dialog and the album picker (See: [Note:
 * Dialog requests]).
 */
export function PageFrame() {
  const intl = useIntl();
  // spec 000 §4: 'Changes might be lost' while any change is pending (See: [Note: Leave warning]).
  useEffect(
    () => installLeaveWarning(pendingOperations, () => intl.formatMessage({ id: 'upload.leaveWarning' })),
    [intl],
  );
  const [isSideMenuOpen, setIsSideMenuOpen] = useState(false);
  return (
    <UploaderProvider>
      <div className="frame">
        <a className="skip-link" href="#main">
          {intl.formatMessage({ id: 'frame.skipToContent' })}
        </a>
        <TopBar
          isSideMenuOpen={isSideMenuOpen}
          onOpenSideMenu={() => {
            setIsSideMenuOpen(true);
          }}
        />
        <OfflineBanner />
        {isSideMenuOpen && (
          <PartBoundary>
            <SideMenu
              onClose={() => {
                setIsSideMenuOpen(false);
              }}
            />
          </PartBoundary>
        )}
        <main id="main" className="frame__main" tabIndex={-1}>
          <ScreenBoundary>
            <Outlet />
          </ScreenBoundary>
        </main>
        <Footer />
      </div>
      <UploadsLayer />
      <DownloadsLayer />
      <ShareDialogLayer />
      <AlbumPickerLayer />
    </UploaderProvider>
  );
}
