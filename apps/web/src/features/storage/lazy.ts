import { lazyScreen } from '../../ui/lazy-screen.ts';

/*
 * The storage screens as chunks of their own, fetched when first shown, with their message
 * area (See: [Note: Lazy screens], [Note: Message areas]). The card form is a chunk apart
 * (lazy-card-form.ts): only it carries the card libraries (Stripe.js and its React bindings).
 */

/** Route /settings/storage (spec 001 §2 Storage settings). */
export const LazyStoragePage = lazyScreen(() => import('./StoragePage.tsx').then((m) => m.StoragePage), {
  messages: 'storage',
});

/** Route /settings/payment (spec 001 §2 Payment settings). */
export const LazyPaymentPage = lazyScreen(() => import('./PaymentPage.tsx').then((m) => m.PaymentPage), {
  messages: 'storage',
});

/* The subscribe wizard (spec 001 §4), for the modal queue. */
export { LazySubscribeWizard } from './lazy-wizard.ts';
