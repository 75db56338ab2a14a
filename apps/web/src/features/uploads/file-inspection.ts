import type { PickedFile } from './uploader-types.ts';

/**
 * [Note: Picked files off the main thread] A File from a folder pick or a drop learns its
 * size from the disk the first time it is asked, synchronously; so does slicing it. Asked
 * on the page's thread for 10,000 files, that froze the page for seconds. So the size and
 * the readability check (spec 000 §5 FileIsFolder) of picked files are read in a worker
 * (files.worker.ts), which also walks dropped folders where the browser gives handles.
 */

/** What the checks need to know of a file without touching it on the page's thread. */
export interface FileFacts {
  size: number;
  isReadable: boolean;
}

/** Messages to the files worker. */
export type FilesRequest =
  { type: 'walk'; id: number; handles: FileSystemHandle[] } | { type: 'inspect'; id: number; files: File[] };
/** Its answers. */
export type FilesReply =
  | { type: 'batch'; id: number; files: PickedFile[] }
  | { type: 'walked'; id: number }
  | { type: 'inspected'; id: number; facts: FileFacts[] };

let worker: Worker | undefined;
let nextId = 0;
const listeners = new Map<
  number,
  { onReply: (reply: FilesReply) => void; onError: (error: Error) => void }
>();

function filesWorker(): Worker | undefined {
  if (worker || typeof Worker === 'undefined') return worker;
  try {
    worker = new Worker(new URL('./files.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return undefined;
  }
  worker.onmessage = (event: MessageEvent<FilesReply>) => {
    listeners.get(event.data.id)?.onReply(event.data);
  };
  // A worker that cannot run (its script refused, say) fails what waits on it; the next
  // request makes a new one.
  worker.onerror = (event) => {
    worker?.terminate();
    worker = undefined;
    for (const listener of listeners.values()) listener.onError(new Error(event.message));
    listeners.clear();
  };
  return worker;
}

/**
 * Sends `request` (without its id) to the files worker; `onReply` hears every answer for
 * it until it returns true. Rejects when there is no worker.
 */
export function askFilesWorker(
  request: { type: 'walk'; handles: FileSystemHandle[] } | { type: 'inspect'; files: File[] },
  onReply: (reply: FilesReply) => boolean,
): Promise<void> {
  const target = filesWorker();
  if (!target) return Promise.reject(new Error('no worker'));
  const id = nextId++;
  return new Promise((resolve, reject) => {
    listeners.set(id, {
      onReply: (reply) => {
        if (!onReply(reply)) return;
        listeners.delete(id);
        resolve();
      },
      onError: reject,
    });
    target.postMessage({ ...request, id } satisfies FilesRequest);
  });
}

/** Reads size and readability on this thread: the fallback without workers (and jsdom). */
async function inspectHere(file: File): Promise<FileFacts> {
  try {
    await file.slice(0, 1).arrayBuffer();
    return { size: file.size, isReadable: true };
  } catch {
    return { size: 0, isReadable: false };
  }
}

/**
 * Files handed to the worker per message. Sending a File learns its size from the disk
 * too (the browser records it with the copy): 0.2 to 1 ms each, measured with 10,000
 * files; 50 a message keep each step of the page's thread near the 50 ms of a long task.
 */
const INSPECT_BATCH = 50;

async function inspectInWorker(files: File[]): Promise<FileFacts[] | undefined> {
  let facts: FileFacts[] | undefined;
  try {
    await askFilesWorker({ type: 'inspect', files }, (reply) => {
      if (reply.type !== 'inspected') return false;
      facts = reply.facts;
      return true;
    });
  } catch {
    // No worker, or it failed: the caller reads here.
  }
  return facts;
}

/** Size and readability of each file, read off the page's thread where possible. */
export async function inspectFiles(files: readonly File[]): Promise<FileFacts[]> {
  const facts: FileFacts[] = [];
  for (let start = 0; start < files.length; start += INSPECT_BATCH) {
    const batch = files.slice(start, start + INSPECT_BATCH);
    facts.push(...((await inspectInWorker(batch)) ?? (await Promise.all(batch.map(inspectHere)))));
  }
  return facts;
}
