import type { ComponentType } from 'react';
import { PartBoundary } from '../ui/ScreenBoundary.tsx';
import { useShownDialog, type DialogQueue, type QueuedDialogProps } from './dialog-queue.ts';

/**
 * The dialog of `queue` that is asked for, if any, drawn by `dialog` (a lazily loaded part:
 * it is fetched with the first request); each request is a new dialog (See: [Note: Dialog
 * requests]). The page frame mounts one layer per queue.
 */
export function DialogLayer<P extends QueuedDialogProps>({
  queue,
  dialog: Dialog,
}: {
  queue: DialogQueue<P>;
  dialog: ComponentType<P>;
}) {
  const shown = useShownDialog(queue);
  return (
    shown && (
      <PartBoundary>
        <Dialog key={shown.key} {...shown.props} />
      </PartBoundary>
    )
  );
}
