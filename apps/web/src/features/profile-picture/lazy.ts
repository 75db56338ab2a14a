import { lazyScreen } from '../../ui/lazy-screen.ts';

/*
 * /selectProfilePicture as a chunk of its own, with react-easy-crop and its message area
 * (See: [Note: Lazy screens], [Note: Message areas]). Render it inside a ScreenBoundary.
 */

/** /selectProfilePicture: choose, crop and save the profile picture (spec 000 §2). */
export const LazyProfilePicturePage = lazyScreen(
  () => import('./ProfilePicturePage.tsx').then((m) => m.ProfilePicturePage),
  { messages: 'profilePicture' },
);
