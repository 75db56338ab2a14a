import { useIntl } from 'react-intl';
import { HttpError } from '../../api/http-error.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { useDeleteFile } from './api.ts';

/** Props of {@link DeleteFileDialog}. */
export interface DeleteFileDialogProps {
  jobId: string;
  fileId: string;
  onCancel: () => void;
  /** The file is in the trash: the viewer moves on (spec 000 §4 Carousel). */
  onDeleted: () => void;
}

/**
 * Delete from the viewer (spec 000 §4 DELETE_FILE confirm): the file moves to the trash.
 * A failure shows 'Failed to delete file' (spec 000 §8); a refusal (403, or 404: the server
 * answers a file the caller may not touch as not found) cannot be retried.
 */
export function DeleteFileDialog({ jobId, fileId, onCancel, onDeleted }: DeleteFileDialogProps) {
  const intl = useIntl();
  const deletion = useDeleteFile(jobId, onDeleted);
  const isRefused =
    deletion.error instanceof HttpError && (deletion.error.status === 403 || deletion.error.status === 404);
  return (
    <ConfirmDialog
      kind="DELETE_FILE"
      onConfirm={() => {
        deletion.mutate(fileId);
      }}
      onCancel={onCancel}
      isPending={deletion.isPending || isRefused}
      error={deletion.isError ? intl.formatMessage({ id: 'viewer.deleteFailed' }) : undefined}
    />
  );
}
