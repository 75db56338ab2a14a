import { DialogLayer } from '../../../dialog-requests/DialogLayer.tsx';
import { shareDialogs } from '../../../dialog-requests/share-dialog.ts';
import { lazyScreen } from '../../../ui/lazy-screen.ts';

/**
 * The share dialog as its own chunk, fetched when someone first asks to share, so the
 * timeline's first load carries only this loader (See: [Note: Lazy screens]). Its messages
 * come with it (See: [Note: Message areas]).
 */
const ShareDialog = lazyScreen(() => import('./ShareDialog.tsx').then((m) => m.ShareDialog), {
  messages: 'shareDialog',
});

/** The share dialog asked for, if any (See: [Note: Dialog requests]); the page frame mounts it once. */
export function ShareDialogLayer() {
  return <DialogLayer queue={shareDialogs} dialog={ShareDialog} />;
}
