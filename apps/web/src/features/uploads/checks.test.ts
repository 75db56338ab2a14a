import { GIB } from '@trove/contract';
import { describe, expect, test } from 'vitest';
import { CONTRACT_MEDIA_EXTENSIONS, checkFile, checkNameAndSize, exceedsStorage } from './checks.ts';
import { inspectFiles } from './file-inspection.ts';

describe('upload checks (spec 000 §5)', () => {
  test('pictures and movies pass; documents and unknown types are UnSupported', () => {
    expect(checkNameAndSize('IMG_1.HEIC', 10, CONTRACT_MEDIA_EXTENSIONS)).toBeNull();
    expect(checkNameAndSize('clip.m4v', 10, CONTRACT_MEDIA_EXTENSIONS)).toBeNull();
    expect(checkNameAndSize('report.pdf', 10, CONTRACT_MEDIA_EXTENSIONS)).toBe('UnSupported');
    expect(checkNameAndSize('noext', 10, CONTRACT_MEDIA_EXTENSIONS)).toBe('UnSupported');
  });

  test('an empty picture is EmptyFile, not UnSupported (issue #23)', () => {
    expect(checkNameAndSize('empty.jpg', 0, CONTRACT_MEDIA_EXTENSIONS)).toBe('EmptyFile');
    expect(checkNameAndSize('one-byte.jpg', 1, CONTRACT_MEDIA_EXTENSIONS)).toBeNull();
  });

  test('over 200 GiB is TooLargeFile; exactly 200 GiB passes', () => {
    expect(checkNameAndSize('a.mov', 200 * GIB, CONTRACT_MEDIA_EXTENSIONS)).toBeNull();
    expect(checkNameAndSize('a.mov', 200 * GIB + 1, CONTRACT_MEDIA_EXTENSIONS)).toBe('TooLargeFile');
  });

  test('a file that cannot be read is FileIsFolder, whatever its name', async () => {
    const folder = new File([], 'Trip.jpg');
    folder.slice = () => {
      const blob = new Blob([]);
      blob.arrayBuffer = () => Promise.reject(new DOMException('is a directory', 'NotReadableError'));
      return blob;
    };
    const files = [new File(['xy'], 'a.jpg'), folder, new File(['x'], 'a.exe')];
    const facts = await inspectFiles(files);
    expect(facts).toEqual([
      { size: 2, isReadable: true },
      { size: 0, isReadable: false },
      { size: 1, isReadable: true },
    ]);
    expect(
      files.map((file, i) =>
        checkFile(file.name, facts[i] ?? { size: 0, isReadable: false }, CONTRACT_MEDIA_EXTENSIONS),
      ),
    ).toEqual([null, 'FileIsFolder', 'UnSupported']);
  });

  test('storage: refused past what is left; unlimited accounts always fit', () => {
    const account = { used_space: 14 * GIB, max_space: 15 * GIB };
    expect(exceedsStorage(GIB, account)).toBe(false);
    expect(exceedsStorage(GIB + 1, account)).toBe(true);
    expect(exceedsStorage(10_000 * GIB, { used_space: 0, max_space: 1000 * GIB })).toBe(false);
  });
});
