/**
 * The hashing worker (see [Note: Upload hashing]): hashes files posted to it, one at a
 * time, so the page never stutters while a 4 GB video is read.
 */
import { sha1OfBlob } from './sha1.ts';
import type { HashReply, HashRequest } from './hasher.ts';

interface WorkerScope {
  onmessage: ((event: MessageEvent<HashRequest>) => void) | null;
  postMessage(message: HashReply): void;
}
const scope = self as unknown as WorkerScope;
const cancelled = new Set<number>();
let queue = Promise.resolve();

scope.onmessage = (event) => {
  const request = event.data;
  if (request.type === 'cancel') {
    cancelled.add(request.id);
    return;
  }
  queue = queue.then(async () => {
    const started = performance.now();
    try {
      const sha1 = await sha1OfBlob(request.file, () => cancelled.has(request.id));
      scope.postMessage({ id: request.id, sha1, bytes: request.file.size, ms: performance.now() - started });
    } catch (error) {
      const aborted = error instanceof DOMException && error.name === 'AbortError';
      scope.postMessage({
        id: request.id,
        error: aborted ? 'cancelled' : 'unreadable',
        detail: String(error),
      });
    } finally {
      cancelled.delete(request.id);
    }
  });
};
