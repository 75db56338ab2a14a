import { useState, type SyntheticEvent } from 'react';
import { useIntl } from 'react-intl';
import { GRANT_SOURCES, type AdminGrant, type AdminUser, type GrantSource } from '@trove/contract';
import type { MessageId } from '../../i18n/messages.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { UsageMeter } from '../../ui/UsageMeter.tsx';
import { useAdminStorageQuery, useGrantMutations, useSetReadOnlyMutation } from './api.ts';
import { useDateTime } from './AdminNav.tsx';
import { Select } from './CardForm.tsx';
import { ConfirmDialog, FormAlert } from './ConfirmDialog.tsx';
import { StoragePlan } from './StoragePlan.tsx';

/** The human names of the grant sources (spec 001 §3 "Storage-source kinds shown to users"). */
const SOURCE_TEXT: Record<GrantSource, MessageId> = {
  stripe: 'admin.storage.source.stripe',
  customer_service: 'admin.storage.source.customer_service',
  other: 'admin.storage.source.other',
  capture: 'admin.storage.source.capture',
  b2b: 'admin.storage.source.b2b',
  apple_store: 'admin.storage.source.apple_store',
  android_store: 'admin.storage.source.android_store',
};
/** The payment provider's grants come with a subscription; the operator gives the others. */
const GIVEABLE = GRANT_SOURCES.filter((source) => source !== 'stripe');

/**
 * Issue #25's operator area: one account's storage (usage meter, the plan and card, every
 * grant with End), a form to give storage, and the operator's read-only switch.
 */
export function StorageDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const intl = useIntl();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const storage = useAdminStorageQuery(user.id);
  const [ending, setEnding] = useState<AdminGrant | null>(null);
  const { end } = useGrantMutations(user.id);
  const current = storage.data?.user ?? user;
  if (ending)
    return (
      <ConfirmDialog
        title={t('admin.storage.endTitle')}
        text={t('admin.storage.endText', { size: ending.size, source: t(SOURCE_TEXT[ending.source]) })}
        confirmLabel={t('admin.storage.end')}
        danger
        pending={end.isPending}
        failed={end.isError}
        onClose={() => {
          setEnding(null);
        }}
        onConfirm={() => {
          end.mutate(ending.id, {
            onSuccess: () => {
              setEnding(null);
            },
          });
        }}
      />
    );
  return (
    <Dialog
      title={t('admin.storage.title', { email: user.email })}
      onClose={onClose}
      actions={
        <button type="button" className="btn btn--text" onClick={onClose}>
          {t('admin.storage.close')}
        </button>
      }
    >
      {storage.isError && <QueryError error={storage.error} onRetry={() => void storage.refetch()} />}
      {!storage.data && !storage.isError && <PageSpinner />}
      {storage.data && (
        <div className="admin-storage">
          <UsageMeter
            used={current.used_space}
            max={current.max_space}
            label={t('admin.storage.usage')}
            usageText={(sizes) => intl.formatMessage({ id: 'admin.users.usage' }, sizes)}
            bytesText={(count) => intl.formatMessage({ id: 'admin.bytes' }, { count })}
          />
          <StoragePlan storage={storage.data} />
          <h3 className="admin-storage__heading">{t('admin.storage.sources')}</h3>
          {storage.data.grants.length === 0 ? (
            <p className="muted">{t('admin.storage.noSources')}</p>
          ) : (
            <ul className="admin-storage__grants">
              {storage.data.grants.map((grant) => (
                <GrantRow key={grant.id} grant={grant} onEnd={setEnding} />
              ))}
            </ul>
          )}
          <GiveForm userId={user.id} />
          <ReadOnlySwitch user={current} operatorFlag={storage.data.read_only.operator} />
        </div>
      )}
    </Dialog>
  );
}

