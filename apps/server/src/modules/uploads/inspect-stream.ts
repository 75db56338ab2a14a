import { createHash, type Hash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

/** Bytes kept from the start of an upload: enough to sniff the content and read EXIF. */
export const HEAD_BYTES = 256 * 1024;

export class TooLargeError extends Error {
  constructor() {
    super('file exceeds the size limit');
    this.name = 'TooLargeError';
  }
}

/**
 * Passes an upload through unchanged while computing SHA-1 (the spec's checksum, checked
 * against the client's and used for dedup), counting bytes against a cap, and keeping the
 * first HEAD_BYTES for sniffing. One pass, constant memory.
 *
 * The SHA-256 for scrubbing is not computed here but by the media worker from the stored
 * bytes: hashing both on the request path cost a quarter of ingest speed (bench/ingest.ts),
 * and a worker thread for it was measured no faster on two cores, with 80 MB more memory.
 */
export class InspectStream extends Transform {
  readonly #sha1: Hash = createHash('sha1');
  readonly #maxBytes: number;
  readonly #head: Buffer[] = [];
  #headLength = 0;
  bytes = 0;

  constructor(maxBytes: number) {
    super();
    this.#maxBytes = maxBytes;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.#maxBytes) {
      callback(new TooLargeError());
      return;
    }
    this.#sha1.update(chunk);
    if (this.#headLength < HEAD_BYTES) {
      const part = chunk.subarray(0, HEAD_BYTES - this.#headLength);
      this.#head.push(part);
      this.#headLength += part.length;
    }
    callback(null, chunk);
  }

  /** Digests and head; call once the stream has ended. */
  result(): { sha1: string; size: number; head: Buffer } {
    return {
      sha1: this.#sha1.digest('hex'),
      size: this.bytes,
      head: Buffer.concat(this.#head),
    };
  }
}
