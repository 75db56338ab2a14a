import { useState } from 'react';
import { useStore } from 'zustand';
import { lazyScreen } from '../../ui/lazy-screen.ts';
import { PartBoundary } from '../../ui/ScreenBoundary.tsx';
import { downloadQueue } from './download-requests.ts';

// Fetched with the first download asked for (See: [Note: Lazy downloads]).
const DownloadCenter = lazyScreen(() => import('./DownloadCenter.tsx').then((m) => m.DownloadCenter), {
  messages: 'downloads',
});

/** Mounts the download center once a download is asked for; it stays, keeping its parts. */
export function DownloadsLayer() {
  const isAsked = useStore(downloadQueue, (queue) => queue.requests.length > 0);
  const [isMounted, setIsMounted] = useState(false);
  if (isAsked && !isMounted) setIsMounted(true);
  return (
    isMounted && (
      <PartBoundary>
        <DownloadCenter />
      </PartBoundary>
    )
  );
}
