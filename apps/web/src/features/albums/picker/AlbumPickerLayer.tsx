import { albumPickers } from '../../../dialog-requests/album-picker.ts';
import { DialogLayer } from '../../../dialog-requests/DialogLayer.tsx';
import { lazyScreen } from '../../../ui/lazy-screen.ts';

/**
 * The album picker dialog as its own chunk, fetched when someone first asks to add files to
 * an album, so the timeline's first load does not carry it (See: [Note: Lazy screens]).
 * Its messages come with it (See: [Note: Message areas]).
 */
const AlbumPickerDialog = lazyScreen(
  () => import('./AlbumPickerDialog.tsx').then((m) => m.AlbumPickerDialog),
  { messages: 'albums' },
);

/** The album picker asked for, if any (See: [Note: Dialog requests]); the page frame mounts it once. */
export function AlbumPickerLayer() {
  return <DialogLayer queue={albumPickers} dialog={AlbumPickerDialog} />;
}
