import { lazyScreen } from '../../ui/lazy-screen.ts';

/*
 * The photo editor's face (See: [Note: Feature faces]): the editor as its own chunk, with
 * FilerobotImageEditor, Konva and styled-components inside it, fetched on the first Edit and
 * never by the first load of /photos (See: [Note: Lazy screens]). Render it inside a
 * PartBoundary.
 */
export const LazyPhotoEditor = lazyScreen(
  () => import('./PhotoEditorDialog.tsx').then((m) => m.PhotoEditorDialog),
  { messages: 'editor' },
);
