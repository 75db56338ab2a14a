import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { SharedLink } from '@trove/contract';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Icon } from '../../ui/icons.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useSharedLinksQuery } from './api.ts';
import { linksOf } from './model.ts';
import { SharedLinkRow } from './SharedLinkRow.tsx';
import { StopLinkDialog } from './StopLinkDialog.tsx';
import './shared-links.css';

/**
 * Route /settings/shared-links (issue #23): every link the user handed out that still
 * opens, newest first — shares of files (30 days, spec 000 §9) and shared albums (/a/{id},
 * no expiry) — with the link to copy, its dates, password state and maker, and Stop
 * sharing behind a confirm. Reached from the settings and the user menu.
 */
export function SharedLinksPage() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'sharedLinks.title' });
  usePageTitle(title);
  return (
    <section className="page page--narrow shared-links">
      <Link to="/settings" className="back-link">
        <Icon name="arrowBack" size={20} />
        {intl.formatMessage({ id: 'nav.settings' })}
      </Link>
      <h1 className="page__title">{title}</h1>
      <p className="muted">{intl.formatMessage({ id: 'sharedLinks.intro' })}</p>
      <SharedLinksList />
    </section>
  );
}

function SharedLinksList() {
  const intl = useIntl();
  const query = useSharedLinksQuery();
  const [stopping, setStopping] = useState<SharedLink | null>(null);
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <PageSpinner />;
  const links = linksOf(query.data.pages);
  if (links.length === 0)
    return (
      <EmptyState
        icon="share"
        heading="h2"
        title={intl.formatMessage({ id: 'sharedLinks.emptyTitle' })}
        text={intl.formatMessage({ id: 'sharedLinks.emptyText' })}
      />
    );
  return (
    <>
      <ul className="shared-links__list">
        {links.map((link) => (
          <SharedLinkRow key={link.id} link={link} onStop={setStopping} />
        ))}
      </ul>
      {query.hasNextPage && (
        <button
          type="button"
          className="btn btn--secondary shared-links__more"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {intl.formatMessage({ id: 'sharedLinks.showMore' })}
        </button>
      )}
      {stopping && (
        <StopLinkDialog
          link={stopping}
          onClose={() => {
            setStopping(null);
          }}
        />
      )}
    </>
  );
}
