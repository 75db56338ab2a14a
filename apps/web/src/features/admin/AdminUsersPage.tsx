import { useDeferredValue, useState } from 'react';
import { useIntl } from 'react-intl';
import type { AccountState, AdminUser } from '@trove/contract';
import type { MessageId } from '../../i18n/messages.ts';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { UsageMeter } from '../../ui/UsageMeter.tsx';
import { useAccountInfoQuery } from '../auth/api.ts';
import { useAdminUsersQuery, useSetDisabledMutation } from './api.ts';
import { AdminPage, ShowMore, useDateTime } from './AdminNav.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { StorageDialog } from './StorageDialog.tsx';

/**
 * /admin (issue #24): every account with its usage, quota and state, newest first, found by
 * e-mail or name; disable or enable one after a confirm that says what disabling does.
 */
export function AdminUsersPage() {
  const intl = useIntl();
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const users = useAdminUsersQuery(q);
  const [confirming, setConfirming] = useState<AdminUser | null>(null);
  // Issue #25's operator area: the account whose storage dialog is open.
  const [storageOf, setStorageOf] = useState<AdminUser | null>(null);
  const list = users.data?.pages.flatMap((page) => page.users) ?? [];
  return (
    <AdminPage title="admin.users.title">
      <TextField
        label={intl.formatMessage({ id: 'admin.users.search' })}
        type="search"
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
        }}
      />
      {users.isError && <QueryError error={users.error} onRetry={() => void users.refetch()} />}
      {!users.data && !users.isError && <PageSpinner />}
      {users.data && (
        <>
          <p className="muted" aria-live="polite">
            {intl.formatMessage({ id: 'admin.users.count' }, { count: users.data.pages[0]?.total ?? 0 })}
          </p>
          {list.length === 0 ? (
            <p className="admin__empty">{intl.formatMessage({ id: 'admin.users.none' })}</p>
          ) : (
            <ul className="card card--list admin-list">
              {list.map((user) => (
                <UserRow key={user.id} user={user} onToggle={setConfirming} onStorage={setStorageOf} />
              ))}
            </ul>
          )}
          <ShowMore query={users} />
        </>
      )}
      {storageOf && (
        <StorageDialog
          user={storageOf}
          onClose={() => {
            setStorageOf(null);
          }}
        />
      )}
      {confirming && (
        <ConfirmToggle
          user={confirming}
          onClose={() => {
            setConfirming(null);
          }}
        />
      )}
    </AdminPage>
  );
}

const STATE_TEXT: Record<AccountState, MessageId> = {
  active: 'admin.users.state.active',
  read_only: 'admin.users.state.readOnly',
  disabled: 'admin.users.state.disabled',
};

function UserRow({
  user,
  onToggle,
  onStorage,
}: {
  user: AdminUser;
  onToggle: (user: AdminUser) => void;
  onStorage: (user: AdminUser) => void;
}) {
  const intl = useIntl();
  const dateTime = useDateTime();
  const me = useAccountInfoQuery().data?.uuid;
  const disabled = user.state === 'disabled';
  return (
    <li className="admin-row">
      <div className="admin-row__main">
        <span className="admin-row__title">{user.email}</span>
        <span className="muted">{user.name}</span>
        <span className="admin-row__badges">
          <span className={`badge${disabled ? ' badge--danger' : ''}`}>
            {intl.formatMessage({ id: STATE_TEXT[user.state] })}
          </span>
          {user.is_operator && (
            <span className="badge">{intl.formatMessage({ id: 'admin.users.operator' })}</span>
          )}
        </span>
        <UsageMeter
          used={user.used_space}
          max={user.max_space}
          label={intl.formatMessage({ id: 'admin.users.storage' }, { count: user.file_count })}
          usageText={(sizes) => intl.formatMessage({ id: 'admin.users.usage' }, sizes)}
          bytesText={(count) => intl.formatMessage({ id: 'admin.bytes' }, { count })}
        />
        <span className="muted">
          {user.last_seen === null
            ? intl.formatMessage({ id: 'admin.users.neverSeen' })
            : intl.formatMessage({ id: 'admin.users.lastSeen' }, { date: dateTime(user.last_seen) })}
        </span>
      </div>
      <button
        type="button"
        className="btn btn--secondary"
        aria-label={intl.formatMessage({ id: 'admin.users.storageNamed' }, { email: user.email })}
        onClick={() => {
          onStorage(user);
        }}
      >
        {intl.formatMessage({ id: 'admin.users.storageAction' })}
      </button>
      {user.id !== me && (
        <button
          type="button"
          className={`btn ${disabled ? 'btn--secondary' : 'btn--danger-text btn--text'}`}
          aria-label={intl.formatMessage(
            { id: disabled ? 'admin.users.enableNamed' : 'admin.users.disableNamed' },
            { email: user.email },
          )}
          onClick={() => {
            onToggle(user);
          }}
        >
          {intl.formatMessage({ id: disabled ? 'admin.users.enable' : 'admin.users.disable' })}
        </button>
      )}
    </li>
  );
}

function ConfirmToggle({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const intl = useIntl();
  const toggle = useSetDisabledMutation();
  const disable = user.state !== 'disabled';
  return (
    <ConfirmDialog
      title={intl.formatMessage(
        { id: disable ? 'admin.users.disableTitle' : 'admin.users.enableTitle' },
        { email: user.email },
      )}
      text={intl.formatMessage({ id: disable ? 'admin.users.disableText' : 'admin.users.enableText' })}
      confirmLabel={intl.formatMessage({ id: disable ? 'admin.users.disable' : 'admin.users.enable' })}
      danger={disable}
      pending={toggle.isPending}
      failed={toggle.isError}
      onClose={onClose}
      onConfirm={() => {
        toggle.mutate({ id: user.id, disable }, { onSuccess: onClose });
      }}
    />
  );
}
