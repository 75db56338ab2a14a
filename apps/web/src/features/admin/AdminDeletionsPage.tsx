import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { AdminDeletion } from '@trove/contract';
import type { MessageId } from '../../i18n/messages.ts';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { useAdminDeletionsQuery, useDeletionActionMutation } from './api.ts';
import { AdminPage, ShowMore, useDateTime } from './AdminNav.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';

/**
 * /admin/deletions (issue #24; RESEARCH-ACCOUNT-PAYMENTS §2.1): the account deletions not
 * done, the oldest request first, with their stage and last error. One in its grace period
 * can be restored; a failed one retried from its stage. Each after a confirm.
 */
export function AdminDeletionsPage() {
  const intl = useIntl();
  const deletions = useAdminDeletionsQuery();
  const [confirming, setConfirming] = useState<Pending | null>(null);
  const list = deletions.data?.pages.flatMap((page) => page.deletions) ?? [];
  return (
    <AdminPage title="admin.deletions.title">
      <p className="muted">{intl.formatMessage({ id: 'admin.deletions.intro' })}</p>
      {deletions.isError && <QueryError error={deletions.error} onRetry={() => void deletions.refetch()} />}
      {!deletions.data && !deletions.isError && <PageSpinner />}
      {deletions.data &&
        (list.length === 0 ? (
          <p className="admin__empty">{intl.formatMessage({ id: 'admin.deletions.none' })}</p>
        ) : (
          <ul className="card card--list admin-list">
            {list.map((deletion) => (
              <DeletionRow key={deletion.user_id} deletion={deletion} onAct={setConfirming} />
            ))}
          </ul>
        ))}
      <ShowMore query={deletions} />
      {confirming && (
        <ConfirmAction
          pending={confirming}
          onClose={() => {
            setConfirming(null);
          }}
        />
      )}
    </AdminPage>
  );
}

interface Pending {
  deletion: AdminDeletion;
  action: 'restore' | 'retry';
}

const STATE_TEXT: Record<AdminDeletion['state'], MessageId> = {
  scheduled: 'admin.deletions.state.scheduled',
  running: 'admin.deletions.state.running',
  failed: 'admin.deletions.state.failed',
};

/** The stages of the deletion job (server: DELETION_STAGES), in the operator's words. */
const STAGE_TEXT: Record<string, MessageId> = {
  billing: 'admin.deletions.stage.billing',
  shares: 'admin.deletions.stage.shares',
  comments: 'admin.deletions.stage.comments',
  files_elsewhere: 'admin.deletions.stage.filesElsewhere',
  memberships: 'admin.deletions.stage.memberships',
  own_jobs: 'admin.deletions.stage.ownJobs',
  private: 'admin.deletions.stage.private',
  blobs: 'admin.deletions.stage.blobs',
  account: 'admin.deletions.stage.account',
  notify: 'admin.deletions.stage.notify',
};

function DeletionRow({ deletion, onAct }: { deletion: AdminDeletion; onAct: (p: Pending) => void }) {
  const intl = useIntl();
  const dateTime = useDateTime();
  const stage = STAGE_TEXT[deletion.stage];
  const action = deletion.state === 'scheduled' ? 'restore' : deletion.state === 'failed' ? 'retry' : null;
  return (
    <li className="admin-row">
      <div className="admin-row__main">
        <span className="admin-row__title">{deletion.email}</span>
        {deletion.name !== null && <span className="muted">{deletion.name}</span>}
        <span className="admin-row__badges">
          <span className={`badge${deletion.state === 'failed' ? ' badge--danger' : ''}`}>
            {intl.formatMessage({ id: STATE_TEXT[deletion.state] })}
          </span>
        </span>
        <span className="muted">
          {intl.formatMessage(
            { id: 'admin.deletions.dates' },
            { requested: dateTime(deletion.requested), due: dateTime(deletion.due) },
          )}
        </span>
        <span className="muted">
          {intl.formatMessage(
            { id: 'admin.deletions.progress' },
            { stage: stage ? intl.formatMessage({ id: stage }) : deletion.stage, count: deletion.attempts },
          )}
        </span>
        {deletion.last_error !== null && (
          <span className="admin-row__error">
            {intl.formatMessage({ id: 'admin.lastError' }, { error: deletion.last_error })}
          </span>
        )}
      </div>
      {action && (
        <button
          type="button"
          className="btn btn--secondary"
          aria-label={intl.formatMessage(
            { id: action === 'restore' ? 'admin.deletions.restoreNamed' : 'admin.deletions.retryNamed' },
            { email: deletion.email },
          )}
          onClick={() => {
            onAct({ deletion, action });
          }}
        >
          {intl.formatMessage({ id: action === 'restore' ? 'admin.deletions.restore' : 'admin.retry' })}
        </button>
      )}
    </li>
  );
}

function ConfirmAction({ pending, onClose }: { pending: Pending; onClose: () => void }) {
  const intl = useIntl();
  const act = useDeletionActionMutation();
  const restore = pending.action === 'restore';
  return (
    <ConfirmDialog
      title={intl.formatMessage(
        { id: restore ? 'admin.deletions.restoreTitle' : 'admin.deletions.retryTitle' },
        { email: pending.deletion.email },
      )}
      text={intl.formatMessage({ id: restore ? 'admin.deletions.restoreText' : 'admin.deletions.retryText' })}
      confirmLabel={intl.formatMessage({ id: restore ? 'admin.deletions.restore' : 'admin.retry' })}
      pending={act.isPending}
      failed={act.isError}
      onClose={onClose}
      onConfirm={() => {
        act.mutate({ userId: pending.deletion.user_id, action: pending.action }, { onSuccess: onClose });
      }}
    />
  );
}
