import { showWaitCursor } from '../../../ui/wait-cursor.ts';

/**
 * Puts the text `link` resolves to on the clipboard, with the wait cursor until it is done
 * (spec 000 §4 clipboard copy). Call it straight from the click handler: where the browser
 * has ClipboardItem, the write starts at once with a pending blob, so the user's gesture
 * still counts when the link arrives after the share was made (Safari); elsewhere the text
 * is written when it is known.
 * @throws when `link` rejects, there is no clipboard (an insecure page), or the browser refuses.
 */
export async function copyLinkToClipboard(link: Promise<string>): Promise<void> {
  showWaitCursor(true);
  try {
    const clipboard = 'clipboard' in navigator ? navigator.clipboard : undefined;
    if (!clipboard) throw new Error('no clipboard on this page');
    if ('ClipboardItem' in globalThis && typeof clipboard.write === 'function') {
      const blob = link.then((text) => new Blob([text], { type: 'text/plain' }));
      // Awaited below; this only keeps a rejection from counting as unhandled if write throws first.
      blob.catch(() => undefined);
      await Promise.all([clipboard.write([new ClipboardItem({ 'text/plain': blob })]), blob]);
    } else {
      await clipboard.writeText(await link);
    }
  } finally {
    showWaitCursor(false);
  }
}
