import type { IntlShape } from 'react-intl';
import type { ItemText, PanelStatus } from './summary.ts';

/** The panel's status line (spec 000 §4 Upload panel) in the user's language. */
export function panelStatusText(intl: IntlShape, status: PanelStatus, retrySeconds: number): string {
  switch (status.kind) {
    case 'offline':
      return intl.formatMessage({ id: 'upload.status.offline' }, { count: retrySeconds });
    case 'serverFull':
      return intl.formatMessage({ id: 'upload.status.serverFull' }, { count: retrySeconds });
    case 'retrying':
      return intl.formatMessage({ id: 'upload.status.retrying' });
    case 'outOfStorage':
      return intl.formatMessage({ id: 'upload.status.outOfStorage' });
    case 'uploading':
      return intl.formatMessage({ id: 'upload.progress' }, { done: status.done, total: status.total });
    case 'someFailed':
      return intl.formatMessage({ id: 'upload.someFailed' });
    case 'done':
      return intl.formatMessage({ id: 'upload.status.done' }, { count: status.count });
  }
}

/** One file's status text (spec 000 §4 per-file status, §8 rejection reasons). */
export function itemStatusText(intl: IntlShape, text: ItemText): string {
  switch (text.kind) {
    case 'preparing':
      return intl.formatMessage({ id: 'upload.item.preparing' });
    case 'uploading':
      return intl.formatMessage({ id: 'upload.item.uploading' }, { count: text.percent });
    case 'retryingIn':
      return intl.formatMessage({ id: 'upload.item.retryingIn' }, { count: text.seconds });
    case 'waitingForConnection':
      return intl.formatMessage({ id: 'upload.item.waitingForConnection' });
    case 'waitingForServerSpace':
      return intl.formatMessage({ id: 'upload.item.waitingForServerSpace' });
    case 'processing':
      return intl.formatMessage({ id: 'upload.item.processing' });
    case 'complete':
      return intl.formatMessage({ id: 'upload.item.complete' });
    case 'mediaFailed':
      return intl.formatMessage({ id: 'upload.item.mediaFailed' });
    case 'timelineCopyFailed':
      return intl.formatMessage({ id: `upload.item.timelineCopyFailed.${text.reason}` });
    case 'cancelled':
      return intl.formatMessage({ id: 'upload.item.cancelled' });
    case 'outOfStorage':
      return intl.formatMessage({ id: 'upload.item.outOfStorage' });
    case 'rejected':
      return intl.formatMessage({ id: `upload.reason.${text.reason}` });
  }
}
