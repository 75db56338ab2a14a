import { useCallback, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useAccountInfoQuery } from '../auth/api.ts';
import { useDropClaim, type PickedFile, useUploader } from '../uploads/index.ts';

/**
 * Adds files to the app's one upload queue (spec 000 §4) as documents of the timeline job
 * `jobId` (See: UploadKind in features/uploads): its panel tells how they fare.
 */
export function useAddDocuments(jobId: string): (picked: readonly PickedFile[]) => void {
  const uploader = useUploader();
  return useCallback(
    (picked) => {
      uploader.addFiles(picked, { jobId, alsoTimeline: false, kind: 'documents' }).catch(() => {
        uploader.showNotice('addFailed');
      });
    },
    [uploader, jobId],
  );
}

/**
 * While /documents is shown, files dropped on the app are uploaded as documents rather than
 * sent to the timeline, which refuses them (spec 000 §5; See: [Note: Drop claims]). A
 * read-only user, who cannot upload (§6), makes no claim.
 */
export function useDocumentDrops(jobId: string): void {
  const intl = useIntl();
  const isReadOnly = useAccountInfoQuery().data?.is_read_only_user !== false;
  const add = useAddDocuments(jobId);
  const claim = useMemo(
    () =>
      isReadOnly
        ? undefined
        : {
            title: intl.formatMessage({ id: 'documents.drop.title' }),
            text: intl.formatMessage({ id: 'documents.drop.text' }),
            onFiles: add,
          },
    [intl, add, isReadOnly],
  );
  useDropClaim(claim);
}

/** {@link useDocumentDrops} as an element, for a screen that knows the job only later. */
export function DocumentDrops({ jobId }: { jobId: string }): null {
  useDocumentDrops(jobId);
  return null;
}