function GrantRow({ grant, onEnd }: { grant: AdminGrant; onEnd: (grant: AdminGrant) => void }) {
  const intl = useIntl();
  const dateTime = useDateTime();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const source = t(SOURCE_TEXT[grant.source]);
  const when =
    grant.ended_at !== null
      ? t('admin.storage.ended', { date: dateTime(grant.ended_at) })
      : grant.expires_at !== null
        ? t('admin.storage.expires', { date: dateTime(grant.expires_at) })
        : grant.renews_at !== null
          ? t('admin.storage.renews', { date: dateTime(grant.renews_at) })
          : t('admin.storage.noEnd');
  return (
    <li className="admin-storage__grant">
      <span>
        <strong>{t('admin.storage.size', { size: grant.size })}</strong> · {source}
        <br />
        <span className="muted">
          {t('admin.storage.given', { date: dateTime(grant.given_at) })} · {when}
        </span>
      </span>
      {grant.live && (
        <button
          type="button"
          className="btn btn--danger-text btn--text"
          aria-label={t('admin.storage.endNamed', { size: grant.size, source })}
          onClick={() => {
            onEnd(grant);
          }}
        >
          {t('admin.storage.end')}
        </button>
      )}
    </li>
  );
}

function GiveForm({ userId }: { userId: string }) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const { give } = useGrantMutations(userId);
  const [source, setSource] = useState<GrantSource>('customer_service');
  const [size, setSize] = useState('');
  const [expires, setExpires] = useState('');
  // The earliest expiry the server takes: tomorrow (it must be in the future), fixed at opening.
  const [tomorrow] = useState(() => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10));
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    // The end of the chosen day, local time: the grant lasts through it.
    const expiresAt =
      expires === '' ? undefined : Math.floor(new Date(`${expires}T23:59:59`).getTime() / 1000);
    give.mutate(
      { source, size_gb: Number(size), ...(expiresAt !== undefined && { expires_at: expiresAt }) },
      {
        onSuccess: () => {
          setSize('');
          setExpires('');
        },
      },
    );
  };
  return (
    <form className="admin-form admin-storage__form" onSubmit={submit}>
      <h3 className="admin-storage__heading">{t('admin.storage.give')}</h3>
      <Select
        label={t('admin.storage.source')}
        value={source}
        onChange={(value) => {
          setSource(value as GrantSource);
        }}
      >
        {GIVEABLE.map((name) => (
          <option key={name} value={name}>
            {t(SOURCE_TEXT[name])}
          </option>
        ))}
      </Select>
      <TextField
        label={t('admin.storage.sizeGb')}
        type="number"
        inputMode="decimal"
        min="0.01"
        max="1000"
        step="any"
        required
        value={size}
        onChange={(e) => {
          setSize(e.target.value);
        }}
      />
      <TextField
        label={t('admin.storage.expiry')}
        hint={t('admin.storage.expiryHint')}
        type="date"
        min={tomorrow}
        value={expires}
        onChange={(e) => {
          setExpires(e.target.value);
        }}
      />
      {give.isError && <FormAlert text={t('admin.failed')} />}
      <button type="submit" className="btn btn--primary" disabled={give.isPending}>
        {t('admin.storage.giveButton')}
      </button>
    </form>
  );
}

/**
 * The operator's own read-only flag: billing's (StoragePlan says when) is apart, so switching
 * this off never claims to lift a read-only state billing holds.
 */
function ReadOnlySwitch({ user, operatorFlag }: { user: AdminUser; operatorFlag: boolean }) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const setReadOnly = useSetReadOnlyMutation(user.id);
  // The chosen value until the storage is read again; the stored one after a failure.
  const readOnly = setReadOnly.isError ? operatorFlag : (setReadOnly.variables ?? operatorFlag);
  return (
    <div className="admin-storage__readonly">
      <label className="admin-form__check">
        <input
          type="checkbox"
          role="switch"
          checked={readOnly}
          disabled={setReadOnly.isPending || user.state === 'disabled'}
          aria-describedby="admin-storage-readonly-text"
          onChange={(e) => {
            setReadOnly.mutate(e.target.checked);
          }}
        />
        {t('admin.storage.readOnly')}
      </label>
      <p id="admin-storage-readonly-text" className="muted">
        {t('admin.storage.readOnlyText')}
      </p>
      {setReadOnly.isError && <FormAlert text={t('admin.failed')} />}
    </div>
  );
}
