import { describe, expect, test } from 'vitest';
import { anAlbum } from '../../../test/factories.ts';
import {
  albumGridLayout,
  albumListParams,
  coverUrl,
  DEFAULT_ALBUM_LIST_VIEW,
  displayTitle,
  isUnnamed,
  matchesSearch,
  parseAlbumListView,
  visibleAlbums,
  type AlbumListView,
} from './model.ts';

const text = { unnamed: 'Unnamed album', collator: new Intl.Collator('en') };
const ids = (albums: { id: string }[]) => albums.map((a) => a.id);
const view = (overrides: Partial<AlbumListView>): AlbumListView => ({
  ...DEFAULT_ALBUM_LIST_VIEW,
  ...overrides,
});

const albums = [
  anAlbum({
    id: 'trip',
    title: 'Trip to Bergen',
    ctime: 100,
    mtime: 500,
    isShared: true,
    privacy_mode: 'shared',
  }),
  anAlbum({ id: 'cats', title: 'cats', ctime: 300, mtime: 300 }),
  anAlbum({ id: 'blank', title: '', ctime: 200, mtime: 900 }),
  anAlbum({
    id: 'new',
    title: '__new_album__',
    ctime: 400,
    mtime: 100,
    isShared: true,
    privacy_mode: 'shared',
  }),
  anAlbum({ id: 'cafe', title: 'Café Øst', ctime: 50, mtime: 50 }),
];

describe('titles (spec 000 §3)', () => {
  test("an empty, blank or '__new_album__' title is unnamed and shows the placeholder", () => {
    expect(isUnnamed('')).toBe(true);
    expect(isUnnamed('   ')).toBe(true);
    expect(isUnnamed('__new_album__')).toBe(true);
    expect(isUnnamed('Summer')).toBe(false);
    expect(displayTitle({ title: '__new_album__' }, 'Unnamed album')).toBe('Unnamed album');
    expect(displayTitle({ title: 'Summer' }, 'Unnamed album')).toBe('Summer');
  });
});

describe('filters, sorts and search (spec 000 §9)', () => {
  test('RECENT_ACTIVITY is the default: latest change first', () => {
    expect(DEFAULT_ALBUM_LIST_VIEW.sort).toBe('RECENT_ACTIVITY');
    expect(ids(visibleAlbums(albums, DEFAULT_ALBUM_LIST_VIEW, text))).toEqual([
      'blank',
      'trip',
      'cats',
      'new',
      'cafe',
    ]);
  });

  test('equal activity falls back to the change serial, then the newest created', () => {
    const tied = [
      anAlbum({ id: 'a', mtime: 10, last_update: 1, ctime: 5 }),
      anAlbum({ id: 'b', mtime: 10, last_update: 2, ctime: 1 }),
      anAlbum({ id: 'c', mtime: 10, last_update: 1, ctime: 9 }),
    ];
    expect(ids(visibleAlbums(tied, DEFAULT_ALBUM_LIST_VIEW, text))).toEqual(['b', 'c', 'a']);
  });

  test('NEWEST_CREATED and OLDEST_CREATED go by creation time', () => {
    expect(ids(visibleAlbums(albums, view({ sort: 'NEWEST_CREATED' }), text))).toEqual([
      'new',
      'cats',
      'blank',
      'trip',
      'cafe',
    ]);
    expect(ids(visibleAlbums(albums, view({ sort: 'OLDEST_CREATED' }), text))).toEqual([
      'cafe',
      'trip',
      'blank',
      'cats',
      'new',
    ]);
  });

  test('NAME sorts by title ignoring case, unnamed albums last', () => {
    expect(ids(visibleAlbums(albums, view({ sort: 'NAME' }), text))).toEqual([
      'cafe',
      'cats',
      'trip',
      'new',
      'blank',
    ]);
  });

  test('shared lists only shared albums, private only the others', () => {
    expect(ids(visibleAlbums(albums, view({ filter: 'shared' }), text))).toEqual(['trip', 'new']);
    expect(ids(visibleAlbums(albums, view({ filter: 'private' }), text))).toEqual(['blank', 'cats', 'cafe']);
  });

  test('search matches every word of the shown title, without case or accents', () => {
    expect(matchesSearch('Trip to Bergen', 'bergen TRIP')).toBe(true);
    expect(matchesSearch('Trip to Bergen', 'oslo')).toBe(false);
    expect(matchesSearch('Café Øst', 'cafe')).toBe(true);
    expect(matchesSearch('anything', '   ')).toBe(true);
    expect(ids(visibleAlbums(albums, view({ query: 'unnamed' }), text))).toEqual(['blank', 'new']);
    expect(ids(visibleAlbums(albums, view({ query: 'ca', filter: 'private', sort: 'NAME' }), text))).toEqual([
      'cafe',
      'cats',
    ]);
  });
});

describe('the view in the query', () => {
  test('round-trips, leaving defaults out, and ignores unknown values', () => {
    const chosen = view({ filter: 'shared', sort: 'NAME', query: 'trip' });
    expect(albumListParams(chosen).toString()).toBe('filter=shared&sort=NAME&q=trip');
    expect(parseAlbumListView(albumListParams(chosen))).toEqual(chosen);
    expect(albumListParams(DEFAULT_ALBUM_LIST_VIEW).toString()).toBe('');
    expect(parseAlbumListView(new URLSearchParams('filter=nope&sort=SIZE'))).toEqual(DEFAULT_ALBUM_LIST_VIEW);
  });
});

describe('tile layout (spec 000 §2, §9)', () => {
  test('desktop tiles are 296x320, as many as fit, rows never wider than 1500', () => {
    expect(albumGridLayout(1000, 1200)).toMatchObject({
      columns: 3,
      tileWidth: 296,
      tileHeight: 320,
      isMobile: false,
    });
    const wide = albumGridLayout(2400, 2560);
    expect(wide.columns).toBe(5);
    expect(wide.rowWidth).toBeLessThanOrEqual(1500);
    expect(albumGridLayout(1500, 1600).rowWidth).toBe(1500);
  });

  test('a narrow desktop container still shows one tile', () => {
    expect(albumGridLayout(250, 700)).toMatchObject({ columns: 1, tileWidth: 296 });
  });

  test('under 600 px each tile is the full width and 190 high', () => {
    expect(albumGridLayout(351, 375)).toMatchObject({
      columns: 1,
      tileWidth: 351,
      tileHeight: 190,
      isMobile: true,
    });
    expect(albumGridLayout(560, 600).isMobile).toBe(false);
  });
});

describe('cover URL', () => {
  const album = { cover_thumb_url_small: '/th/3/c?area=256', cover_thumb_url_large: '/th/3/c?area=1280' };
  test('is the signed path after the thumb host, large from 200 px wide (spec 000 §9)', () => {
    expect(coverUrl(album, 'https://thumbs.example', 296)).toBe('https://thumbs.example/th/3/c?area=1280');
    expect(coverUrl(album, 'https://thumbs.example', 137)).toBe('https://thumbs.example/th/3/c?area=256');
  });
  test('is undefined for an album without a cover', () => {
    expect(coverUrl({ cover_thumb_url_small: null }, 'https://t', 296)).toBeUndefined();
    expect(coverUrl({}, 'https://t', 296)).toBeUndefined();
  });
});
