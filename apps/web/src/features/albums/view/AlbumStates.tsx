import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { Icon } from '../../../ui/icons.tsx';
import { DeletedAlbumActions } from './DeletedAlbumActions.tsx';

/** Back to the albums list. */
export function BackToAlbums() {
  const intl = useIntl();
  return (
    <Link to="/albums" className="back-link">
      <Icon name="arrowBack" size={20} />
      {intl.formatMessage({ id: 'albums.back' })}
    </Link>
  );
}

/**
 * spec 000 §4 NOT_FOUND / FETCH_FAILED: the album-not-found page (spec 000 §8: expired,
 * deleted or misspelt link). TODO(#11): the visitor pages' own album-not-found page.
 */
export function AlbumNotFound() {
  const intl = useIntl();
  return (
    <EmptyState
      icon="albums"
      title={intl.formatMessage({ id: 'albums.notFoundTitle' })}
      text={intl.formatMessage({ id: 'albums.notFoundText' })}
      action={<BackToAlbums />}
    />
  );
}

/**
 * spec 000 §4 RECENTLY_DELETED: the album was deleted (it waits in the owner's trash); its
 * owner may restore it from here.
 */
export function AlbumDeleted({ albumId }: { albumId: string }) {
  const intl = useIntl();
  return (
    <EmptyState
      icon="delete"
      title={intl.formatMessage({ id: 'albumView.deletedTitle' })}
      text={intl.formatMessage({ id: 'albums.notFoundText' })}
      action={
        <>
          <DeletedAlbumActions albumId={albumId} />
          <BackToAlbums />
        </>
      }
    />
  );
}
