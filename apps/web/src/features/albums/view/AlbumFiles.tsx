import type { AlbumFileSort, AlbumViewMode, JobInfo, RemoteFile, TimelineMonth } from '@trove/contract';
import { useCallback, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { TimelineGrid, type FileMenuRequest } from '../../timeline/index.ts';
import { useAlbumActivity } from '../../comments/api.ts';
import { ActivityBadgeLink } from '../ActivityBadge.tsx';
import { displayTitle } from '../list/model.ts';
import type { PlaceFileActions } from '../../file-actions/index.ts';
import { albumSource } from './album-api.ts';
import { AlbumFileMenu } from './AlbumFileMenu.tsx';
import { FlowGrid } from './FlowGrid.tsx';
import { albumSections } from './model.ts';
import { useAlbumFileActions } from './use-add-to-my-timeline.ts';

/** Props of {@link AlbumFiles}. */
export interface AlbumFilesProps {
  album: JobInfo;
  months: readonly TimelineMonth[];
  sort: AlbumFileSort;
  viewMode: AlbumViewMode;
}

/**
 * The album's files (spec 000 §2 Album view): in grid mode the timeline's virtualised grid
 * of square tiles, in flow mode the justified rows of [Note: Album flow layout]; both in the
 * album's file sort, both opening the album carousel, both with the album's file menu, and
 * each tile with its comment and love counts linking to its comments (issue #12). The
 * selection bar and the file menu offer the album's actions (See: [Note: File action registry]).
 */
export function AlbumFiles({ album, months, sort, viewMode }: AlbumFilesProps) {
  const intl = useIntl();
  const albumId = album.id;
  const isOwner = album.role === 'owner';
  // Downloads of a selection are named after the album (spec 000 §9 part names).
  const name = displayTitle(album, intl.formatMessage({ id: 'albums.unnamed' }));
  // Always set: the album is known here.
  const actions = useAlbumFileActions(albumId, album.currentUserCan) as PlaceFileActions;
  const source = useMemo(
    () => ({ ...albumSource(albumId, sort, isOwner, name), actions }),
    [albumId, sort, isOwner, name, actions],
  );
  const addedTitle = intl.formatMessage({ id: 'albumView.sort.ADDED' });
  const sections = useMemo(() => albumSections(months, sort, addedTitle), [months, sort, addedTitle]);
  const renderFileMenu = useCallback(
    (request: FileMenuRequest) => <AlbumFileMenu {...request} album={album} actions={actions} />,
    [album, actions],
  );
  const activity = useAlbumActivity(albumId).data;
  const renderTileOverlay = useCallback(
    (file: RemoteFile) => (
      <ActivityBadgeLink
        albumId={albumId}
        fileId={file.id}
        name={file.name}
        activity={activity?.get(file.id)}
      />
    ),
    [albumId, activity],
  );
  if (sections.length === 0) {
    return (
      <EmptyState
        icon="photos"
        title={intl.formatMessage({ id: 'albums.emptyAlbumTitle' })}
        text={intl.formatMessage({ id: 'albumView.emptyText' })}
      />
    );
  }
  // A new sort is a new grid: its sections, selection and scroll start over.
  return viewMode === 'grid' ? (
    <TimelineGrid
      key={sort}
      source={source}
      sections={sections}
      filter="all"
      renderFileMenu={renderFileMenu}
      renderTileOverlay={renderTileOverlay}
    />
  ) : (
    <FlowGrid
      key={sort}
      source={source}
      sections={sections}
      renderFileMenu={renderFileMenu}
      renderTileOverlay={renderTileOverlay}
    />
  );
}
