import { Navigate, Route, Routes, useParams } from 'react-router';
import { RequireAuth } from '../../../app/RequireAuth.tsx';
import { VisitorActionPage } from './VisitorActionPage.tsx';
import { VisitorAlbumPage } from './VisitorAlbumPage.tsx';

/**
 * Routes /a/{albumId}/… (spec 000 §2), one chunk: the album by its link for anyone (and its
 * carousel, /a/{albumId}/carousel/{fileId}), and
 * the login-gated actions `subscribe`, `copyAlbum`, `{fileId}/copyAlbum` and `createNew`
 * behind RequireAuth, which sends a signed-out user to the login with this path to come
 * back to, so the action resumes after sign-in. Registered as one route so the entry
 * chunk carries one lazy screen, not five (See: [Note: Lazy screens]).
 */
export function VisitorScreens() {
  const { albumId = '' } = useParams();
  return (
    <Routes>
      <Route index element={<VisitorAlbumPage />} />
      {/* The album's viewer for its visitors (issue #23), over the album page. */}
      <Route path="carousel/:fileId" element={<VisitorAlbumPage />} />
      <Route element={<RequireAuth />}>
        <Route path="subscribe" element={<VisitorActionPage action="subscribe" />} />
        <Route path="copyAlbum" element={<VisitorActionPage action="copyAlbum" />} />
        <Route path=":fileId/copyAlbum" element={<VisitorActionPage action="copyAlbum" />} />
        <Route path="createNew" element={<VisitorActionPage action="createNew" />} />
      </Route>
      <Route path="*" element={<Navigate to={`/a/${encodeURIComponent(albumId)}`} replace />} />
    </Routes>
  );
}
