import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Icon } from '../../ui/icons.tsx';
import { UsageMeter } from '../../ui/UsageMeter.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useAccountInfoQuery } from '../auth/api.ts';
import { useTrashAlbumsQuery, useTrashCountQuery } from './api.ts';
import { TrashHeader, useTrashPaths } from './TrashHeader.tsx';
import './trash.css';

/**
 * Routes /deleted_items and /_from_inside_app/deleted_items: the trash hub of spec 000 §2,
 * two entries (photos and videos, albums), each with how much it holds once known, and the
 * account's usage: deleted items count until deleted for good (docs/SPEC-DEVIATIONS.md), so
 * this is where a full account sees space come back (issue #13).
 */
export function TrashHubPage() {
  const intl = useIntl();
  const paths = useTrashPaths();
  const files = useTrashCountQuery();
  const albums = useTrashAlbumsQuery();
  const account = useAccountInfoQuery().data;
  const title = intl.formatMessage({ id: 'trash.title' });
  usePageTitle(title);
  return (
    <section className="page page--narrow trash-page">
      <TrashHeader title={title} isHub />
      <p className="muted">{intl.formatMessage({ id: 'trash.hub.intro' })}</p>
      <nav className="card card--list" aria-label={title}>
        <Link to={paths.photos} className="list-link">
          <Icon name="photos" />
          <span className="list-link__text">
            <span className="list-link__title">{intl.formatMessage({ id: 'trash.hub.photos' })}</span>
            {files.data !== undefined && (
              <span className="muted">
                {intl.formatMessage({ id: 'trash.hub.photosCount' }, { count: files.data })}
              </span>
            )}
          </span>
          <Icon name="chevronRight" />
        </Link>
        <Link to={paths.albums} className="list-link">
          <Icon name="albums" />
          <span className="list-link__text">
            <span className="list-link__title">{intl.formatMessage({ id: 'trash.hub.albums' })}</span>
            {albums.data !== undefined && (
              <span className="muted">
                {intl.formatMessage({ id: 'trash.hub.albumsCount' }, { count: albums.data.length })}
              </span>
            )}
          </span>
          <Icon name="chevronRight" />
        </Link>
      </nav>
      {account && (
        <section className="card">
          <UsageMeter
            used={account.used_space}
            max={account.max_space}
            label={intl.formatMessage({ id: 'trash.hub.storage' })}
            usageText={(sizes) => intl.formatMessage({ id: 'trash.hub.usage' }, sizes)}
            bytesText={(count) => intl.formatMessage({ id: 'trash.hub.bytes' }, { count })}
          />
          <p className="muted">{intl.formatMessage({ id: 'trash.hub.storageNote' })}</p>
        </section>
      )}
    </section>
  );
}
