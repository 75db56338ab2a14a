import { createSHA1, type IHasher } from 'hash-wasm';
import { Sha1 } from './sha1-js.ts';

/** Bytes per read where a blob cannot stream; a stream decides its own chunk sizes. */
export const HASH_CHUNK_BYTES = 8 * 1024 * 1024;

/**
 * Files up to this size (photos, short videos) are read whole and hashed by the browser's
 * own SHA-1 (crypto.subtle: native code, SHA-NI where the CPU has it): 540-680 MB/s in
 * Chromium here against 360-400 for hash-wasm (bench/web-hash.ts). Larger ones stream,
 * since crypto.subtle cannot hash in pieces and a 4 GB video must not sit in memory.
 */
export const ONE_SHOT_MAX_BYTES = 64 * 1024 * 1024;

/** Streamed bytes are handed to hash-wasm in pieces of about this size (see sha1OfBlob). */
const COALESCE_BYTES = 1024 * 1024;

/**
 * The SHA-1 (hex) of a file or blob: whole by crypto.subtle up to ONE_SHOT_MAX_BYTES,
 * else read as a stream through hash-wasm's incremental SHA-1, because crypto.subtle can
 * only hash a whole buffer at once, which a 200 GiB video is not. Chromium reads a blob's stream at 700-900 MB/s, against under 400 MB/s for
 * 8 MiB `slice().arrayBuffer()` calls (measured here), so the stream keeps the hashing,
 * not the reading, the limit. `isCancelled` is asked between chunks; a cancelled hash
 * rejects with an AbortError.
 */
export async function sha1OfBlob(blob: Blob, isCancelled: () => boolean = () => false): Promise<string> {
  if (blob.size <= ONE_SHOT_MAX_BYTES) {
    const native = await nativeSha1(blob, isCancelled);
    if (native !== undefined) return native;
  }
  const hasher = await incrementalSha1();
  // Blobs without stream() (old engines, jsdom) are read in slices.
  if (typeof blob.stream !== 'function') return sliced(blob, hasher, isCancelled);
  const reader = blob.stream().getReader();
  try {
    // The next chunk is asked for before this one is hashed, so the browser reads while
    // the worker hashes; the stream's small chunks (64 KiB in Chromium) are gathered into
    // COALESCE_BYTES before hash-wasm sees them, as each call into WebAssembly costs: 314
    // MB/s in 64 KiB calls against 394 in 1 MiB ones in Chromium here.
    const gathered = new Uint8Array(COALESCE_BYTES);
    let filled = 0;
    let next = reader.read();
    for (;;) {
      const { done, value } = await next;
      if (done) break;
      next = reader.read();
      if (isCancelled()) throw new DOMException('hash cancelled', 'AbortError');
      if (value.byteLength >= COALESCE_BYTES) {
        if (filled > 0) hasher.update(gathered.subarray(0, filled));
        filled = 0;
        hasher.update(value);
        continue;
      }
      if (filled + value.byteLength > COALESCE_BYTES) {
        hasher.update(gathered.subarray(0, filled));
        filled = 0;
      }
      gathered.set(value, filled);
      filled += value.byteLength;
    }
    if (filled > 0) hasher.update(gathered.subarray(0, filled));
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    throw error;
  }
  return hasher.digest();
}

/**
 * The SHA-1 of a small blob by crypto.subtle, or undefined where there is none (it exists
 * only in secure contexts: a server reached over plain http on a LAN address has none).
 * A file that cannot be read rejects, as it would when streamed.
 */
async function nativeSha1(blob: Blob, isCancelled: () => boolean): Promise<string | undefined> {
  // Typed as always there, but undefined outside secure contexts.
  const subtle = globalThis.crypto.subtle as SubtleCrypto | undefined;
  if (subtle === undefined) return undefined;
  const bytes = await blob.arrayBuffer();
  if (isCancelled()) throw new DOMException('hash cancelled', 'AbortError');
  let digest: ArrayBuffer;
  try {
    digest = await subtle.digest('SHA-1', bytes);
  } catch {
    return undefined;
  }
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
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
