import { createSHA1 } from 'hash-wasm';
import { Sha1 } from './sha1-js.ts';

/**
 * Bytes read and hashed per step. Large enough that the WebAssembly call overhead
 * vanishes, small enough that two chunks in flight stay a few MiB of memory.
 */
export const HASH_CHUNK_BYTES = 8 * 1024 * 1024;

/**
 * The SHA-1 (hex) of a file or blob, read chunk by chunk with the next chunk's read
 * overlapping this chunk's hashing. hash-wasm's incremental SHA-1 is used because
 * crypto.subtle can only hash a whole buffer at once, which a 200 GiB video is not.
 * `isCancelled` is asked between chunks; a cancelled hash rejects with an AbortError.
 */
export async function sha1OfBlob(blob: Blob, isCancelled: () => boolean = () => false): Promise<string> {
  const hasher = await incrementalSha1();
  const read = (offset: number) =>
    blob
      .slice(offset, Math.min(blob.size, offset + HASH_CHUNK_BYTES))
      .arrayBuffer()
      .then((buffer) => new Uint8Array(buffer));
  let pending = blob.size > 0 ? read(0) : undefined;
  for (let offset = 0; pending; offset += HASH_CHUNK_BYTES) {
    const chunk = await pending;
    if (isCancelled()) throw new DOMException('hash cancelled', 'AbortError');
    const nextOffset = offset + HASH_CHUNK_BYTES;
    pending = nextOffset < blob.size ? read(nextOffset) : undefined;
    hasher.update(chunk);
  }
  return hasher.digest();
}

/** What hashing needs of an incremental SHA-1. */
interface IncrementalSha1 {
  update(data: Uint8Array): void;
  digest(): string;
}

/** hash-wasm's SHA-1, or the plain one where WebAssembly may not be compiled (see sha1-js.ts). */
async function incrementalSha1(): Promise<IncrementalSha1> {
  try {
    const wasm = await createSHA1();
    wasm.init();
    return { update: (data) => wasm.update(data), digest: () => wasm.digest('hex') };
  } catch {
    return new Sha1();
  }
}
