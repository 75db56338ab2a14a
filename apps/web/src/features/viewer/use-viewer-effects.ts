import type { RemoteFile, ServiceDirectory } from '@trove/contract';
import { useEffect, useRef, type RefObject } from 'react';
import { useBrand } from '../../i18n/brand-context.tsx';
import { largeThumbUrl } from './media.ts';

/**
 * "<file name> – <brand>" while the viewer is open; the page's own title again when it
 * closes (the timeline under it set its title before and will not set it again).
 */
export function useViewerTitle(name: string | undefined): void {
  const brand = useBrand();
  const before = useRef<string | null>(null);
  useEffect(() => {
    before.current ??= document.title;
    return () => {
      if (before.current !== null) document.title = before.current;
    };
  }, []);
  useEffect(() => {
    if (name !== undefined) document.title = `${name} – ${brand.name}`;
  }, [name, brand.name]);
}

/** Fetches the neighbours' 1280 thumbnails ahead, so stepping shows them at once. */
export function usePreloadNeighbours(
  directory: ServiceDirectory,
  files: readonly (RemoteFile | undefined)[],
) {
  const urls = files
    .filter((file): file is RemoteFile => file !== undefined && file.type !== 'Movies')
    .map((file) => largeThumbUrl(directory, file))
    .filter((url): url is string => url !== undefined)
    .join('\n');
  useEffect(() => {
    if (urls === '') return;
    for (const url of urls.split('\n')) {
      const image = new Image();
      image.decoding = 'async';
      image.src = url;
    }
  }, [urls]);
}

/**
 * Keeps wheel and touch scrolling over the viewer from scrolling the timeline under it (it
 * must be where it was when the viewer closes). Inside `scrollableSelector` (the details
 * panel, the video's own controls) they keep their default.
 */
export function useScrollLock(ref: RefObject<HTMLElement | null>, scrollableSelector: string): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const handle = (event: Event) => {
      if (event.target instanceof Element && event.target.closest(scrollableSelector)) return;
      event.preventDefault();
    };
    element.addEventListener('wheel', handle, { passive: false });
    element.addEventListener('touchmove', handle, { passive: false });
    return () => {
      element.removeEventListener('wheel', handle);
      element.removeEventListener('touchmove', handle);
    };
  }, [ref, scrollableSelector]);
}
