import { fileTypeOfExtension, extensionOf } from '@trove/contract';
import { useEffect, useRef } from 'react';
import { DocumentIcon } from '../../ui/DocumentIcon.tsx';
import { Icon } from '../../ui/icons.tsx';
import type { UploaderState } from './model.ts';
import { useUploader, useUploaderView } from './UploaderProvider.tsx';
import { PANEL } from './panel-layout.ts';

/** Formats every browser shows in an <img>; HEIC, raw files, videos and documents get an icon. */
const SHOWABLE = new Set(['jpg', 'jpeg', 'jpe', 'jfif', 'png', 'gif', 'webp', 'avif', 'bmp']);

/**
 * Ids of the files to preview, as a string so the selection compares by value: the last
 * four sent or on their way; the first four queued while none has started.
 */
export function previewIds(queue: UploaderState): string {
  const started: number[] = [];
  for (let index = queue.items.length - 1; index >= 0 && started.length < PANEL.previews; index -= 1) {
    const item = queue.items[index];
    const isStarted =
      item?.status === 'Uploading' || item?.status === 'BackendSucceeded' || item?.status === 'Succeeded';
    if (item && isStarted) started.unshift(item.id);
  }
  if (started.length > 0) return started.join(',');
  return queue.items
    .filter((item) => item.status === 'Pending' || item.status === 'Enqueued')
    .slice(0, PANEL.previews)
    .map((item) => item.id)
    .join(',');
}

function Preview({ itemId }: { itemId: number }) {
  const uploader = useUploader();
  const file = uploader.fileOf(itemId);
  const image = useRef<HTMLImageElement>(null);
  const extension = file ? extensionOf(file.name) : '';
  const isShowable = file !== undefined && SHOWABLE.has(extension);
  useEffect(() => {
    const element = image.current;
    if (!file || !element) return;
    // The object URL lives exactly as long as the <img> shows it.
    const objectUrl = URL.createObjectURL(file);
    element.src = objectUrl;
    return () => {
      URL.revokeObjectURL(objectUrl);
    };
  }, [file, isShowable]);
  if (isShowable) return <img ref={image} className="upload-preview" alt="" decoding="async" />;
  const type = fileTypeOfExtension(extension);
  return (
    <span className="upload-preview upload-preview--icon">
      {type === 'Documents' ? (
        <DocumentIcon size={22} />
      ) : (
        <Icon name={type === 'Movies' ? 'video' : 'photos'} size={22} />
      )}
    </span>
  );
}

/** Up to four thumbnails of the files on their way (spec 000 §9), decorative. */
export function UploadPreviews() {
  const ids = useUploaderView((view) => previewIds(view.queue));
  if (ids === '') return null;
  return (
    <div className="upload-previews" aria-hidden="true">
      {ids.split(',').map((id) => (
        <Preview key={id} itemId={Number(id)} />
      ))}
    </div>
  );
}
