import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { useToasts } from '../../ui/toasts.tsx';
import { copyLinkToClipboard } from './dialog/copy-link.ts';

/**
 * Copies a link that is already known, as the share dialog's Copy link does (spec 000 §4):
 * the wait cursor, then `copiedText` ('Link copied', in the caller's message area) or
 * 'Failed to copy!' (§8; the failure is logged). Call it straight from the click handler.
 */
export function useCopyLink(): (link: string, copiedText: string) => void {
  const toasts = useToasts();
  const intl = useIntl();
  return useCallback(
    (link, copiedText) => {
      copyLinkToClipboard(Promise.resolve(link)).then(
        () => toasts.show({ kind: 'success', text: copiedText }),
        (error: unknown) => {
          console.warn('copy link failed:', error instanceof Error ? error.message : error);
          toasts.show({ kind: 'error', text: intl.formatMessage({ id: 'fileActions.copyFailed' }) });
        },
      );
    },
    [toasts, intl],
  );
}

/** Whether the browser offers its own share sheet (`navigator.share`, spec 000 §4 other apps). */
export function canShareToApps(): boolean {
  return typeof navigator.share === 'function';
}

/** Opens the browser's share sheet with `url`; closing it unshared is no failure. */
export function shareToApps(title: string, url: string): void {
  navigator.share({ title, url }).catch((error: unknown) => {
    if (error instanceof DOMException && error.name === 'AbortError') return;
    console.warn('share sheet failed:', error instanceof Error ? error.message : error);
  });
}
