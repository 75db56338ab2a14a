/** Class on `<html>` that shows the wait cursor everywhere (spec 000 §4 clipboard copy). */
export const WAIT_CURSOR_CLASS = 'is-waiting';

let waiting = 0;

/**
 * Shows the wait cursor while any clipboard copy runs (spec 000 §4): call with true when one
 * starts and false when it ends, however it ends.
 */
export function showWaitCursor(isStart: boolean): void {
  waiting = Math.max(0, waiting + (isStart ? 1 : -1));
  document.documentElement.classList.toggle(WAIT_CURSOR_CLASS, waiting > 0);
}
