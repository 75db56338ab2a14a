import { lazyScreen } from '../../ui/lazy-screen.ts';

/**
 * The comment side panel as its own chunk with its messages (See: [Note: Lazy screens],
 * [Note: Message areas]), fetched when comments are first opened in the album carousel.
 * Render it inside a `PartBoundary`.
 */
export const LazyCommentPanel = lazyScreen(() => import('./CommentPanel.tsx').then((m) => m.CommentPanel), {
  messages: 'comments',
});

/** /comments/{albumId}/{fileId}: a file's comment side panel as a page (spec 000 §2). */
export const LazyCommentsPage = lazyScreen(() => import('./CommentsPage.tsx').then((m) => m.CommentsPage), {
  messages: 'comments',
});
