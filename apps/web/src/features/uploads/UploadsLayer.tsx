import { useEffect } from 'react';
import { useLoginState } from '../auth/login-store.ts';
import { DropOverlay } from './DropOverlay.tsx';
import { useUploader } from './UploaderProvider.tsx';
import { UploadPanel } from './UploadPanel.tsx';

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
  return (
    <>
      <DropOverlay />
      <UploadPanel />
    </>
  );
}

/** The drop overlay and the upload panel (spec 000 §2), for signed-in users only. */
export function UploadsLayer() {
  const { status } = useLoginState();
  return status === 'AUTHENTICATED' ? <SignedInUploads /> : null;
}
