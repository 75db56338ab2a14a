import type { AccountInfo } from '@trove/contract';
import type { StoreApi } from 'zustand/vanilla';
import type { HttpClient } from '../../api/http-client.ts';
import type { Hasher } from './hasher.ts';
import { INITIAL_UPLOADER_STATE, type UploadAction, type UploaderState } from './model.ts';
import type { SendBytes } from './transport.ts';

/** A file the user picked or dropped, with the folder it came from ('' for none). */
export interface PickedFile {
  file: File;
  folder: string;
}

/**
 * What a target accepts. `media`: pictures and movies, documents refused as UnSupported
 * (spec 000 §5), the timeline's and the albums' uploads. `documents`: documents only, the
 * uploads of the documents screen (spec 000 §2 /documents), which go into the timeline job
 * where the documents listing finds them and the timeline never shows them.
 */
export type UploadKind = 'media' | 'documents';

/**
 * Where added files go: the caller's timeline (the default), or an album, maybe also copied
 * to the timeline once there (spec 000 §4 Upload item, [Note: Copy to the timeline]).
 */
export interface UploadTarget {
  jobId: string;
  alsoTimeline: boolean;
  /** What the target accepts; `media` when left out. */
  kind?: UploadKind;
}

/** A message the panel shows about an add that did not happen (spec 000 §5, §8). */
export type UploadNotice = 'insufficientStorage' | 'needsSubscription' | 'safariFolder' | 'addFailed';

/** Everything the upload UI reads. */
export interface UploaderView {
  queue: UploaderState;
  /** spec 000 §4: the panel opens when uploads start or rejections grow. */
  isPanelOpen: boolean;
  /** While Offline: the file that failed and the seconds until it is retried. */
  retry: { itemId: number; seconds: number } | null;
  /** Files picked or dropped whose checks still run, before they join the queue. */
  preparing: number;
  notice: UploadNotice | null;
}

/** The empty queue's view, its panel closed: where the uploader and its stand-in start. */
export const INITIAL_UPLOADER_VIEW: UploaderView = {
  queue: INITIAL_UPLOADER_STATE,
  isPanelOpen: false,
  retry: null,
  preparing: 0,
  notice: null,
};

/** What the uploader needs from the app. */
export interface UploaderDeps {
  api: HttpClient;
  send: SendBytes;
  hasher: Hasher;
  getTimelineJobId(): Promise<string>;
  getAccount(): Promise<Pick<AccountInfo, 'used_space' | 'max_space' | 'is_read_only_user'>>;
  /** Where resumable uploads are remembered (localStorage in the app). */
  resumeStore?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** Told when a batch finished, to refresh what depends on uploads (storage used). */
  onBatchFinished?(): void;
}

/**
 * What the parts of the uploader share: the view store, the queue's state and its one way
 * to change (`dispatch` through the reducer of model.ts), and the bytes of each item.
 */
export interface UploaderCore {
  store: StoreApi<UploaderView>;
  queue(): UploaderState;
  dispatch(action: UploadAction): void;
  /** The picked file of each queued item, by item id. */
  files: Map<number, PickedFile>;
}
