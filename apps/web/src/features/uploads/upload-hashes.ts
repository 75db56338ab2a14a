import type { Hasher } from './hasher.ts';
import type { UploaderCore } from './uploader-types.ts';

/** The SHA-1 of each queued file, computed once and ahead of its turn. */
export interface UploadHashes {
  /** The hash of an item's file, started now if it is not running yet; undefined without a file. */
  of(id: number): Promise<string> | undefined;
  /**
   * Starts hashing the next queued files while `afterId` uploads: as many as the hasher
   * hashes at once (its workers), so a pool never idles while a file is sent or checked.
   */
  ahead(afterId: number): void;
  /** Drops an item's hash (it is done with); a file that will be retried keeps its own. */
  forget(id: number): void;
  clear(): void;
  /** Stops every hash in flight and forgets them all (Stop, dispose). */
  abort(): void;
}

/** See [Note: Upload hashing]. */
export function createUploadHashes(
  core: Pick<UploaderCore, 'files' | 'queue'>,
  hasher: Hasher,
): UploadHashes {
  const hashes = new Map<number, Promise<string>>();
  let hashAbort = new AbortController();

  function of(id: number): Promise<string> | undefined {
    const picked = core.files.get(id);
    if (!picked) return undefined;
    let hash = hashes.get(id);
    if (!hash) {
      hash = hasher.sha1(picked.file, hashAbort.signal);
      // A hash computed ahead may fail before anyone awaits it; upload() sees the failure.
      hash.catch(() => undefined);
      hashes.set(id, hash);
    }
    return hash;
  }

  return {
    of,
    ahead(afterId) {
      const next = core
        .queue()
        .items.filter((item) => item.id > afterId && item.status === 'Enqueued')
        .slice(0, hasher.width);
      for (const item of next) void of(item.id);
    },
    forget(id) {
      hashes.delete(id);
    },
    clear() {
      hashes.clear();
    },
    abort() {
      hashAbort.abort();
      hashAbort = new AbortController();
      hashes.clear();
    },
  };
}
