import { useEffect, useState } from 'react';
import { lazyScreen } from '../../ui/lazy-screen.ts';
import { PartBoundary } from '../../ui/ScreenBoundary.tsx';
import { useLoginState } from '../../api/login-store.ts';
import { DropOverlay } from './DropOverlay.tsx';
import { useUploader, useUploaderView } from './UploaderProvider.tsx';

// Fetched when the panel first has something to show (See: [Note: Lazy uploader]).
// Its messages are an area of their own, fetched with it (See: [Note: Message areas]).
const UploadPanel = lazyScreen(() => import('./UploadPanel.tsx').then((m) => m.UploadPanel), {
  messages: 'uploads',
});

/** The signed-in user's upload UI; leaving the session stops and forgets the queue. */
function SignedInUploads() {
  const uploader = useUploader();
  useEffect(
    () => () => {
      uploader.confirmStop();
      uploader.closePanel();
    },
    [uploader],
  );
  const hasPanel = useUploaderView(
    (view) => view.isPanelOpen || view.notice !== null || view.preparing > 0 || view.queue.items.length > 0,
  );
  // Once shown, the panel stays mounted (it hides itself), so it keeps its expanded state.
  const [isPanelMounted, setIsPanelMounted] = useState(false);
  if (hasPanel && !isPanelMounted) setIsPanelMounted(true);
  return (
    <>
      <DropOverlay />
      {isPanelMounted && (
        <PartBoundary>
          <UploadPanel />
        </PartBoundary>
      )}
    </>
  );
}

/** The drop overlay and the upload panel (spec 000 §2), for signed-in users only. */
export function UploadsLayer() {
  const { status } = useLoginState();
  return status === 'AUTHENTICATED' ? <SignedInUploads /> : null;
}
