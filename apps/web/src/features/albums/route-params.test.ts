import { describe, expect, test } from 'vitest';
import {
  MISSING_ALBUM_ID,
  albumEditPath,
  albumIdFromParams,
  decodeAlbumIdB64,
  encodeAlbumIdB64,
  newAlbumPath,
  returnPath,
} from './route-params.ts';

describe('album route helpers (spec 000 §2)', () => {
  test('the id comes from albumID, else from the base64 albumIDB64', () => {
    expect(albumIdFromParams({ albumID: 'a-1' })).toBe('a-1');
    expect(albumIdFromParams({ albumIDB64: encodeAlbumIdB64('job/7+x') })).toBe('job/7+x');
    // Standard, padded base64 too.
    expect(albumIdFromParams({ albumIDB64: btoa('job-1') })).toBe('job-1');
  });
  test("neither gives the spec's error", () => {
    expect(() => albumIdFromParams({})).toThrow(MISSING_ALBUM_ID);
    expect(MISSING_ALBUM_ID).toBe('Must have params for either albumID or albumIDB64');
  });
  test('a value that is not base64 is no id', () => {
    expect(decodeAlbumIdB64('%%%')).toBeUndefined();
    expect(() => albumIdFromParams({ albumIDB64: '%%%' })).toThrow(MISSING_ALBUM_ID);
  });
  test('a return target of t goes to the timeline, anything else to the albums', () => {
    expect(returnPath('t')).toBe('/photos');
    expect(returnPath('a')).toBe('/albums');
    expect(returnPath(null)).toBe('/albums');
  });
  test('edit paths default to tab a and keep goToAfter', () => {
    expect(albumEditPath('x 1')).toBe('/albums/x%201/edit/a');
    expect(albumEditPath('x', 'addPhotos', 't')).toBe('/albums/x/edit/addPhotos?goToAfter=t');
    expect(newAlbumPath()).toBe('/albums/new/edit/a');
  });
});
