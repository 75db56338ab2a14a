import { useState } from 'react';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { useDeleteFiles } from '../file-actions/index.ts';

/** Props of {@link DeleteFileDialog}. */
export interface DeleteFileDialogProps {
  jobId: string;
  fileId: string;
  /** Whether the caller owns the job: Undo is theirs only (spec 000 §6); true by default. */
  isOwner?: boolean;
  /** Cancelled, or the delete failed (its toast says so): the viewer stays on the file. */
  onCancel: () => void;
  /** The file is in the trash: the viewer moves on (spec 000 §4 Carousel). */
  onDeleted: () => void;
}

/**
 * Delete from the viewer (spec 000 §4 DELETE_FILE confirm): the file moves to the trash
 * with the same toasts as a delete from the selection bar or the file menu — 'Deleting…',
 * then '1 file deleted' with Undo, or 'Failed to delete file' (spec 000 §8).
 */
export function DeleteFileDialog({
  jobId,
  fileId,
  isOwner = true,
  onCancel,
  onDeleted,
}: DeleteFileDialogProps) {
  const deleteFiles = useDeleteFiles(jobId, { isOwner });
  const [isPending, setIsPending] = useState(false);
  return (
    <ConfirmDialog
      kind="DELETE_FILE"
      values={{ count: 1 }}
      onConfirm={() => {
        setIsPending(true);
        void deleteFiles([fileId]).then((outcome) => {
          if (outcome.succeeded.length > 0) onDeleted();
          else onCancel();
        });
      }}
      onCancel={onCancel}
      isPending={isPending}
    />
  );
}
