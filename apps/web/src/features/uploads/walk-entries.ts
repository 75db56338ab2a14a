import type { PickedFile } from './uploader-types.ts';

/**
 * Turning a drop or a folder pick into files (spec 000 §5: drops walk directories
 * recursively and ignore .DS_Store). Where the browser hands out FileSystemHandles
 * (Chromium, secure origins) the walk runs in a worker (enumerate.worker.ts); elsewhere it
 * walks the FileSystemEntry tree here, one directory page at a time, which keeps the page
 * responsive because each read is its own task.
 */

/** Names that are never photos: Finder's folder settings (spec 000 §5). */
export function isIgnoredName(name: string): boolean {
  return name === '.DS_Store';
}

/** The folder part of a relative path: 'Trip/Day 1/a.jpg' → 'Trip/Day 1'. */
export function folderOf(relativePath: string): string {
  const cut = relativePath.lastIndexOf('/');
  return cut === -1 ? '' : relativePath.slice(0, cut);
}

/** Files of an `<input type=file>`, folder picks included (their webkitRelativePath). */
export function pickedFromInput(list: FileList | readonly File[]): PickedFile[] {
  return (
    [...list]
      .filter((file) => !isIgnoredName(file.name))
      // Not every File has webkitRelativePath (jsdom, files from a drop); they have no folder.
      .map((file) => ({ file, folder: folderOf((file.webkitRelativePath as string | undefined) ?? '') }))
  );
}

function readPage(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  return new Promise((resolve, reject) => {
    reader.readEntries(resolve, reject);
  });
}

function fileOf(entry: FileSystemFileEntry): Promise<File | undefined> {
  // A file that vanished or cannot be opened is left out rather than failing the drop.
  return new Promise((resolve) => {
    entry.file(resolve, () => {
      resolve(undefined);
    });
  });
}

const isDirectory = (entry: FileSystemEntry): entry is FileSystemDirectoryEntry => entry.isDirectory;
const isFile = (entry: FileSystemEntry): entry is FileSystemFileEntry => entry.isFile;

/**
 * Every file under `entries`, depth first, with its folder relative to the drop. Pages of
 * files are handed to `onBatch` as they are found, so a 10,000-file folder starts queueing
 * before the walk ends.
 */
export async function walkEntries(
  entries: readonly FileSystemEntry[],
  onBatch: (files: PickedFile[]) => void,
): Promise<void> {
  const stack: { entry: FileSystemEntry; folder: string }[] = entries.map((entry) => ({ entry, folder: '' }));
  let batch: PickedFile[] = [];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { entry, folder } = next;
    if (isIgnoredName(entry.name)) continue;
    if (isFile(entry)) {
      const file = await fileOf(entry);
      if (file) batch.push({ file, folder });
    } else if (isDirectory(entry)) {
      const path = folder ? `${folder}/${entry.name}` : entry.name;
      const reader = entry.createReader();
      // readEntries answers in pages (100 in Chromium) until it answers an empty one.
      for (let page = await readPage(reader); page.length > 0; page = await readPage(reader)) {
        for (const child of page.reverse()) stack.push({ entry: child, folder: path });
      }
    }
    if (batch.length >= 500) {
      onBatch(batch);
      batch = [];
    }
  }
  if (batch.length > 0) onBatch(batch);
}
