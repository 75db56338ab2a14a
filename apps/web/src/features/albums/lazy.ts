import { lazyScreen } from '../../ui/lazy-screen.ts';

/*
 * The albums' screens as chunks of their own, fetched when first shown, with their message
 * area (See: [Note: Lazy screens], [Note: Message areas]). Render them inside a ScreenBoundary.
 */

/** /albums: the list. */
export const LazyAlbumsPage = lazyScreen(() => import('./AlbumsPage.tsx').then((m) => m.AlbumsPage), {
  messages: 'albums',
});

/** /albums/{id}: one album, its members' view. */
export const LazyAlbumPage = lazyScreen(() => import('./AlbumPage.tsx').then((m) => m.AlbumPage), {
  messages: 'albums',
});

/** /a/{id}: a shared album by its link, and its login-gated actions. */
export const LazyVisitorScreens = lazyScreen(
  () => import('./visitor/VisitorScreens.tsx').then((m) => m.VisitorScreens),
  {
    messages: 'albums',
  },
);

/** /carousel/{albumId}/{fileId}: the album carousel, in the viewer's words. */
export const LazyAlbumCarouselPage = lazyScreen(
  () => import('./AlbumCarouselPage.tsx').then((m) => m.AlbumCarouselPage),
  {
    messages: 'viewer',
  },
);

/** The album create/edit pages. */
export const LazyAlbumEditPage = lazyScreen(
  () => import('./edit/AlbumEditPage.tsx').then((m) => m.AlbumEditPage),
  {
    messages: 'albums',
  },
);

/** The Add photos picker. */
export const LazyAddPhotosRoute = lazyScreen(
  () => import('./edit/AddPhotosRoute.tsx').then((m) => m.AddPhotosRoute),
  {
    messages: 'albums',
  },
);
