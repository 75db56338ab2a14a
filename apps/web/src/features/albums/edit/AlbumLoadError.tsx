import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { HttpError } from '../../../api/http-error.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { QueryError } from '../../../ui/QueryError.tsx';

/** An album the flow cannot load: gone or not the caller's (404) says so; any other failure offers a retry. */
export function AlbumLoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const intl = useIntl();
  if (error instanceof HttpError && error.status === 404) {
    return (
      <EmptyState
        icon="albums"
        title={intl.formatMessage({ id: 'albums.notFoundTitle' })}
        text={intl.formatMessage({ id: 'albums.notFoundText' })}
        action={
          <Link to="/albums" className="btn btn--secondary">
            {intl.formatMessage({ id: 'albums.back' })}
          </Link>
        }
      />
    );
  }
  return <QueryError error={error} onRetry={onRetry} />;
}
