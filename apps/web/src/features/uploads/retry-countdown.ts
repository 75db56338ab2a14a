import type { UploaderCore } from './uploader-types.ts';

/** spec 000 §9: the countdown to the automatic retry after a failure. */
export const RETRY_COUNTDOWN_SECONDS = 4;
/** ServerFull (a 507: the server's disk is full) waits longer: space takes an operator. */
export const SERVER_FULL_RETRY_SECONDS = 60;

/** spec 000 §4: Offline shows a 4 s countdown in the view, then retries by itself. */
export interface RetryCountdown {
  start(itemId: number, from?: number): void;
  stop(): void;
}

export function createRetryCountdown(core: Pick<UploaderCore, 'store' | 'dispatch'>): RetryCountdown {
  const { store } = core;
  let timer: ReturnType<typeof setInterval> | undefined;
  return {
    start(itemId, from = RETRY_COUNTDOWN_SECONDS) {
      clearInterval(timer);
      store.setState({ retry: { itemId, seconds: from } });
      timer = setInterval(() => {
        const seconds = (store.getState().retry?.seconds ?? 1) - 1;
        if (seconds > 0) {
          store.setState({ retry: { itemId, seconds } });
          return;
        }
        clearInterval(timer);
        timer = undefined;
        store.setState({ retry: null });
        core.dispatch({ type: 'RETRY' });
      }, 1000);
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
