import { OAUTH_CALLBACK_PATH } from '@trove/contract';
import { Route, Routes } from 'react-router';
import { UpgradeBrowserPage } from '../features/errors/UpgradeBrowserPage.tsx';
import { PhotosLayout } from '../features/viewer/PhotosLayout.tsx';
import { UPGRADE_BROWSER_PATH } from './browser-support.ts';
import { lazyScreen } from '../ui/lazy-screen.ts';
import { PageFrame } from './PageFrame.tsx';
import { RequireAuth } from './RequireAuth.tsx';
import { RootRedirect } from './RootRedirect.tsx';
import { ScreenBoundary } from '../ui/ScreenBoundary.tsx';

// See: [Note: Lazy screens]. The timeline (PhotosLayout) is the first screen of a signed-in
// user, so it ships in the entry chunk rather than wait for a second round trip; main.tsx
// needs the upgrade page before the app boots. `messages`: the screen's message area, fetched
// with it (See: [Note: Message areas]).
const AlbumPage = lazyScreen(() => import('../features/albums/AlbumPage.tsx').then((m) => m.AlbumPage), {
  messages: 'albums',
});
const VisitorScreens = lazyScreen(
  () => import('../features/albums/visitor/VisitorScreens.tsx').then((m) => m.VisitorScreens),
  { messages: 'albums' },
);
const AlbumCarouselPage = lazyScreen(
  () => import('../features/albums/AlbumCarouselPage.tsx').then((m) => m.AlbumCarouselPage),
  { messages: 'viewer' },
);
const AlbumsPage = lazyScreen(() => import('../features/albums/AlbumsPage.tsx').then((m) => m.AlbumsPage), {
  messages: 'albums',
});
const AlbumEditPage = lazyScreen(
  () => import('../features/albums/edit/AlbumEditPage.tsx').then((m) => m.AlbumEditPage),
  { messages: 'albums' },
);
const AddPhotosRoute = lazyScreen(
  () => import('../features/albums/edit/AddPhotosRoute.tsx').then((m) => m.AddPhotosRoute),
  { messages: 'albums' },
);
const CommentsPage = lazyScreen(
  () => import('../features/comments/CommentsPage.tsx').then((m) => m.CommentsPage),
  { messages: 'comments' },
);
const LoginPage = lazyScreen(() => import('../features/auth/LoginPage.tsx').then((m) => m.LoginPage));
const OAuthCallbackPage = lazyScreen(() =>
  import('../features/auth/OAuthCallbackPage.tsx').then((m) => m.OAuthCallbackPage),
);
const SignInPage = lazyScreen(() => import('../features/auth/SignInPage.tsx').then((m) => m.SignInPage), {
  messages: 'idp',
});
// The trash's screens route among themselves: the entry chunk carries one import for all
// three (See: [Note: Lazy screens]).
const TrashScreens = lazyScreen(() =>
  import('../features/trash/TrashScreens.tsx').then((m) => m.TrashScreens),
);
const DocumentsPage = lazyScreen(
  () => import('../features/documents/DocumentsPage.tsx').then((m) => m.DocumentsPage),
  { messages: 'documents' },
);
// /share, /albumImage and /selectPhotos: one chunk, one import (spec 000 §2, issue #15).
const ShareScreens = lazyScreen(
  () => import('../features/shares/page/ShareScreens.tsx').then((m) => m.ShareScreens),
  { messages: 'sharePage' },
);
// The operator's admin area (issue #24): one import for all of it; its pages are chunks of their own.
const AdminScreens = lazyScreen(() =>
  import('../features/admin/AdminScreens.tsx').then((m) => m.AdminScreens),
);
const SettingsScreens = lazyScreen(() => import('./SettingsScreens.tsx').then((m) => m.SettingsScreens));
const ErrorPage = lazyScreen(() => import('../features/errors/ErrorPage.tsx').then((m) => m.ErrorPage));
const NotFoundPage = lazyScreen(() =>
  import('../features/errors/NotFoundPage.tsx').then((m) => m.NotFoundPage),
);
const LegalPage = lazyScreen(() => import('../features/legal/LegalPage.tsx').then((m) => m.LegalPage), {
  messages: 'legal',
});

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
          {/* The admin area of operators (issue #24). */}
          <Route path="admin/*" element={<AdminScreens />} />
          {/* spec 000 §2: the trash, and its in-app variants (fromNav=1: a back button). */}
          <Route path="deleted_items/*" element={<TrashScreens />} />
          <Route path="_from_inside_app/deleted_items/*" element={<TrashScreens />} />
          {/* spec 000 §2: the documents list, reached from the settings. */}
          <Route path="documents" element={<DocumentsPage />} />
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
        <Route path={UPGRADE_BROWSER_PATH} element={<UpgradeBrowserPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
