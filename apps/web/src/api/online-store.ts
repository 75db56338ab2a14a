import { createStore, useStore } from 'zustand';

/** Whether the last request reached the server (spec 000 §8: online state toggles on request success or failure). */
export interface OnlineState {
  isOnline: boolean;
}

/** The app's online state; the HTTP client writes it, the offline banner reads it. */
export const onlineStore = createStore<OnlineState>(() => ({ isOnline: true }));

/** Records whether a request reached the server; a no-op when nothing changes. */
export function setOnline(isOnline: boolean): void {
  if (onlineStore.getState().isOnline !== isOnline) onlineStore.setState({ isOnline });
}

/** True while the server is reachable, as far as the last request could tell. */
export function useIsOnline(): boolean {
  return useStore(onlineStore, (state) => state.isOnline);
}
