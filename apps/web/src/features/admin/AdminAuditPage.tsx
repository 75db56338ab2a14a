import { useIntl } from 'react-intl';
import type { AuditAction, AuditEntry } from '@trove/contract';
import type { MessageId } from '../../i18n/messages.ts';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { useAuditQuery } from './api.ts';
import { AdminPage, ShowMore, useDateTime } from './AdminNav.tsx';

/**
 * /admin/audit (issue #24): every operator action (who, what, whom, when), newest first, a
 * page at a time; the command line's as `cli:<system user>`.
 */
export function AdminAuditPage() {
  const intl = useIntl();
  const audit = useAuditQuery();
  const entries = audit.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <AdminPage title="admin.audit.title">
      <p className="muted">{intl.formatMessage({ id: 'admin.audit.intro' })}</p>
      {audit.isError && <QueryError error={audit.error} onRetry={() => void audit.refetch()} />}
      {!audit.data && !audit.isError && <PageSpinner />}
      {audit.data &&
        (entries.length === 0 ? (
          <p className="admin__empty">{intl.formatMessage({ id: 'admin.audit.none' })}</p>
        ) : (
          <ol className="card card--list admin-list">
            {entries.map((entry) => (
              <AuditRow key={entry.id} entry={entry} />
            ))}
          </ol>
        ))}
      <ShowMore query={audit} />
    </AdminPage>
  );
}

/** The words of each action, naming its target. */
const ACTION_TEXT: Record<AuditAction, MessageId> = {
  'operator.grant': 'admin.audit.action.operatorGrant',
  'operator.revoke': 'admin.audit.action.operatorRevoke',
  'user.disable': 'admin.audit.action.userDisable',
  'user.enable': 'admin.audit.action.userEnable',
  'terms.publish': 'admin.audit.action.termsPublish',
  'card.create': 'admin.audit.action.cardCreate',
  'card.end': 'admin.audit.action.cardEnd',
  'announcement.send': 'admin.audit.action.announcementSend',
  'deletion.restore': 'admin.audit.action.deletionRestore',
  'deletion.retry': 'admin.audit.action.deletionRetry',
  'work_item.retry': 'admin.audit.action.workItemRetry',
  'grant.create': 'admin.audit.action.grantCreate',
  'grant.end': 'admin.audit.action.grantEnd',
  'user.read_only': 'admin.audit.action.userReadOnly',
  'user.writable': 'admin.audit.action.userWritable',
};

function AuditRow({ entry }: { entry: AuditEntry }) {
  const intl = useIntl();
  const dateTime = useDateTime();
  const target = entry.target_label || intl.formatMessage({ id: 'admin.audit.goneTarget' });
  return (
    <li className="admin-row">
      <div className="admin-row__main">
        <span className="admin-row__title">
          {intl.formatMessage({ id: ACTION_TEXT[entry.action] }, { target })}
        </span>
        <span className="muted">
          {intl.formatMessage({ id: 'admin.audit.by' }, { actor: entry.actor, date: dateTime(entry.at) })}
        </span>
      </div>
    </li>
  );
}
