import { AlbumListSort, MOBILE_BREAKPOINT, isUnnamedTitle, type JobInfo } from '@trove/contract';

/** The albums list filters (spec 000 §2, §9: all, shared, private). */
export const ALBUM_FILTERS = ['all', 'shared', 'private'] as const;
export type AlbumFilter = (typeof ALBUM_FILTERS)[number];

/** The albums list sorts, in the order the menu offers them (spec 000 §9). */
export const ALBUM_SORTS: readonly AlbumListSort[] = AlbumListSort.options;

/** spec 000 §9: the albums list sorts by RECENT_ACTIVITY unless the user picks another. */
export const DEFAULT_ALBUM_SORT: AlbumListSort = 'RECENT_ACTIVITY';

/** What the user chose above the list. */
export interface AlbumListView {
  filter: AlbumFilter;
  sort: AlbumListSort;
  /** The search box's text; blank shows every album. */
  query: string;
}

/** The view a fresh /albums opens with. */
export const DEFAULT_ALBUM_LIST_VIEW: AlbumListView = { filter: 'all', sort: DEFAULT_ALBUM_SORT, query: '' };

/** spec 000 §3: an empty title, or the value `__new_album__`, means the album has no name. */
export function isUnnamed(title: string): boolean {
  return isUnnamedTitle(title);
}

/** The title to show: the album's own, or `unnamed` (the 'Unnamed album' placeholder of spec 000 §3). */
export function displayTitle(album: Pick<JobInfo, 'title'>, unnamed: string): string {
  return isUnnamed(album.title) ? unnamed : album.title;
}

/** Whether `album` passes the filter (spec 000 §9: shared is privacy_mode shared, §3 isShared). */
export function matchesFilter(album: Pick<JobInfo, 'isShared'>, filter: AlbumFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'shared':
      return album.isShared;
    case 'private':
      return !album.isShared;
  }
}

/** Lower case without accents, so 'cafe' finds 'Café' and 'ÅR' finds 'år'. */
function folded(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLocaleLowerCase();
}

/** Whether the shown title holds every word of `query` (blank matches everything). */
export function matchesSearch(title: string, query: string): boolean {
  const haystack = folded(title);
  return folded(query)
    .split(/\s+/)
    .filter((word) => word !== '')
    .every((word) => haystack.includes(word));
}

/** Compares numbers for a descending sort. */
const newestFirst = (a: number, b: number) => b - a;

/**
 * Orders albums for `sort`. RECENT_ACTIVITY is the latest change to the album (mtime, which
 * the server moves on every change; last_update, the change serial, breaks ties); NAME
 * goes by the shown title with `collator`, unnamed albums last. Ties fall back to newest
 * created, then id, so the order never depends on the server's.
 */
export function compareAlbums(sort: AlbumListSort, collator: Intl.Collator, unnamed: string) {
  const tieBreak = (a: JobInfo, b: JobInfo) => newestFirst(a.ctime, b.ctime) || a.id.localeCompare(b.id);
  return (a: JobInfo, b: JobInfo): number => {
    switch (sort) {
      case 'RECENT_ACTIVITY':
        return newestFirst(a.mtime, b.mtime) || newestFirst(a.last_update, b.last_update) || tieBreak(a, b);
      case 'NEWEST_CREATED':
        return tieBreak(a, b);
      case 'OLDEST_CREATED':
        return a.ctime - b.ctime || a.id.localeCompare(b.id);
      case 'NAME':
        return (
          Number(isUnnamed(a.title)) - Number(isUnnamed(b.title)) ||
          collator.compare(displayTitle(a, unnamed), displayTitle(b, unnamed)) ||
          tieBreak(a, b)
        );
    }
  };
}

/** Options of {@link visibleAlbums}. */
export interface AlbumTextOptions {
  /** The 'Unnamed album' placeholder in the UI language: shown, searched and sorted by. */
  unnamed: string;
  /** Compares titles in the UI language. */
  collator: Intl.Collator;
}

