import { OAUTH_CALLBACK_PATH } from '@trove/contract';
import { Route, Routes } from 'react-router';
import {
  LazyAddPhotosRoute as AddPhotosRoute,
  LazyAlbumCarouselPage as AlbumCarouselPage,
  LazyAlbumEditPage as AlbumEditPage,
  LazyAlbumPage as AlbumPage,
  LazyAlbumsPage as AlbumsPage,
  LazyVisitorScreens as VisitorScreens,
} from '../features/albums/lazy.ts';
import {
  LazyLoginPage as LoginPage,
  LazyOAuthCallbackPage as OAuthCallbackPage,
  LazySignInPage as SignInPage,
} from '../features/auth/lazy.ts';
import { LazyAdminScreens as AdminScreens } from '../features/admin/lazy.ts';
import { LazyCommentsPage as CommentsPage } from '../features/comments/lazy.ts';
import { LazyCastPage as CastPage } from '../features/cast/lazy.ts';
import { LazyDocumentsPage as DocumentsPage } from '../features/documents/lazy.ts';
import {
  LazyErrorPage as ErrorPage,
  LazyNotFoundPage as NotFoundPage,
  LazyTrackedUpgradeBrowserPage as TrackedUpgradeBrowserPage,
} from '../features/errors/lazy.ts';
import { LazyLegalPage as LegalPage } from '../features/legal/lazy.ts';
import {
  LazyEmailSettingsPage as EmailSettingsPage,
  LazyPrivacyPage as PrivacyPage,
  LazyUnsubscribePage as UnsubscribePage,
} from '../features/privacy/lazy.ts';
import { LazyProfilePicturePage as ProfilePicturePage } from '../features/profile-picture/lazy.ts';
import { LazyShareScreens as ShareScreens } from '../features/shares/lazy.ts';
import { LazyTrashScreens as TrashScreens } from '../features/trash/lazy.ts';
import { PhotosLayout } from '../features/viewer/index.ts';
import { UPGRADE_BROWSER_PATH } from './browser-support.ts';
import { lazyScreen } from '../ui/lazy-screen.ts';
import { PageFrame } from './PageFrame.tsx';
import { RequireAuth } from './RequireAuth.tsx';
import { RootRedirect } from './RootRedirect.tsx';
import { ScreenBoundary } from '../ui/ScreenBoundary.tsx';

// See: [Note: Lazy screens]. The timeline (PhotosLayout) is the first screen of a signed-in
// user, so it ships in the entry chunk rather than wait for a second round trip; main.tsx
// needs the upgrade page before the app boots (its in-app route, which logs an event, is lazy). Every other screen is a feature's lazy.ts,
// fetched with its message area (See: [Note: Message areas]).
const SettingsScreens = lazyScreen(() => import('./SettingsScreens.tsx').then((m) => m.SettingsScreens));

