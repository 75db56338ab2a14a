import type { UploaderCore } from './uploader-types.ts';

/** spec 000 §9: the countdown to the automatic retry after a failure. */
export const RETRY_COUNTDOWN_SECONDS = 4;

/** spec 000 §4: Offline shows a 4 s countdown in the view, then retries by itself. */
export interface RetryCountdown {
  start(itemId: number): void;
  stop(): void;
}

export function createRetryCountdown(core: Pick<UploaderCore, 'store' | 'dispatch'>): RetryCountdown {
  const { store } = core;
  let timer: ReturnType<typeof setInterval> | undefined;
  return {
    start(itemId) {
      clearInterval(timer);
      store.setState({ retry: { itemId, seconds: RETRY_COUNTDOWN_SECONDS } });
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
