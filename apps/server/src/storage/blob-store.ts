import type { Readable } from 'node:stream';

/** A byte range, both ends inclusive (as in HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/** What a store knows of one blob. */
export interface BlobInfo {
  key: string;
  size: number;
  /** Last modification, milliseconds since the epoch. */
  mtime: number;
}

/** A write that did not complete: a temp file or an unfinished multipart upload. */
export interface PartialWrite {
  id: string;
  started: number;
}

/**
 * [Note: Blob storage] Where file bytes live. Keys are opaque ids the store makes up, never
 * user-supplied paths. `put` is atomic and durable: when it resolves the bytes survive a
 * crash, and until then no reader can see any of them. The database row that names a blob
 * is written only after `put` resolved, and removed before `delete` runs, so a crash can
 * leave an orphan blob (found and removed by `trove fsck`) but never a row without bytes.
 * Several rows may name one key (a copy to another user's timeline, see [Note: Copies]):
 * bytes are deleted only once no row names their key.
 */
export interface BlobStore {
  readonly kind: 'fs' | 's3';
  /** Streams `source` into a new blob; rejects (leaving nothing visible) if the stream fails. */
  put(source: Readable): Promise<BlobInfo>;
  /**
   * Makes a new blob of a complete, fsynced local file, which stays where it is (the caller
   * removes it). Where the store can, no byte is copied: the fs store hard-links the file
   * (a finished resumable upload of 10 GB becomes a blob at once); otherwise it streams the
   * file as `put` does. Same durability as `put`.
   */
  adopt(file: string): Promise<BlobInfo>;
  /**
   * Streams `source` into the blob `key`, a key this store made before (`trove restore` puts
   * a backup's blobs back under their keys; a key of the wrong shape is refused). Same
   * atomicity and durability as `put`; a blob already there is replaced whole.
   */
  putAt(key: string, source: Readable): Promise<BlobInfo>;
  /** Reads a blob, or a range of it. Rejects with BlobNotFoundError when it does not exist. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Size and time of a blob; undefined when it does not exist. */
  stat(key: string): Promise<BlobInfo | undefined>;
  /** Removes a blob; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Every blob, for the reconciler. */
  list(): AsyncIterable<BlobInfo>;
  /** Writes that started and never completed (crash, dropped connection). */
  listPartial(): Promise<PartialWrite[]>;
  /** Discards one unfinished write. */
  discardPartial(id: string): Promise<void>;
}

export class BlobNotFoundError extends Error {
  constructor(key: string) {
    super(`blob ${key} does not exist`);
    this.name = 'BlobNotFoundError';
  }
}
