import { describe, expect, test } from 'vitest';
import { folderOf, pickedFromInput, walkEntries } from './walk-entries.ts';
import type { PickedFile } from './uploader-types.ts';

/** A FileSystemEntry tree in memory; directories answer readEntries in pages of 2. */
function fileEntry(name: string): FileSystemFileEntry {
  return {
    name,
    isFile: true,
    isDirectory: false,
    file: (resolve: (file: File) => void) => {
      resolve(new File(['x'], name));
    },
  } as unknown as FileSystemFileEntry;
}
function dirEntry(name: string, children: FileSystemEntry[]): FileSystemDirectoryEntry {
  return {
    name,
    isFile: false,
    isDirectory: true,
    createReader: () => {
      let at = 0;
      return {
        readEntries: (resolve: (entries: FileSystemEntry[]) => void) => {
          const page = children.slice(at, at + 2);
          at += page.length;
          setTimeout(() => {
            resolve(page);
          }, 0);
        },
      };
    },
  } as unknown as FileSystemDirectoryEntry;
}

const paths = (files: PickedFile[]) =>
  files.map(({ file, folder }) => (folder ? `${folder}/${file.name}` : file.name)).sort();

describe('walking a drop (spec 000 §5: recursive, .DS_Store ignored)', () => {
  test('finds every file in nested folders, in pages, with its folder', async () => {
    const tree = [
      dirEntry('Trip', [
        fileEntry('a.jpg'),
        fileEntry('.DS_Store'),
        dirEntry('Day 2', [fileEntry('b.heic'), fileEntry('c.mp4'), fileEntry('d.jpg')]),
      ]),
      fileEntry('loose.png'),
    ];
    const found: PickedFile[] = [];
    await walkEntries(tree, (batch) => found.push(...batch));
    expect(paths(found)).toEqual([
      'Trip/Day 2/b.heic',
      'Trip/Day 2/c.mp4',
      'Trip/Day 2/d.jpg',
      'Trip/a.jpg',
      'loose.png',
    ]);
  });

  test('hands big folders over in batches of 500', async () => {
    const many = Array.from({ length: 1200 }, (_, i) => fileEntry(`${String(i)}.jpg`));
    const batches: number[] = [];
    await walkEntries([dirEntry('Big', many)], (batch) => batches.push(batch.length));
    expect(batches).toEqual([500, 500, 200]);
  });

  test('folder picks keep their relative folder; .DS_Store is dropped', () => {
    const withPath = (name: string, path: string) => {
      const file = new File(['x'], name);
      Object.defineProperty(file, 'webkitRelativePath', { value: path });
      return file;
    };
    const picked = pickedFromInput([
      withPath('a.jpg', 'Trip/Day 1/a.jpg'),
      withPath('.DS_Store', 'Trip/.DS_Store'),
    ]);
    expect(picked.map((p) => [p.file.name, p.folder])).toEqual([['a.jpg', 'Trip/Day 1']]);
    expect(folderOf('a.jpg')).toBe('');
  });
});
