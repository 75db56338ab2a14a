import { lazyScreen } from '../../ui/lazy-screen.ts';

/**
 * The card form with the card libraries (spec 001 §3 card entry), a chunk apart: only it
 * carries Stripe.js and its React bindings. A file of its own, so the screens that show it
 * and their loaders do not import each other.
 */
export const LazyCardForm = lazyScreen(() => import('./CardForm.tsx').then((m) => m.CardForm));
