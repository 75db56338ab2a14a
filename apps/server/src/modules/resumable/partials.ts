import { Transform, type Readable, type TransformCallback } from 'node:stream';
import type { UploadResult } from '@trove/contract';
import type { SignedInCaller } from '../../access/caller.ts';
import type { ResumableRow } from './resumable.repository.ts';

/** What one PATCH left behind. */
export interface Written {
  /** Where the upload's kept bytes now reach: the offset to record. */
  received: number;
  /** The blob holding this request's bytes, when parts live in the blob store. */
  part?: { key: string; size: number };
  /** The body broke off (after `received`); the request still fails with it. */
  failure?: Error;
  /** The request carried more bytes than the upload declared: none of it was kept. */
  overflowed: boolean;
}

/**
 * Where a resumable upload's bytes wait until the last one arrives (see [Note: Resumable
 * uploads]). Two places: one file in DATA_DIR/resumable for the fs store (no byte is
 * copied when it becomes the blob), or parts in the blob store for S3, which every node
 * reaches. The service keeps the offsets; these keep the bytes.
 */
export interface Partials {
  readonly kind: 'local' | 'store';
  /** Makes room for a new upload. */
  create(id: string): Promise<void>;
  /** Takes a PATCH's body at `row.offset`, keeping durably whatever of it arrived. */
  write(row: ResumableRow, body: Readable): Promise<Written>;
  /** Drops what `write` kept when another request moved the offset first. */
  discard(id: string, written: Written): Promise<void>;
  /** Takes the complete upload through the upload path (checks, dedup, quota, commit). */
  finish(auth: SignedInCaller, row: ResumableRow): Promise<UploadResult>;
  /** Frees the bytes of an upload that became a file (its row stays, with the answer). */
  release(id: string): Promise<void>;
  /** Frees the bytes of an upload whose row is gone; `partKeys` as the row's removal gave them. */
  remove(id: string, partKeys: readonly string[]): Promise<void>;
}

/**
 * Lets at most `limit` bytes through: a client may not write past Upload-Length. Past it,
 * the rest of the request is read and dropped (not an error, which would cut the
 * connection before the client hears why), and `overflowed` says so.
 */
export class CapStream extends Transform {
  #left: number;
  overflowed = false;
  constructor(limit: number) {
    super();
    this.#left = limit;
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.overflowed || chunk.length > this.#left) {
      this.overflowed = true;
      callback();
      return;
    }
    this.#left -= chunk.length;
    callback(null, chunk);
  }
}
