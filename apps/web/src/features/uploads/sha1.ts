import { createSHA1, type IHasher } from 'hash-wasm';
import { Sha1 } from './sha1-js.ts';

/** Bytes per read where a blob cannot stream; a stream decides its own chunk sizes. */
export const HASH_CHUNK_BYTES = 8 * 1024 * 1024;

/**
 * The SHA-1 (hex) of a file or blob, read as a stream. hash-wasm's incremental SHA-1 is
 * used because crypto.subtle can only hash a whole buffer at once, which a 200 GiB video
 * is not. Chromium reads a blob's stream at 700-900 MB/s, against under 400 MB/s for
 * 8 MiB `slice().arrayBuffer()` calls (measured here), so the stream keeps the hashing,
 * not the reading, the limit. `isCancelled` is asked between chunks; a cancelled hash
 * rejects with an AbortError.
 */
export async function sha1OfBlob(blob: Blob, isCancelled: () => boolean = () => false): Promise<string> {
  const hasher = await incrementalSha1();
  // Blobs without stream() (old engines, jsdom) are read in slices.
  if (typeof blob.stream !== 'function') return sliced(blob, hasher, isCancelled);
  const reader = blob.stream().getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (isCancelled()) throw new DOMException('hash cancelled', 'AbortError');
      hasher.update(value);
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    throw error;
  }
  return hasher.digest();
}

async function sliced(blob: Blob, hasher: IncrementalSha1, isCancelled: () => boolean): Promise<string> {
  for (let offset = 0; offset < blob.size; offset += HASH_CHUNK_BYTES) {
    const chunk = await blob.slice(offset, offset + HASH_CHUNK_BYTES).arrayBuffer();
    if (isCancelled()) throw new DOMException('hash cancelled', 'AbortError');
    hasher.update(new Uint8Array(chunk));
  }
  return hasher.digest();
}

/** What hashing needs of an incremental SHA-1. */
interface IncrementalSha1 {
  update(data: Uint8Array): void;
  digest(): string;
}

/** Idle hash-wasm instances: instantiating WebAssembly per file cost more than hashing a photo. */
const idle: IHasher[] = [];

/** hash-wasm's SHA-1, or the plain one where WebAssembly may not be compiled (see sha1-js.ts). */
async function incrementalSha1(): Promise<IncrementalSha1> {
  try {
    const wasm = idle.pop() ?? (await createSHA1());
    wasm.init();
    return {
      update: (data) => wasm.update(data),
      digest: () => {
        const digest = wasm.digest('hex');
        idle.push(wasm);
        return digest;
      },
    };
  } catch {
    return new Sha1();
  }
}
