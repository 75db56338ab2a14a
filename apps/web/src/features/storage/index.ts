/*
 * What others use of the storage screens (See: [Note: Feature faces]): where a subscription
 * is offered. The subscribe tooltips and menu items lead here; the page opens the subscribe
 * wizard (spec 001 §4) at once.
 */

export { PAYMENT_PATH, STORAGE_PATH, SUBSCRIBE_PATH } from './paths.ts';

/* The disabled button with its subscribe tooltip (spec 000 §6), for read-only users. */
export { SubscriptionGate } from './SubscriptionGate.tsx';

/* The storage entries' icons, for the settings hub's links. */
export { StorageIcon } from './storage-icons.tsx';

/* The card provider's test mode, for the QA marker (spec 001 §9). */
export { useBillingTestMode } from './use-test-mode.ts';
