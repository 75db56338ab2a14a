import { lazyScreen } from '../../ui/lazy-screen.ts';

/*
 * Casting (issue #27) as chunks of their own with the `cast` message area (See: [Note: Lazy
 * screens], [Note: Message areas]): the TV's receiver page, the sender's page the QR code
 * opens, and the Cast button's control (index.ts wraps it for the toolbars).
 */

/** /tv (the receiver page a TV's browser opens, `tv`) and /cast (pairs this account with the TV whose code is in the link). */
export const LazyCastPage = lazyScreen(() => import('./CastPage.tsx').then((m) => m.CastPage), {
  messages: 'cast',
});

/** The Cast button and its dialog. */
export const LazyCastControl = lazyScreen(() => import('./CastControl.tsx').then((m) => m.CastControl), {
  messages: 'cast',
});
