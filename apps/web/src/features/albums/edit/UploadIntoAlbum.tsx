import { useMemo, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useDropClaim, PhotoPicker, type PickedFile, useUploader } from '../../uploads/index.ts';
import { AlsoTimelineDialog } from '../AlsoTimelineDialog.tsx';

/**
 * Files from the device into the album: taken (picked or dropped), the timeline question of
 * spec 000 §4 asked, then queued into the album. `dialog` is that question while it is open.
 */
function useUploadIntoAlbum(albumId: string): { take: (picked: PickedFile[]) => void; dialog: ReactNode } {
  const uploader = useUploader();
  const [picked, setPicked] = useState<readonly PickedFile[] | null>(null);
  const add = (alsoTimeline: boolean) => {
    if (!picked) return;
    setPicked(null);
    uploader.addFiles(picked, { jobId: albumId, alsoTimeline }).catch(() => {
      uploader.showNotice('addFailed');
    });
  };
  const dialog = picked && (
    <AlsoTimelineDialog
      count={picked.length}
      onAnswer={add}
      onCancel={() => {
        setPicked(null);
      }}
    />
  );
  return { take: setPicked, dialog };
}

/**
 * Upload from the device straight into the album, beside the picker (issue #11 §2): the
 * same steps as the album's own Add photos (pick, asked about the timeline too per spec
 * 000 §4, queued into the album), under its own label so it is told apart from Next.
 */
export function UploadIntoAlbum({ albumId }: { albumId: string }) {
  const intl = useIntl();
  const { take, dialog } = useUploadIntoAlbum(albumId);
  return (
    <>
      <PhotoPicker
        className="btn btn--secondary"
        label={intl.formatMessage({ id: 'albumEdit.upload' })}
        onPick={take}
      />
      {dialog}
    </>
  );
}

/**
 * While an album its viewer may add to is shown, files dropped on the app go into it (the
 * same steps as its upload button) rather than to the timeline (See: [Note: Drop claims]).
 */
export function AlbumDrops({ albumId }: { albumId: string }) {
  const intl = useIntl();
  const { take, dialog } = useUploadIntoAlbum(albumId);
  const claim = useMemo(
    () => ({
      title: intl.formatMessage({ id: 'albumView.drop.title' }),
      text: intl.formatMessage({ id: 'albumView.drop.text' }),
      onFiles: take,
    }),
    [intl, take],
  );
  useDropClaim(claim);
  return dialog;
}
