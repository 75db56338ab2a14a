import { createIntl } from 'react-intl';
import { describe, expect, test } from 'vitest';
import { anAccount, anAlbum, aFile } from '../../test/factories.ts';
import { formatSize, libraryFileCount, takeoutAlbums, toDownloadFile } from './model.ts';

const en = createIntl({ locale: 'en-US' });
const nb = createIntl({ locale: 'nb-NO' });

describe('takeout model', () => {
  test('the file count is photos, videos and documents, which the takeout downloads too (issue #23)', () => {
    const account = anAccount({
      file_type_counters: { picture_count: 1200, screenshot_count: 40, video_count: 34, document_count: 7 },
    });
    expect(libraryFileCount(account)).toBe(1241);
  });

  test('sizes in Bytes, KB, MB and GB, base 1024 (spec 000 §9), in the locale number format', () => {
    expect(formatSize(0, en)).toBe('0 Bytes');
    expect(formatSize(1023, en)).toBe('1,023 Bytes');
    expect(formatSize(1024, en)).toBe('1 KB');
    expect(formatSize(1536, en)).toBe('1.5 KB');
    expect(formatSize(1024 ** 2, en)).toBe('1 MB');
    expect(formatSize(1000 * 1024 ** 2, en)).toBe('1,000 MB');
    expect(formatSize(3.5 * 1024 ** 3, en)).toBe('3.5 GB');
    expect(formatSize(2048 * 1024 ** 3, en)).toBe('2,048 GB');
    expect(formatSize(3.5 * 1024 ** 3, nb)).toBe('3,5 GB');
  });

  test('only albums with at least one file are listed, in the order given', () => {
    const albums = [
      anAlbum({ id: 'a', media_count: 3 }),
      anAlbum({ id: 'b', media_count: 0 }),
      anAlbum({ id: 'c' }),
      anAlbum({ id: 'd', media_count: 1 }),
    ];
    expect(takeoutAlbums(albums).map((album) => album.id)).toEqual(['a', 'd']);
  });

  test('a listed file keeps its id, path and size, and its taken time in ms for the split by year', () => {
    const file = aFile({ id: 'f', path: 'Camera/f.jpg', size: 42, taken: 1_700_000_000 });
    expect(toDownloadFile(file)).toEqual({
      id: 'f',
      path: 'Camera/f.jpg',
      size: 42,
      takenAt: 1_700_000_000_000,
    });
  });
});
