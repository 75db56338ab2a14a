import { useIntl } from 'react-intl';
import type { AdminAnnouncement } from '@trove/contract';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { useAdminAnnouncementsQuery } from './api.ts';
import { useDateTime } from './AdminNav.tsx';

/**
 * The announcements sent, the newest first, each with how many of its recipients it reached
 * and how many failed; asked again every few seconds while one is being sent (issue #24).
 */
export function AnnouncementList() {
  const intl = useIntl();
  const announcements = useAdminAnnouncementsQuery();
  const list = announcements.data?.announcements ?? [];
  return (
    <section aria-labelledby="admin-announcements-sent">
      <h2 id="admin-announcements-sent" className="admin__subtitle">
        {intl.formatMessage({ id: 'admin.announcements.listTitle' })}
      </h2>
      {announcements.isError && (
        <QueryError error={announcements.error} onRetry={() => void announcements.refetch()} />
      )}
      {!announcements.data && !announcements.isError && <PageSpinner />}
      {announcements.data &&
        (list.length === 0 ? (
          <p className="admin__empty">{intl.formatMessage({ id: 'admin.announcements.none' })}</p>
        ) : (
          <ul className="card card--list admin-list">
            {list.map((a) => (
              <AnnouncementRow key={a.id} announcement={a} />
            ))}
          </ul>
        ))}
    </section>
  );
}

function AnnouncementRow({ announcement: a }: { announcement: AdminAnnouncement }) {
  const intl = useIntl();
  const dateTime = useDateTime();
  const sending = a.state === 'sending';
  return (
    <li className="admin-row">
      <div className="admin-row__main">
        <span className="admin-row__title">{a.subject}</span>
        <span className="admin-row__badges">
          <span className={`badge${a.failed > 0 ? ' badge--danger' : ''}`}>
            {intl.formatMessage({ id: sending ? 'admin.announcements.sending' : 'admin.announcements.done' })}
          </span>
        </span>
        <span className="muted">
          {intl.formatMessage(
            { id: 'admin.announcements.by' },
            { date: dateTime(a.created_at), name: a.created_by },
          )}
        </span>
        <span className="muted" role={sending ? 'status' : undefined}>
          {intl.formatMessage(
            { id: 'admin.announcements.progress' },
            { done: a.sent, total: a.total, count: a.failed },
          )}
        </span>
      </div>
    </li>
  );
}
