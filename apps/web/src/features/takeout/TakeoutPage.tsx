import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Icon } from '../../ui/icons.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useBrand } from '../../i18n/brand-context.tsx';
import { useAlbumListQuery } from '../albums/index.ts';
import { useAccountInfoQuery } from '../auth/api.ts';
import { useTimelineJob } from '../library/api.ts';
import { AlbumsSection } from './AlbumsSection.tsx';
import { useTimelineDetails } from './api.ts';
import { useTakeoutDownloads, type TakeoutDownload } from './download-seam.ts';
import { LibrarySection } from './LibrarySection.tsx';
import { libraryFileCount, takeoutAlbums } from './model.ts';
import { PhotosSection } from './PhotosSection.tsx';
import { LimitDialog } from './TakeoutDialogs.tsx';
import { TakeoutIcon } from './takeout-icons.tsx';
import { usePhoneWidth } from './use-phone-width.ts';
import './takeout.css';

/** Props of {@link TakeoutPage}. */
export interface TakeoutPageProps {
  /** Where downloads go instead of this app's own (See: [Note: Takeout download seam]). */
  onDownload?: TakeoutDownload;
}

/**
 * Route /settings/takeout (spec 000 §2 Takeout), for a signed-in user: the whole library's
 * stats and help, the photos and videos as zip parts, and each album with at least one file
 * as a zip of its own. Desktop only: a phone gets a note instead. Back leads to the settings
 * until the privacy page exists (docs/SPEC-DEVIATIONS.md).
 */
export function TakeoutPage({ onDownload }: TakeoutPageProps) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'takeout.title' });
  usePageTitle(title);
  const isPhone = usePhoneWidth();
  return (
    <section className="page page--narrow takeout-page">
      <Link to="/settings" className="back-link">
        <Icon name="arrowBack" size={20} />
        {intl.formatMessage({ id: 'nav.settings' })}
      </Link>
      <h1 className="page__title">{title}</h1>
      {isPhone ? <PhoneNote /> : <TakeoutSections onDownload={onDownload} />}
    </section>
  );
}

function TakeoutSections({ onDownload }: TakeoutPageProps) {
  const intl = useIntl();
  const brand = useBrand();
  const account = useAccountInfoQuery();
  const job = useTimelineJob();
  const details = useTimelineDetails(job.data?.id);
  const albumList = useAlbumListQuery();
  const downloads = useTakeoutDownloads();
  const albums = useMemo(() => takeoutAlbums(albumList.data ?? []), [albumList.data]);

  if (account.isError) return <QueryError error={account.error} onRetry={() => void account.refetch()} />;
  if (job.isError) return <QueryError error={job.error} onRetry={() => void job.refetch()} />;
  if (!account.data || !job.data) return <PageSpinner />;
  const count = libraryFileCount(account.data);
  const size = details.data?.size;
  const download = onDownload ?? downloads.onDownload;
  return (
    <>
      <p className="muted">{intl.formatMessage({ id: 'takeout.intro' })}</p>
      <LibrarySection count={count} size={size} />
      <PhotosSection
        jobId={job.data.id}
        name={brand.name}
        count={count}
        size={size ?? 0}
        onDownload={download}
        library={downloads.library}
        downloadPart={downloads.downloadPart}
      />
      {albumList.isError ? (
        <QueryError error={albumList.error} onRetry={() => void albumList.refetch()} />
      ) : albumList.data ? (
        <AlbumsSection albums={albums} onDownload={download} />
      ) : (
        <PageSpinner />
      )}
      {downloads.alert && <LimitDialog alert={downloads.alert} onClose={downloads.dismissAlert} />}
    </>
  );
}

/** spec 000 §2 Takeout: "Desktop only; on mobile a note says so with a back link". */
function PhoneNote() {
  const intl = useIntl();
  return (
    <section className="empty-state" aria-labelledby="takeout-phone">
      <div className="empty-state__icon">
        <TakeoutIcon name="computer" size={48} />
      </div>
      <h2 id="takeout-phone" className="empty-state__title">
        {intl.formatMessage({ id: 'takeout.mobile.title' })}
      </h2>
      <p className="empty-state__text">{intl.formatMessage({ id: 'takeout.mobile.text' })}</p>
      <Link to="/settings" className="btn btn--secondary">
        {intl.formatMessage({ id: 'takeout.mobile.back' })}
      </Link>
    </section>
  );
}
