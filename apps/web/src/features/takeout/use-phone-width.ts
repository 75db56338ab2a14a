import { useSyncExternalStore } from 'react';
import { PHONE_MEDIA_QUERY } from './model.ts';

function phoneQuery(): MediaQueryList | undefined {
  // jsdom and old embedded browsers have no matchMedia, whatever the DOM types say.
  return typeof globalThis.matchMedia === 'function' ? globalThis.matchMedia(PHONE_MEDIA_QUERY) : undefined;
}

function subscribe(onChange: () => void): () => void {
  const query = phoneQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** Whether the window is as narrow as a phone's (spec 000 §2 breakpoints), following resizes. */
export function usePhoneWidth(): boolean {
  return useSyncExternalStore(subscribe, () => phoneQuery()?.matches ?? false);
}
