import { describe, expect, test } from 'vitest';
import { anAlbum } from '../../../test/factories.ts';
import { copyBatches, pickerEntries, pickerTileSize, PICKER_SIZES } from './model.ts';

const can = (addPhotos: boolean) => ({ ...anAlbum().currentUserCan, addPhotos });

const albums = [
  anAlbum({ id: 'mine', mtime: 10 }),
  anAlbum({ id: 'shared', mtime: 30, isShared: true, privacy_mode: 'shared' }),
  anAlbum({ id: 'no-uploads', mtime: 40, isShared: true, role: 'participant', currentUserCan: can(false) }),
  anAlbum({ id: 'here', mtime: 20 }),
];

describe('album picker rules (spec 000 §5)', () => {
  test('lists only albums the user may add photos to, most recently active first', () => {
    expect(pickerEntries(albums, 'add', undefined).map((e) => e.album.id)).toEqual([
      'shared',
      'here',
      'mine',
    ]);
  });

  test('share to album lists only shared albums', () => {
    expect(pickerEntries(albums, 'share', undefined).map((e) => e.album.id)).toEqual(['shared']);
  });

  test('the current album is listed disabled', () => {
    const entries = pickerEntries(albums, 'add', 'here');
    expect(entries.filter((e) => e.isDisabled).map((e) => e.album.id)).toEqual(['here']);
  });
});

test('tiles are 229x114 on desktop and 137x68 under 600 px (spec 000 §9)', () => {
  expect(pickerTileSize(1024)).toEqual({ width: 229, height: 114 });
  expect(pickerTileSize(599)).toEqual({ width: 137, height: 68 });
  // Two desktop tiles and their gap are the picker's 468.
  expect(2 * PICKER_SIZES.tile.width + 10).toBe(PICKER_SIZES.width);
});

test('copies go 500 file ids a call', () => {
  const ids = Array.from({ length: 1201 }, (_, i) => `f${String(i)}`);
  expect(copyBatches(ids).map((b) => b.length)).toEqual([500, 500, 201]);
  expect(copyBatches(ids).flat()).toEqual(ids);
  expect(copyBatches([])).toEqual([]);
});
