/*
 * What others use of the storage screens (See: [Note: Feature faces]): where a subscription
 * is offered. The subscribe tooltips and menu items lead here; the page opens the subscribe
 * wizard (spec 001 §4) at once.
 */

/** The storage plans page (spec 001 §2). */
export const STORAGE_PATH = '/settings/storage';

/** The storage page with the subscribe wizard open (spec 001 §4, §6 "tooltip offering subscribe"). */
export const SUBSCRIBE_PATH = `${STORAGE_PATH}?subscribe=1`;

/** The payment card settings (spec 001 §2). */
export const PAYMENT_PATH = '/settings/payment';

/* The storage entries' icons, for the settings hub's links. */
export { StorageIcon } from './storage-icons.tsx';

/* The card provider's test mode, for the QA marker (spec 001 §9). */
export { useBillingTestMode } from './use-test-mode.ts';
