import { useLocation, useParams } from 'react-router';
import { useAccountInfoQuery } from '../auth/api.ts';
import { Viewer } from '../viewer/ViewerPage.tsx';
import { useAlbumQuery } from './api.ts';
import { canDeleteFile } from './view/model.ts';
import { useAlbumCarousel } from './view/use-album-carousel.ts';
import { useLiveAlbum } from './view/use-live-album.ts';

/**
 * Route /carousel/{albumId}/{fileId} (spec 000 §2): the album's files in the viewer, in the
 * album's file sort; #autoPlay runs the slideshow (5000 ms a picture, spec 000 §9). Delete
 * is offered per currentUserCan (spec 000 §6); closing returns to the album.
 */
export function AlbumCarouselPage() {
  const { albumId = '', fileId = '' } = useParams();
  const location = useLocation();
  const album = useAlbumQuery(albumId);
  const me = useAccountInfoQuery().data?.uuid;
  useLiveAlbum(albumId, album.data?.last_update);
  const carousel = useAlbumCarousel(fileId, album.data, album.error);
  const can = album.data?.currentUserCan;
  return (
    <Viewer
      carousel={carousel}
      cameFromTimeline={(location.state as { fromGrid?: unknown } | null)?.fromGrid === true}
      exitTo={`/albums/${encodeURIComponent(albumId)}`}
      canDelete={(file) => can !== undefined && canDeleteFile(can, file, me)}
      isOwner={album.data?.role === 'owner'}
    />
  );
}
