/* Where the storage screens live; the subscribe tooltips and menu items lead here. */

/** The storage plans page (spec 001 §2). */
export const STORAGE_PATH = '/settings/storage';

/** The storage page with the subscribe wizard open (spec 001 §4, §6 "tooltip offering subscribe"). */
export const SUBSCRIBE_PATH = `${STORAGE_PATH}?subscribe=1`;

/** The payment card settings (spec 001 §2). */
export const PAYMENT_PATH = '/settings/payment';
