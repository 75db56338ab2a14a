import type { JobInfo, RemoteFile, TimelineFilter, TimelineMonth, TrashFile } from '@trove/contract';
import { createStore } from 'zustand';
import type { GridSource } from '../library/index.ts';

/*
 * [Note: Lazy downloads] The download modal, its parts and alerts (spec 000 §2 download
 * progress panel, §4 download modal, issue #14) are a chunk of their own (DownloadCenter),
 * fetched when the first download is asked for, so the first load of /photos carries only
 * this queue and the layer that mounts the chunk. A screen asks for a download with
 * `requestDownload`; the center takes the requests out of the queue and carries them out.
 */

/** A grid section as the download needs it: its key, bounds, and files when known up front. */
export type DownloadSection = Pick<TimelineMonth, 'start' | 'end'> & {
  key: number;
  files?: readonly RemoteFile[] | undefined;
};

/** A download asked for (spec 000 §4 download kinds). */
export type DownloadRequest =
  /** Files selected in a grid: one downloads directly, several as an archive in parts. */
  | {
      kind: 'selection';
      source: GridSource;
      sections: readonly DownloadSection[];
      filter: TimelineFilter;
      /** The selection's ids by section key (SelectionState.selected). */
      selected: ReadonlyMap<number, ReadonlySet<string>>;
    }
  /**
   * A whole album as one archive (blocked over the limits, spec 000 §5); `headers` are a
   * visitor's album headers (its grant).
   */
  | { kind: 'job'; album: JobInfo; headers?: Record<string, string> }
  /**
   * Files of a job known up front, e.g. a share's (spec 000 §2 Share page download button):
   * one downloads directly, more as an archive named `name`, in parts past the limits;
   * `headers` are a visitor's grant for the job.
   */
  | {
      kind: 'files';
      jobId: string;
      name: string;
      files: readonly RemoteFile[];
      headers?: Record<string, string>;
    }
  /** A deleted album of the caller's trash, exported as one archive (spec 000 §2 trash albums). */
  | { kind: 'export'; album: { id: string; name: string; media_count: number } }
  /** Files of the caller's trash. */
  | { kind: 'trash'; files: readonly TrashFile[] }
  /**
   * The whole trash: `fetchAll` lists it page by page (spec 000 §7 "trash file infos are
   * fetched in pages for trash downloads"), telling how far it got.
   */
  | {
      kind: 'trashAll';
      fetchAll: (
        onProgress: (done: number, total: number) => void,
        signal: AbortSignal,
      ) => Promise<TrashFile[]>;
    };

/** The requests not yet taken by the download center. */
export const downloadQueue = createStore<{ requests: readonly DownloadRequest[] }>(() => ({ requests: [] }));

/** Asks for a download; the download center (loaded on first use) carries it out. */
export function requestDownload(request: DownloadRequest): void {
  downloadQueue.setState(({ requests }) => ({ requests: [...requests, request] }));
}
