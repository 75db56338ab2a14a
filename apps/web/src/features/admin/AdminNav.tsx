import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { NavLink } from 'react-router';
import { usePageTitle } from '../../ui/use-page-title.ts';
import type { MessageId } from '../../i18n/messages.ts';
import './admin.css';

const TABS: readonly { to: string; label: MessageId }[] = [
  { to: '/admin', label: 'admin.nav.users' },
  { to: '/admin/audit', label: 'admin.nav.audit' },
  { to: '/admin/terms', label: 'admin.nav.terms' },
  { to: '/admin/cards', label: 'admin.nav.cards' },
  { to: '/admin/announcements', label: 'admin.nav.announcements' },
  { to: '/admin/deletions', label: 'admin.nav.deletions' },
  { to: '/admin/work', label: 'admin.nav.work' },
];

/** A page of the admin area: its heading, the area's tabs, and the page. */
export function AdminPage({ title, children }: { title: MessageId; children: ReactNode }) {
  const intl = useIntl();
  const heading = intl.formatMessage({ id: title });
  usePageTitle(`${heading} · ${intl.formatMessage({ id: 'admin.title' })}`);
  return (
    <section className="page admin">
      <p className="admin__area muted">{intl.formatMessage({ id: 'admin.title' })}</p>
      <nav className="admin__tabs" aria-label={intl.formatMessage({ id: 'admin.title' })}>
        {TABS.map((tab) => (
          <NavLink key={tab.to} to={tab.to} end className="admin__tab">
            {intl.formatMessage({ id: tab.label })}
          </NavLink>
        ))}
      </nav>
      <h1 className="page__title">{heading}</h1>
      {children}
    </section>
  );
}

/** A date and time as the admin area shows them; seconds since the epoch. */
export function useDateTime() {
  const intl = useIntl();
  return (seconds: number) => intl.formatDate(seconds * 1000, { dateStyle: 'medium', timeStyle: 'short' });
}

/** "Show more" under a list read a page at a time, while there is a next page. */
export function ShowMore({
  query,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
}) {
  const intl = useIntl();
  if (!query.hasNextPage) return null;
  return (
    <button
      type="button"
      className="btn btn--secondary admin__more"
      disabled={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      {intl.formatMessage({ id: 'admin.showMore' })}
    </button>
  );
}
