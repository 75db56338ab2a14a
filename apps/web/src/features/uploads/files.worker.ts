/**
 * File work that must not run on the page's thread (see [Note: Picked files off the main
 * thread]): walking dropped folders' FileSystemHandles, and reading each picked file's size
 * and first byte (for a File from a folder pick, `size` is a blocking disk lookup; 10,000 of
 * them froze the page for three seconds).
 */
import type { FileFacts, FilesReply, FilesRequest } from './file-inspection.ts';
import { isIgnoredName } from './walk-entries.ts';

interface WorkerScope {
  onmessage: ((event: MessageEvent<FilesRequest>) => void) | null;
  postMessage(message: FilesReply): void;
}
const scope = self as unknown as WorkerScope;
const BATCH = 500;
/** Files read at once for the readability check. */
const READS_AT_ONCE = 16;

scope.onmessage = (event) => {
  const request = event.data;
  if (request.type === 'walk') void walk(request.id, request.handles);
  else void inspect(request.id, request.files);
};

async function inspect(id: number, files: readonly File[]): Promise<void> {
  const facts: FileFacts[] = new Array<FileFacts>(files.length);
  let next = 0;
  const reader = async () => {
    while (next < files.length) {
      const index = next++;
      const file = files[index];
      if (!file) continue;
      try {
        const size = file.size;
        await file.slice(0, 1).arrayBuffer();
        facts[index] = { size, isReadable: true };
      } catch {
        facts[index] = { size: 0, isReadable: false };
      }
    }
  };
  await Promise.all(Array.from({ length: READS_AT_ONCE }, reader));
  scope.postMessage({ type: 'inspected', id, facts });
}

async function walk(id: number, handles: readonly FileSystemHandle[]): Promise<void> {
  const stack = handles.map((handle) => ({ handle, folder: '' }));
  let batch: { file: File; folder: string }[] = [];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { handle, folder } = next;
    if (isIgnoredName(handle.name)) continue;
    try {
      if (handle.kind === 'file') {
        batch.push({ file: await (handle as FileSystemFileHandle).getFile(), folder });
      } else {
        const path = folder ? `${folder}/${handle.name}` : handle.name;
        for await (const child of (handle as FileSystemDirectoryHandle).values()) {
          stack.push({ handle: child, folder: path });
        }
      }
    } catch {
      // A file or folder that vanished or may not be read is left out, as in walkEntries.
    }
    if (batch.length >= BATCH) {
      scope.postMessage({ type: 'batch', id, files: batch });
      batch = [];
    }
  }
  if (batch.length > 0) scope.postMessage({ type: 'batch', id, files: batch });
  scope.postMessage({ type: 'walked', id });
}
