import { lazyScreen } from '../../../ui/lazy-screen.ts';

/**
 * The album picker dialog as its own chunk, fetched when someone first asks to add files to
 * an album, so the timeline's first load does not carry it (See: [Note: Lazy screens]).
 * Its messages come with it (See: [Note: Message areas]). Render it inside a `PartBoundary`.
 */
export const LazyAlbumPickerDialog = lazyScreen(
  () => import('./AlbumPickerDialog.tsx').then((m) => m.AlbumPickerDialog),
  { messages: 'albums' },
);
