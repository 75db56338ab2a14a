import { useCallback, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Icon } from '../../ui/icons.tsx';
import { collectDrop } from './collect-drop.ts';
import { currentDropClaim } from './drop-claim.ts';
import { useUploader } from './UploaderProvider.tsx';
import type { PickedFile } from './uploader.ts';

const hasFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') === true;

/**
 * Tracks files dragged over the window: enter and leave fire for every child element
 * crossed, so a counter tells when the drag really left.
 */
function useFileDrag(onDrop: (dataTransfer: DataTransfer) => void): boolean {
  const [isDragging, setIsDragging] = useState(false);
  useEffect(() => {
    let depth = 0;
    const enter = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      depth += 1;
      setIsDragging(true);
    };
    const over = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      // Without this the browser would open the file instead of letting it drop here.
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const leave = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setIsDragging(false);
    };
    const drop = (event: DragEvent) => {
      if (!hasFiles(event) || !event.dataTransfer) return;
      event.preventDefault();
      depth = 0;
      setIsDragging(false);
      onDrop(event.dataTransfer);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragover', over);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  }, [onDrop]);
  return isDragging;
}

/**
 * The drag-and-drop area of spec 000 §2: while files are dragged over the app an overlay
 * covers it; dropped files and folders (walked recursively, spec 000 §5) go to the queue,
 * into the timeline or to the screen that claims them (See: [Note: Drop claims]).
 */
export function DropOverlay() {
  const intl = useIntl();
  const uploader = useUploader();
  const handleDrop = useCallback(
    (dataTransfer: DataTransfer) => {
      const picked: PickedFile[] = [];
      // The whole drop is added at once: the storage check of spec 000 §5 is on the total.
      collectDrop(dataTransfer, (files) => {
        picked.push(...files);
      })
        .then(async ({ skippedFolders }) => {
          if (skippedFolders) uploader.showNotice('safariFolder');
          const claim = currentDropClaim();
          if (claim) claim.onFiles(picked);
          else await uploader.addFiles(picked);
        })
        .catch(() => {
          uploader.showNotice('addFailed');
        });
    },
    [uploader],
  );
  const isDragging = useFileDrag(handleDrop);
  if (!isDragging) return null;
  const claim = currentDropClaim();
  return (
    <div className="drop-overlay" aria-hidden="true">
      <div className="drop-overlay__box">
        <Icon name="addPhoto" size={48} />
        <p className="drop-overlay__title">
          {claim?.title ?? intl.formatMessage({ id: 'upload.drop.title' })}
        </p>
        <p className="drop-overlay__text">{claim?.text ?? intl.formatMessage({ id: 'upload.drop.text' })}</p>
      </div>
    </div>
  );
}
