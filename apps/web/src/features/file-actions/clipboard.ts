import type { RemoteFile, ServiceDirectory } from '@trove/contract';
import { showWaitCursor } from '../../ui/wait-cursor.ts';

export { WAIT_CURSOR_CLASS } from '../../ui/wait-cursor.ts';

/** Browsers accept only PNG images on the clipboard. */
const CLIPBOARD_IMAGE_TYPE = 'image/png';

/** Whether this browser can put an image on the clipboard (spec 000 §6 "when the browser supports it"). */
export function isClipboardImageSupported(): boolean {
  return (
    'ClipboardItem' in globalThis &&
    'clipboard' in navigator &&
    typeof navigator.clipboard.write === 'function'
  );
}

/** Whether copy to clipboard is offered for `file`: non-video files, in a supporting browser (spec 000 §6). */
export function canCopyToClipboard(file: RemoteFile): boolean {
  return file.type !== 'Movies' && file.thumb_url_large !== null && isClipboardImageSupported();
}

/** Re-encodes an image as PNG through a canvas. */
async function toPng(blob: Blob): Promise<Blob> {
  if (blob.type === CLIPBOARD_IMAGE_TYPE) return blob;
  const bitmap = await createImageBitmap(blob);
  try {
    if (typeof OffscreenCanvas === 'function') {
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d canvas context');
      context.drawImage(bitmap, 0, 0);
      return await canvas.convertToBlob({ type: CLIPBOARD_IMAGE_TYPE });
    }
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas context');
    context.drawImage(bitmap, 0, 0);
    return await new Promise<Blob>((resolve, reject) => {
      canvas.toBlob((png) => {
        if (png) resolve(png);
        else reject(new Error('canvas gave no PNG'));
      }, CLIPBOARD_IMAGE_TYPE);
    });
  } finally {
    bitmap.close();
  }
}

/** The large thumbnail of `file` as a PNG (spec 000 §7: fetched as a blob for clipboard copy). */
async function fetchLargeThumbnailPng(directory: ServiceDirectory, file: RemoteFile): Promise<Blob> {
  if (file.thumb_url_large === null) throw new Error('no large thumbnail');
  // A signed path: the signature is the credential, no token is sent (see [Note: Media URLs]).
  const response = await fetch(`${directory.thumb}${file.thumb_url_large}`, { credentials: 'omit' });
  if (!response.ok) throw new Error(`thumbnail answered ${String(response.status)}`);
  return toPng(await response.blob());
}

/**
 * Puts the large thumbnail of `file` on the clipboard as a PNG, with the wait cursor shown
 * until it is done (spec 000 §4). Call it straight from the click handler: the clipboard
 * write starts at once with a pending blob, so Safari still sees the user's gesture.
 * @throws when the thumbnail cannot be fetched or decoded, or the browser refuses the write.
 */
export async function copyImageToClipboard(directory: ServiceDirectory, file: RemoteFile): Promise<void> {
  showWaitCursor(true);
  try {
    const png = fetchLargeThumbnailPng(directory, file);
    // Awaited below; this only keeps a rejection from counting as unhandled if write throws first.
    png.catch(() => undefined);
    const written = navigator.clipboard.write([new ClipboardItem({ [CLIPBOARD_IMAGE_TYPE]: png })]);
    // Some browsers settle the write before noticing a rejected blob: wait for both.
    await Promise.all([written, png]);
  } finally {
    showWaitCursor(false);
  }
}
