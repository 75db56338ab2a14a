import { useState } from 'react';
import { useIntl } from 'react-intl';
import { PhotoPicker } from '../../uploads/PhotoPicker.tsx';
import type { PickedFile } from '../../uploads/uploader.ts';
import { useUploader } from '../../uploads/UploaderProvider.tsx';
import { AlsoTimelineDialog } from '../AlsoTimelineDialog.tsx';

/**
 * Upload from the device straight into the album, beside the picker (issue #11 §2): the
 * same steps as the album's own Add photos (pick, asked about the timeline too per spec
 * 000 §4, queued into the album), under its own label so it is told apart from Next.
 */
export function UploadIntoAlbum({ albumId }: { albumId: string }) {
  const intl = useIntl();
  const uploader = useUploader();
  const [picked, setPicked] = useState<readonly PickedFile[] | null>(null);
  const add = (alsoTimeline: boolean) => {
    if (!picked) return;
    setPicked(null);
    uploader.addFiles(picked, { jobId: albumId, alsoTimeline }).catch(() => {
      uploader.showNotice('addFailed');
    });
  };
  return (
    <>
      <PhotoPicker
        className="btn btn--secondary"
        label={intl.formatMessage({ id: 'albumEdit.upload' })}
        onPick={setPicked}
      />
      {picked && (
        <AlsoTimelineDialog
          count={picked.length}
          onAnswer={add}
          onCancel={() => {
            setPicked(null);
          }}
        />
      )}
    </>
  );
}
