import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { AdminWorkItem } from '@trove/contract';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { useAdminWorkItemsQuery, useRetryWorkItemMutation } from './api.ts';
import { AdminPage, ShowMore, useDateTime } from './AdminNav.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';

/**
 * /admin/work (issue #24; RESEARCH-ACCOUNT-PAYMENTS §3 "failed items with retry"): the
 * background work that will not run by itself, counted by kind, then item by item, the
 * oldest first: failed (out of attempts) or stuck (its worker stopped renewing its lease).
 * Either can be run again after a confirm.
 */
export function AdminWorkItemsPage() {
  const intl = useIntl();
  const work = useAdminWorkItemsQuery();
  const [confirming, setConfirming] = useState<AdminWorkItem | null>(null);
  const first = work.data?.pages[0];
  const items = work.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <AdminPage title="admin.work.title">
      <p className="muted">{intl.formatMessage({ id: 'admin.work.intro' })}</p>
      {work.isError && <QueryError error={work.error} onRetry={() => void work.refetch()} />}
      {!work.data && !work.isError && <PageSpinner />}
      {first &&
        (items.length === 0 ? (
          <p className="admin__empty">{intl.formatMessage({ id: 'admin.work.none' })}</p>
        ) : (
          <>
            <ul className="admin-kinds" aria-label={intl.formatMessage({ id: 'admin.work.byKind' })}>
              {first.kinds.map((kind) => (
                <li key={kind.kind} className="admin-kinds__kind">
                  <code>{kind.kind}</code>
                  <span className="muted">
                    {intl.formatMessage(
                      { id: 'admin.work.kindCounts' },
                      { failed: kind.failed, stuck: kind.stuck },
                    )}
                  </span>
                </li>
              ))}
            </ul>
            <ul className="card card--list admin-list">
              {items.map((item) => (
                <WorkItemRow key={item.id} item={item} onRetry={setConfirming} />
              ))}
            </ul>
          </>
        ))}
      <ShowMore query={work} />
      {confirming && (
        <ConfirmRetry
          item={confirming}
          onClose={() => {
            setConfirming(null);
          }}
        />
      )}
    </AdminPage>
  );
}

function WorkItemRow({ item, onRetry }: { item: AdminWorkItem; onRetry: (item: AdminWorkItem) => void }) {
  const intl = useIntl();
  const dateTime = useDateTime();
  const failed = item.state === 'failed';
  return (
    <li className="admin-row">
      <div className="admin-row__main">
        <span className="admin-row__title">
          <code>{item.kind}</code>
        </span>
        <span className="admin-row__badges">
          <span className={`badge${failed ? ' badge--danger' : ''}`}>
            {intl.formatMessage({ id: failed ? 'admin.work.state.failed' : 'admin.work.state.stuck' })}
          </span>
        </span>
        <span className="muted">
          {intl.formatMessage(
            { id: 'admin.work.queued' },
            { date: dateTime(item.created), count: item.attempts },
          )}
        </span>
        {item.last_error !== null && (
          <span className="admin-row__error">
            {intl.formatMessage({ id: 'admin.lastError' }, { error: item.last_error })}
          </span>
        )}
      </div>
      <button
        type="button"
        className="btn btn--secondary"
        aria-label={intl.formatMessage(
          { id: failed ? 'admin.work.retryNamed' : 'admin.work.releaseNamed' },
          { kind: item.kind, date: dateTime(item.created) },
        )}
        onClick={() => {
          onRetry(item);
        }}
      >
        {intl.formatMessage({ id: failed ? 'admin.retry' : 'admin.work.release' })}
      </button>
    </li>
  );
}

function ConfirmRetry({ item, onClose }: { item: AdminWorkItem; onClose: () => void }) {
  const intl = useIntl();
  const retry = useRetryWorkItemMutation();
  const failed = item.state === 'failed';
  return (
    <ConfirmDialog
      title={intl.formatMessage(
        { id: failed ? 'admin.work.retryTitle' : 'admin.work.releaseTitle' },
        { kind: item.kind },
      )}
      text={intl.formatMessage({ id: failed ? 'admin.work.retryText' : 'admin.work.releaseText' })}
      confirmLabel={intl.formatMessage({ id: failed ? 'admin.retry' : 'admin.work.release' })}
      pending={retry.isPending}
      failed={retry.isError}
      onClose={onClose}
      onConfirm={() => {
        retry.mutate(item.id, { onSuccess: onClose });
      }}
    />
  );
}
