import { ACCOUNT_DELETION_DAYS } from '@trove/contract';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Icon } from '../../ui/icons.tsx';
import { useAccountInfoQuery } from '../auth/api.ts';
import { useRequestDeletionMutation } from './api.ts';
import { DeleteAccountDialog } from './DeleteAccountDialog.tsx';
import { failureReason, requestStatusOf } from './model.ts';
import './account-deletion.css';

/**
 * The account deletion part of the privacy page (spec 001 §2, §4): what deleting does, and
 * its button, which asks first ({@link DeleteAccountDialog}). A request the server accepted
 * signs the app out (see `useRequestDeletionMutation`). Mounted by its lazy wrapper,
 * `LazyAccountDeletionSection`, with its own messages.
 */
export function AccountDeletionSection() {
  const intl = useIntl();
  const account = useAccountInfoQuery();
  const request = useRequestDeletionMutation();
  const [open, setOpen] = useState(false);
  const status = requestStatusOf(request);
  const close = () => {
    if (status === 'PENDING') return;
    setOpen(false);
    request.reset();
  };
  return (
    <section className="card" aria-labelledby="account-deletion-title">
      <h2 id="account-deletion-title" className="card__title">
        <Icon name="delete" size={20} />
        {intl.formatMessage({ id: 'accountDeletion.title' })}
      </h2>
      <p className="muted">
        {intl.formatMessage({ id: 'accountDeletion.intro' }, { days: ACCOUNT_DELETION_DAYS })}
      </p>
      <div className="account-deletion__actions">
        <button
          type="button"
          className="btn btn--danger"
          disabled={!account.data}
          onClick={() => {
            setOpen(true);
          }}
        >
          {intl.formatMessage({ id: 'accountDeletion.button' })}
        </button>
      </div>
      {open && account.data && (
        <DeleteAccountDialog
          email={account.data.logged_in_as}
          status={status}
          failure={request.isError ? failureReason(request.error) : null}
          onCancel={close}
          onConfirm={() => {
            request.mutate();
          }}
        />
      )}
    </section>
  );
}
