import { lazyScreen } from '../../ui/lazy-screen.ts';

/*
 * The storage screens as chunks of their own, fetched when first shown, with their message
 * area (See: [Note: Lazy screens], [Note: Message areas]). The card form is a chunk apart:
 * only it carries the card libraries (Stripe.js and its React bindings).
 */

/** Route /settings/storage (spec 001 §2 Storage settings). */
export const LazyStoragePage = lazyScreen(() => import('./StoragePage.tsx').then((m) => m.StoragePage), {
  messages: 'storage',
});

/** Route /settings/payment (spec 001 §2 Payment settings). */
export const LazyPaymentPage = lazyScreen(() => import('./PaymentPage.tsx').then((m) => m.PaymentPage), {
  messages: 'storage',
});

/** The subscribe wizard (spec 001 §4), opened by the modal queue and the storage page. */
export const LazySubscribeWizard = lazyScreen(
  () => import('./SubscribeWizard.tsx').then((m) => m.SubscribeWizard),
  { messages: 'storage' },
);

/** The card form with the card libraries (spec 001 §3 card entry). */
export const LazyCardForm = lazyScreen(() => import('./CardForm.tsx').then((m) => m.CardForm));