/**
 * The routes that exist so far (spec 000 §2, spec 001 §2). The identity provider's page and
 * the OAuth callback stand outside the page frame: they belong to the login, not the app.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/signin"
        element={
          <ScreenBoundary>
            <SignInPage />
          </ScreenBoundary>
        }
      />
      <Route
        path={OAUTH_CALLBACK_PATH}
        element={
          <ScreenBoundary>
            <OAuthCallbackPage />
          </ScreenBoundary>
        }
      />
      {/* spec 001 §2 Email unsubscribe page: footer hidden, so outside the page frame; no
          sign-in, the link's signed id is the credential. */}
      {/* The TV's receiver page (issue #27): full screen, no account, outside the page frame. */}
      <Route
        path="/tv"
        element={
          <ScreenBoundary>
            <CastPage tv />
          </ScreenBoundary>
        }
      />
      <Route
        path="/settings/unsubscribe"
        element={
          <ScreenBoundary>
            <UnsubscribePage />
          </ScreenBoundary>
        }
      />
      <Route element={<PageFrame />}>
        <Route index element={<RootRedirect />} />
        <Route path="login" element={<LoginPage />} />
        <Route element={<RequireAuth />}>
          {/* /photos and /photos/{fileId}: the timeline, and the viewer over it. */}
          <Route path="photos/*" element={<PhotosLayout />} />
          <Route path="albums" element={<AlbumsPage />} />
          <Route path="albums/:albumId" element={<AlbumPage />} />
          {/* spec 000 §2 album create/edit (default tab a) and the Add photos picker. */}
          <Route path="albums/:albumID/edit/:tab?" element={<AlbumEditPage />} />
          <Route path="editAlbum/:albumIDB64" element={<AlbumEditPage />} />
          <Route path="addPhotos/:albumID" element={<AddPhotosRoute />} />
          <Route path="morePhotos/:albumIDB64" element={<AddPhotosRoute />} />
          {/* spec 000 §2 create-album-after-more-photos: step 2 of a new album, by albumIDB64. */}
          <Route path="createAlbumAfterMorePhotos/:albumIDB64" element={<AlbumEditPage />} />
          {/* spec 000 §2: the album carousel; #autoPlay starts the slideshow. */}
          <Route
            path="carousel/:albumId/:fileId"
            element={
              <ScreenBoundary className="screen-loading--viewer">
                <AlbumCarouselPage />
              </ScreenBoundary>
            }
          />
          {/* The settings hub, devices, takeout and My shared links (issue #23). */}
          <Route path="settings/*" element={<SettingsScreens />} />
          {/* spec 001 §2: the privacy page's in-app variant, and the e-mail settings. */}
          <Route path="_from_inside_app/settings/privacy" element={<PrivacyPage />} />
          <Route path="emailSettings" element={<EmailSettingsPage />} />
          {/* spec 000 §2: choose the profile picture (from the timeline or the device). */}
          <Route path="selectProfilePicture" element={<ProfilePicturePage />} />
          {/* The admin area of operators (issue #24). */}
          <Route path="admin/*" element={<AdminScreens />} />
          {/* spec 000 §2: the trash, and its in-app variants (fromNav=1: a back button). */}
          <Route path="deleted_items/*" element={<TrashScreens />} />
          <Route path="_from_inside_app/deleted_items/*" element={<TrashScreens />} />
          {/* spec 000 §2: the documents list, reached from the settings. */}
          <Route path="documents" element={<DocumentsPage />} />
        </Route>
        {/* Where a TV's QR code leads (issue #27): its code, kept through a login, then pairing. */}
        <Route path="cast" element={<CastPage keep />}>
          <Route element={<RequireAuth />}>
            <Route index element={<CastPage />} />
          </Route>
        </Route>
        {/* spec 000 §2, §6: a shared album by its link, and its login-gated actions. */}
        <Route path="a/:albumId/*" element={<VisitorScreens />} />
        {/* spec 000 §2, §6: a share by its link, its login-gated copy, one album file as a
            share, and the external photo selection (login-gated inside). */}
        <Route path="share/:shareId/*" element={<ShareScreens screen="share" />} />
        <Route path="albumImage/:albumId/:fileId" element={<ShareScreens screen="albumImage" />} />
        <Route path="selectPhotos/*" element={<ShareScreens screen="selectPhotos" />} />
        {/* spec 000 §2: a file's comment side panel, for visitors as well as members. */}
        <Route path="comments/:albumId/:fileId" element={<CommentsPage />} />
        <Route path="error/:code" element={<ErrorPage />} />
        <Route path="legal/terms" element={<LegalPage document="terms" />} />
        <Route path="legal/privacy" element={<LegalPage document="privacy" />} />
        <Route path="legal/notice" element={<LegalPage document="notice" />} />
        <Route path="legal/help" element={<LegalPage document="help" />} />
        <Route path={UPGRADE_BROWSER_PATH} element={<TrackedUpgradeBrowserPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
