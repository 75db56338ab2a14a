import type { JobInfo } from '@trove/contract';
import { useLocation, useParams } from 'react-router';
import { PartBoundary } from '../../ui/ScreenBoundary.tsx';
import { useAlbumActivity } from '../comments/api.ts';
import { LazyCommentPanel } from '../comments/lazy.ts';
import { Viewer, type ViewerComments } from '../viewer/index.ts';
import { useAlbumQuery } from './api.ts';
import { useAlbumFileActions } from './view/use-add-to-my-timeline.ts';
import { useAlbumCarousel } from './view/use-album-carousel.ts';
import { useLiveAlbum } from './view/use-live-album.ts';

/**
 * Route /carousel/{albumId}/{fileId} (spec 000 §2): the album's files in the viewer, in the
 * album's file sort; #autoPlay runs the slideshow (5000 ms a picture, spec 000 §9). The
 * toolbar offers the album's file actions (See: [Note: File action registry]); closing returns to the album. The comments
 * button opens the comment panel of the file on screen, which follows the carousel
 * (issue #12); the long poll keeps both live.
 */
export function AlbumCarouselPage() {
  const { albumId = '', fileId = '' } = useParams();
  const location = useLocation();
  const album = useAlbumQuery(albumId);
  useLiveAlbum(albumId, album.data?.last_update);
  const carousel = useAlbumCarousel(fileId, album.data, album.error);
  const activity = useAlbumActivity(albumId, album.data !== undefined);
  const actions = useAlbumFileActions(albumId, album.data?.currentUserCan);
  const comments = (info: JobInfo): ViewerComments => ({
    countOf: (file) => activity.data?.get(file.id)?.comment_count ?? 0,
    renderPanel: (file, onClose) => (
      <PartBoundary>
        <LazyCommentPanel
          key={file.id}
          album={info}
          fileId={file.id}
          isLoggedIn
          onClose={onClose}
          onIdentityChange={() => void album.refetch()}
        />
      </PartBoundary>
    ),
  });
  return (
    <Viewer
      carousel={carousel}
      cameFromTimeline={(location.state as { fromGrid?: unknown } | null)?.fromGrid === true}
      exitTo={`/albums/${encodeURIComponent(albumId)}`}
      actions={actions}
      isOwner={album.data?.role === 'owner'}
      albumId={albumId}
      {...(album.data && { comments: comments(album.data) })}
    />
  );
}
