import { OAUTH_CALLBACK_PATH } from '@trove/contract';
import { Route, Routes } from 'react-router';
import { AlbumPage } from '../features/albums/AlbumPage.tsx';
import { AlbumsPage } from '../features/albums/AlbumsPage.tsx';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { OAuthCallbackPage } from '../features/auth/OAuthCallbackPage.tsx';
import { SignInPage } from '../features/auth/SignInPage.tsx';
import { DevicesPage } from '../features/devices/DevicesPage.tsx';
import { ErrorPage } from '../features/errors/ErrorPage.tsx';
import { NotFoundPage } from '../features/errors/NotFoundPage.tsx';
import { UpgradeBrowserPage } from '../features/errors/UpgradeBrowserPage.tsx';
import { LegalPage } from '../features/legal/LegalPage.tsx';
import { SettingsPage } from '../features/settings/SettingsPage.tsx';
import { PhotosLayout } from '../features/viewer/PhotosLayout.tsx';
import { UPGRADE_BROWSER_PATH } from './browser-support.ts';
import { PageFrame } from './PageFrame.tsx';
import { RequireAuth } from './RequireAuth.tsx';
import { RootRedirect } from './RootRedirect.tsx';

/**
 * The routes that exist so far (spec 000 §2, spec 001 §2). The identity provider's page and
 * the OAuth callback stand outside the page frame: they belong to the login, not the app.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/signin" element={<SignInPage />} />
      <Route path={OAUTH_CALLBACK_PATH} element={<OAuthCallbackPage />} />
      <Route element={<PageFrame />}>
        <Route index element={<RootRedirect />} />
        <Route path="login" element={<LoginPage />} />
        <Route element={<RequireAuth />}>
          {/* /photos and /photos/{fileId}: the timeline, and the viewer over it. */}
          <Route path="photos/*" element={<PhotosLayout />} />
          <Route path="albums" element={<AlbumsPage />} />
          <Route path="albums/:albumId" element={<AlbumPage />} />
          <Route path="settings" element={<SettingsPage />} />
          <Route path="settings/devices" element={<DevicesPage />} />
        </Route>
        <Route path="error/:code" element={<ErrorPage />} />
        <Route path="legal/terms" element={<LegalPage document="terms" />} />
        <Route path="legal/privacy" element={<LegalPage document="privacy" />} />
        <Route path="legal/notice" element={<LegalPage document="notice" />} />
        <Route path={UPGRADE_BROWSER_PATH} element={<UpgradeBrowserPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
