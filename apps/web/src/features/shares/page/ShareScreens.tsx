import '../../../styles/share-page.css';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { useLoginState } from '../../../api/login-store.ts';
import { RequireAuth } from '../../../app/RequireAuth.tsx';
import { PartBoundary } from '../../../ui/ScreenBoundary.tsx';
import { ModalQueueGate } from '../../account-modals/index.ts';
import { AlbumImagePage } from './AlbumImagePage.tsx';
import { CopySharePage } from './CopySharePage.tsx';
import { SelectPhotosDonePage } from './SelectPhotosDonePage.tsx';
import { SelectPhotosPage } from './SelectPhotosPage.tsx';
import { SharePage } from './SharePage.tsx';

/** Which of the share screens' routes is mounted (see {@link ShareScreens}). */
export type ShareScreen = 'share' | 'albumImage' | 'selectPhotos';

/**
 * The receiving side of shares, one chunk for three routes (spec 000 §2; See: [Note: Lazy
 * screens]): `/share/{shareId}` and its login-gated `copyShare`, `/albumImage/{albumId}/
 * {fileId}`, and `/selectPhotos` (login-gated) with its end `/selectPhotos/{id}`. The
 * login-gated ones stand behind RequireAuth, which sends a signed-out user to the login with
 * this path to come back to, so the action resumes after sign-in (spec 000 §6: a pending
 * action remembered).
 */
export function ShareScreens({ screen }: { screen: ShareScreen }) {
  switch (screen) {
    case 'share':
      return <ShareRoutes />;
    case 'albumImage':
      return <AlbumImagePage />;
    case 'selectPhotos':
      return (
        <Routes>
          <Route element={<RequireAuth />}>
            <Route index element={<SelectPhotosPage />} />
            <Route path=":shareId" element={<SelectPhotosDonePage />} />
          </Route>
          <Route path="*" element={<Navigate to="/selectPhotos" replace />} />
        </Routes>
      );
  }
}

function ShareRoutes() {
  const { shareId = '' } = useParams();
  return (
    <Routes>
      <Route
        index
        element={
          <>
            <SharePage />
            <SignedInModals />
          </>
        }
      />
      <Route element={<RequireAuth />}>
        <Route path="copyShare" element={<CopySharePage />} />
      </Route>
      <Route path="*" element={<Navigate to={`/share/${encodeURIComponent(shareId)}`} replace />} />
    </Routes>
  );
}

/**
 * The share page is open to everyone, so it stands outside RequireAuth and its modal queue;
 * a signed-in receiver meets the queue here too: a read-only user's copy waits on this page
 * for the subscription prompt (spec 001 §4 modal queue, CopySharePage), and terms or a card
 * are asked as anywhere else in the app.
 */
function SignedInModals() {
  const { status } = useLoginState();
  if (status !== 'AUTHENTICATED') return null;
  return (
    <PartBoundary>
      <ModalQueueGate />
    </PartBoundary>
  );
}
