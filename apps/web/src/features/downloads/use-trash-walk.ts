import { useRef, useState } from 'react';
import type { DownloadRequest } from './download-requests.ts';

/** The trash walk of download all (spec 000 §4 Download-all dialog: progress, then closed). */
export interface TrashWalk {
  done: number;
  total: number | undefined;
}

/**
 * Lists the whole trash page by page for download all (spec 000 §7 "trash file infos are
 * fetched in pages for trash downloads"), `walk` telling the dialog how far it got. A
 * cancelled walk closes at once and answers null, whenever the page on its way arrives.
 */
export function useTrashWalk() {
  const [walk, setWalk] = useState<TrashWalk | null>(null);
  const current = useRef<AbortController | null>(null);

  const walkTrash = async (request: Extract<DownloadRequest, { kind: 'trashAll' }>) => {
    const controller = new AbortController();
    current.current = controller;
    setWalk({ done: 0, total: undefined });
    try {
      const files = await request.fetchAll((done, total) => {
        if (!controller.signal.aborted) setWalk({ done, total });
      }, controller.signal);
      return controller.signal.aborted ? null : files;
    } catch (error) {
      if (controller.signal.aborted) return null;
      throw error;
    } finally {
      if (current.current === controller) {
        current.current = null;
        setWalk(null);
      }
    }
  };

  const cancelWalk = () => {
    current.current?.abort();
    current.current = null;
    setWalk(null);
  };

  return { walk, walkTrash, cancelWalk };
}
