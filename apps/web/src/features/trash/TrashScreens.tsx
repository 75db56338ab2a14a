import { Route, Routes } from 'react-router';
import { lazyScreen } from '../../ui/lazy-screen.ts';
import { LazyNotFoundPage as NotFoundPage } from '../errors/lazy.ts';

// Each screen its own chunk, fetched with the trash's messages (See: [Note: Lazy screens],
// [Note: Message areas]).
const TrashHubPage = lazyScreen(() => import('./TrashHubPage.tsx').then((m) => m.TrashHubPage), {
  messages: 'trash',
});
const TrashPhotosPage = lazyScreen(() => import('./TrashPhotosPage.tsx').then((m) => m.TrashPhotosPage), {
  messages: 'trash',
});
const TrashAlbumsPage = lazyScreen(() => import('./TrashAlbumsPage.tsx').then((m) => m.TrashAlbumsPage), {
  messages: 'trash',
});

/**
 * The trash's routes below /deleted_items and /_from_inside_app/deleted_items (spec 000 §2):
 * the hub, its photos and videos, its albums. Both variants render the same screens; their
 * links stay in the variant they started in.
 */
export function TrashScreens() {
  return (
    <Routes>
      <Route index element={<TrashHubPage />} />
      <Route path="photos" element={<TrashPhotosPage />} />
      <Route path="albums" element={<TrashAlbumsPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
