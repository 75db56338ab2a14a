import { lazyScreen } from '../../ui/lazy-screen.ts';

/*
 * The login screens as chunks of their own (See: [Note: Lazy screens]); the identity
 * provider's page with its messages (See: [Note: Message areas]).
 */

export const LazyLoginPage = lazyScreen(() => import('./LoginPage.tsx').then((m) => m.LoginPage));

export const LazyOAuthCallbackPage = lazyScreen(() =>
  import('./OAuthCallbackPage.tsx').then((m) => m.OAuthCallbackPage),
);

export const LazySignInPage = lazyScreen(() => import('./SignInPage.tsx').then((m) => m.SignInPage), {
  messages: 'idp',
});
