import { describe, expect, it, vi } from 'vitest';
import { DOWNLOAD_MAX_BYTES, GIB } from '@trove/contract';
import { downloadInParts, fitsOneDownload, paginate, type DownloadFile } from './parts.ts';

const MB = 1024 ** 2;
/** `count` files of `size` bytes taken in `year`, a minute apart. */
function files(count: number, year: number, size = MB, prefix = String(year)): DownloadFile[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `${prefix}-${String(i).padStart(4, '0')}`,
    path: `Camera/${prefix}-${String(i)}.jpg`,
    size,
    takenAt: new Date(year, 5, 1, 12, i).getTime(),
  }));
}

describe('download parts (spec 000 §5, §9)', () => {
  it('keeps a download within 500 items and 3.5 GB in one part named as asked', () => {
    const selection = files(500, 2024);
    expect(fitsOneDownload(selection)).toBe(true);
    expect(paginate(selection, 'Holiday')).toEqual([
      {
        fileIDs: selection.map((f) => f.id),
        totalSize: 500 * MB,
        name: 'Holiday',
        hasHEIC: false,
        clicked: false,
      },
    ]);
    expect(DOWNLOAD_MAX_BYTES).toBe(3.5 * GIB);
  });

  it('splits 600 files of one year into two equal parts of 300, oldest first', () => {
    const selection = files(600, 2024).reverse();
    const pages = paginate(selection, 'Photos');
    expect(pages.map((p) => [p.name, p.fileIDs.length])).toEqual([
      ['Photos(1)', 300],
      ['Photos(2)', 300],
    ]);
    expect(pages[0]?.fileIDs[0]).toBe('2024-0000');
    expect(pages[1]?.fileIDs.at(-1)).toBe('2024-0599');
  });

  it('splits by calendar year first, then a year still too large into equal parts', () => {
    const selection = [...files(100, 2022), ...files(1001, 2023), ...files(50, 2024)];
    expect(paginate(selection, 'All').map((p) => [p.name, p.fileIDs.length])).toEqual([
      ['All_2022', 100],
      ['All_2023(1)', 334],
      ['All_2023(2)', 334],
      ['All_2023(3)', 333],
      ['All_2024', 50],
    ]);
  });

  it('cuts by size as well as count: the larger of the two ceilings, one more while a part is over', () => {
    // 10 files of 1 GiB: 10 / 3.5 rounds up to 3 parts of 3, 4, 3 GiB; 4 GiB is over, so 4.
    const big = files(10, 2021, GIB);
    const pages = paginate(big, 'Video');
    expect(pages.map((p) => p.fileIDs.length)).toEqual([2, 3, 2, 3]);
    expect(pages.every((p) => p.totalSize <= DOWNLOAD_MAX_BYTES)).toBe(true);
    // A single file over the limit is a part of its own.
    const huge = [...files(1, 2021, 4 * GIB, 'huge'), ...files(1, 2021, MB, 'small')];
    expect(paginate(huge, 'Big').map((p) => p.fileIDs)).toEqual([['huge-0000'], ['small-0000']]);
  });

  it('splits the sizes evenly when the size is what does not fit: big and small files alike', () => {
    // 12.4 GiB in 4 parts of about 3.1 GiB: each 3 GiB video with its share of the small
    // photos, not 11 files a part (which would put the four videos in one part).
    const selection = [...files(4, 2022, 3 * GIB, 'video'), ...files(40, 2022, 10 * MB, 'photo')].map(
      (file, index) => ({ ...file, takenAt: new Date(2022, 0, 1, 0, index).getTime() }),
    );
    const pages = paginate(selection, 'Trip');
    expect(pages.map((p) => p.name)).toEqual(['Trip(1)', 'Trip(2)', 'Trip(3)', 'Trip(4)']);
    expect(pages.map((p) => p.fileIDs.filter((id) => id.startsWith('video')).length)).toEqual([1, 1, 1, 1]);
    expect(pages.flatMap((p) => p.fileIDs)).toHaveLength(44);
    expect(pages.every((p) => p.totalSize <= DOWNLOAD_MAX_BYTES)).toBe(true);
  });

  it('leaves folders and empty files out of the yearly split, and says which parts hold HEIC', () => {
    const selection = [
      ...files(300, 2020),
      ...files(300, 2021),
      { id: 'folder', path: 'Camera/', size: 10, takenAt: new Date(2020, 1, 1).getTime() },
      { id: 'empty', path: 'Camera/empty.jpg', size: 0, takenAt: new Date(2021, 1, 1).getTime() },
      { id: 'heic', path: 'Camera/x.heic', size: 5, takenAt: new Date(2021, 2, 1).getTime(), isHeic: true },
    ];
    const pages = paginate(selection, 'Mix');
    expect(pages.map((p) => [p.name, p.fileIDs.length, p.hasHEIC])).toEqual([
      ['Mix_2020', 300, false],
      ['Mix_2021', 301, true],
    ]);
    expect(pages.flatMap((p) => p.fileIDs)).not.toContain('folder');
    expect(pages.flatMap((p) => p.fileIDs)).not.toContain('empty');
  });

  it('refuses to paginate an empty list; a paginated download of one does nothing', () => {
    expect(() => paginate([], 'Nothing')).toThrow();
    const start = vi.fn();
    downloadInParts([], 'Nothing', start);
    expect(start).not.toHaveBeenCalled();
    downloadInParts(files(2, 2024), 'Two', start);
    expect(start).toHaveBeenCalledWith([expect.objectContaining({ name: 'Two' })]);
  });
});