/** The albums the list shows for `view`: filtered, searched by shown title, sorted. */
export function visibleAlbums(
  albums: readonly JobInfo[],
  view: AlbumListView,
  { unnamed, collator }: AlbumTextOptions,
): JobInfo[] {
  return albums
    .filter((album) => matchesFilter(album, view.filter))
    .filter((album) => matchesSearch(displayTitle(album, unnamed), view.query))
    .sort(compareAlbums(view.sort, collator, unnamed));
}

/** spec 000 §2 breakpoint: under 600 px wide is a phone. */
export const MOBILE_BELOW_PX = MOBILE_BREAKPOINT;

/**
 * spec 000 §2, §9: album tiles are 296x320 on desktop, rows at most 1500 px wide; 190 high
 * full width on a phone. The 5 px gap makes five tiles exactly 1500 wide; the space around
 * a cover is padding inside its tile.
 */
export const ALBUM_TILE = {
  width: 296,
  height: 320,
  maxRowWidth: 1500,
  mobileHeight: 190,
  gap: 5,
  mobileGap: 8,
} as const;

/** How the albums grid is drawn in a container. */
export interface AlbumGridLayout {
  columns: number;
  tileWidth: number;
  tileHeight: number;
  gap: number;
  /** Width of a full row, tiles and gaps (never more than 1500 on desktop). */
  rowWidth: number;
  isMobile: boolean;
}

/**
 * The albums grid for a container `containerWidth` px wide in a viewport `viewportWidth`
 * wide: on a phone one full-width tile 190 high per row; otherwise as many 296x320 tiles
 * as fit in min(container, 1500), at least one.
 */
export function albumGridLayout(containerWidth: number, viewportWidth: number): AlbumGridLayout {
  const width = Math.max(0, Math.floor(containerWidth));
  if (viewportWidth < MOBILE_BELOW_PX) {
    return {
      columns: 1,
      tileWidth: width,
      tileHeight: ALBUM_TILE.mobileHeight,
      gap: ALBUM_TILE.mobileGap,
      rowWidth: width,
      isMobile: true,
    };
  }
  const { width: tileWidth, height: tileHeight, gap } = ALBUM_TILE;
  const room = Math.min(width, ALBUM_TILE.maxRowWidth);
  const columns = Math.max(1, Math.floor((room + gap) / (tileWidth + gap)));
  return {
    columns,
    tileWidth,
    tileHeight,
    gap,
    rowWidth: columns * tileWidth + (columns - 1) * gap,
    isMobile: false,
  };
}

/** spec 000 §9: thumbnails of elements 200 px wide or wider are the large (1280) ones. */
export const LARGE_THUMB_FROM_PX = 200;

/**
 * The cover's URL on the thumbnail host (the service directory's `thumb`, as timeline tiles
 * build theirs), the large rendition for tiles 200 px wide or wider; undefined without a cover.
 */
export function coverUrl(
  album: Pick<JobInfo, 'cover_thumb_url_small' | 'cover_thumb_url_large'>,
  thumbHost: string,
  tileWidth: number,
): string | undefined {
  const path =
    tileWidth >= LARGE_THUMB_FROM_PX
      ? (album.cover_thumb_url_large ?? album.cover_thumb_url_small)
      : (album.cover_thumb_url_small ?? album.cover_thumb_url_large);
  return path ? `${thumbHost}${path}` : undefined;
}

/**
 * The view a URL's query asks for (`?filter=shared&sort=NAME&q=trip`), so the list looks the
 * same after going into an album and back; unknown values fall back to the defaults.
 */
export function parseAlbumListView(params: URLSearchParams): AlbumListView {
  const filter = ALBUM_FILTERS.find((f) => f === params.get('filter'));
  const sort = ALBUM_SORTS.find((s) => s === params.get('sort'));
  return {
    filter: filter ?? DEFAULT_ALBUM_LIST_VIEW.filter,
    sort: sort ?? DEFAULT_ALBUM_LIST_VIEW.sort,
    query: params.get('q') ?? '',
  };
}

/** The query of `view`, leaving out what is the default. */
export function albumListParams(view: AlbumListView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.filter !== DEFAULT_ALBUM_LIST_VIEW.filter) params.set('filter', view.filter);
  if (view.sort !== DEFAULT_ALBUM_LIST_VIEW.sort) params.set('sort', view.sort);
  if (view.query !== '') params.set('q', view.query);
  return params;
}
