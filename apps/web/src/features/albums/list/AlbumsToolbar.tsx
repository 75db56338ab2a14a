import { useIntl } from 'react-intl';
import { AlbumIcon } from './album-icons.tsx';
import { ALBUM_FILTERS, ALBUM_SORTS, type AlbumListView } from './model.ts';

/** Props of {@link AlbumsToolbar}. */
export interface AlbumsToolbarProps {
  view: AlbumListView;
  onChange: (view: AlbumListView) => void;
}

/**
 * The controls above the albums list (spec 000 §2, §9): the filters all / shared / private
 * as toggle chips, the sort, and a search box that filters by title as one types.
 */
export function AlbumsToolbar({ view, onChange }: AlbumsToolbarProps) {
  const intl = useIntl();
  return (
    <div className="album-toolbar">
      <div role="group" aria-label={intl.formatMessage({ id: 'albums.filter.label' })} className="chips">
        {ALBUM_FILTERS.map((filter) => (
          <button
            key={filter}
            type="button"
            className="chip"
            aria-pressed={view.filter === filter}
            onClick={() => {
              onChange({ ...view, filter });
            }}
          >
            {intl.formatMessage({ id: `albums.filter.${filter}` })}
          </button>
        ))}
      </div>
      <div className="album-toolbar__controls">
        <div className="album-toolbar__search">
          <AlbumIcon name="search" />
          <input
            type="search"
            className="album-toolbar__input"
            aria-label={intl.formatMessage({ id: 'albums.search' })}
            placeholder={intl.formatMessage({ id: 'albums.search' })}
            value={view.query}
            maxLength={255}
            onChange={(event) => {
              onChange({ ...view, query: event.currentTarget.value });
            }}
          />
        </div>
        <select
          className="album-toolbar__select"
          aria-label={intl.formatMessage({ id: 'albums.sort.label' })}
          value={view.sort}
          onChange={(event) => {
            const value = event.currentTarget.value;
            onChange({ ...view, sort: ALBUM_SORTS.find((sort) => sort === value) ?? view.sort });
          }}
        >
          {ALBUM_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {intl.formatMessage({ id: `albums.sort.${sort}` })}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
