import { askFilesWorker } from './file-inspection.ts';
import type { PickedFile } from './uploader-types.ts';
import { isIgnoredName, walkEntries } from './walk-entries.ts';

/** Chromium's File System Access on drops; not in TypeScript's DOM library yet. */
type ItemWithHandle = DataTransferItem & { getAsFileSystemHandle?: () => Promise<FileSystemHandle | null> };

/** What a drop held. */
export interface DropResult {
  /** Folders were dropped but left out: Safari's folder drops are not supported (spec 000 §5). */
  skippedFolders: boolean;
}

/** Safari (not Chrome, Edge, Firefox or Android's browsers, whose agents also name Safari). */
export function isSafari(userAgent: string = navigator.userAgent): boolean {
  return /safari/i.test(userAgent) && !/chrome|chromium|crios|fxios|android|edg\//i.test(userAgent);
}

function walkInWorker(handles: FileSystemHandle[], onBatch: (files: PickedFile[]) => void): Promise<void> {
  return askFilesWorker({ type: 'walk', handles }, (reply) => {
    if (reply.type === 'batch') onBatch(reply.files);
    return reply.type === 'walked';
  });
}

/**
 * The files of a drop, folders walked recursively (spec 000 §5), handed to `onBatch` as
 * they are found. Must be called inside the drop handler: the browser lets the items be
 * read only during the event, so everything is taken from them before the first await.
 */
export async function collectDrop(
  dataTransfer: DataTransfer,
  onBatch: (files: PickedFile[]) => void,
  options: { isSafari?: boolean; canUseWorker?: boolean } = {},
): Promise<DropResult> {
  const safari = options.isSafari ?? isSafari();
  const canUseWorker = options.canUseWorker ?? typeof Worker !== 'undefined';
  const items = [...dataTransfer.items].filter((item) => item.kind === 'file');
  const entries = items.map((item) => item.webkitGetAsEntry());
  const hasFolders = entries.some((entry) => entry?.isDirectory === true);
  if (safari && hasFolders) {
    const loose = items.flatMap((item, i) => (entries[i]?.isDirectory ? [] : [item.getAsFile()]));
    onBatch(loose.flatMap((file) => (file && !isIgnoredName(file.name) ? [{ file, folder: '' }] : [])));
    return { skippedFolders: true };
  }
  const handles =
    hasFolders && canUseWorker ? items.map((item) => (item as ItemWithHandle).getAsFileSystemHandle?.()) : [];
  if (handles.length > 0 && handles.every((handle) => handle !== undefined)) {
    const walk = { delivered: false };
    try {
      const resolved = (await Promise.all(handles)).filter((handle) => handle !== null);
      await walkInWorker(resolved, (files) => {
        walk.delivered = true;
        onBatch(files);
      });
      return { skippedFolders: false };
    } catch (error) {
      // No handles (an insecure origin) or no worker: walk the entries here instead,
      // unless the worker got some way, which a second walk would repeat.
      if (walk.delivered) throw error;
    }
  }
  const usable = entries.filter((entry) => entry !== null);
  if (usable.length === entries.length) {
    await walkEntries(usable, onBatch);
  } else {
    // A browser without entries: the plain files (a folder among them fails the read check).
    const files = items.map((item) => item.getAsFile()).filter((file) => file !== null);
    onBatch(files.filter((file) => !isIgnoredName(file.name)).map((file) => ({ file, folder: '' })));
  }
  return { skippedFolders: false };
}
