import { ACCOUNT_DELETION_DAYS } from '@trove/contract';
import { useIntl } from 'react-intl';
import { Dialog } from '../../ui/Dialog.tsx';
import type { DeletionRequestStatus } from './model.ts';

/** Props of {@link DeleteAccountDialog}. */
export interface DeleteAccountDialogProps {
  /** Where the confirmation goes: the account's address. */
  email: string;
  status: DeletionRequestStatus;
  /** Why the last try failed, when it did (spec 001 §8). */
  failure: 'connection' | 'server' | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The confirmation of an account deletion (spec 001 §4): what it does (every device signed
 * out, everything deleted within 30 days, an e-mail when done), Cancel focused first and a
 * danger button. While the request is on its way it says so; a failure shows the spec's
 * text with its reason, and the button tries again.
 */
export function DeleteAccountDialog({
  email,
  status,
  failure,
  onConfirm,
  onCancel,
}: DeleteAccountDialogProps) {
  const intl = useIntl();
  const pending = status === 'PENDING' || status === 'SUCCEEDED';
  return (
    <Dialog
      title={intl.formatMessage({ id: 'accountDeletion.dialog.title' })}
      onClose={onCancel}
      actions={
        <>
          {/* A request on its way cannot be called back: nothing to cancel until it answers. */}
          <button type="button" className="btn btn--text" onClick={onCancel} disabled={pending}>
            {intl.formatMessage({ id: 'common.cancel' })}
          </button>
          <button type="button" className="btn btn--danger" onClick={onConfirm} disabled={pending}>
            {intl.formatMessage({
              id: status === 'FAILED' ? 'common.tryAgain' : 'accountDeletion.dialog.confirm',
            })}
          </button>
        </>
      }
    >
      <p>
        {intl.formatMessage(
          { id: 'accountDeletion.dialog.body' },
          { days: ACCOUNT_DELETION_DAYS, email: <strong key="email">{email}</strong> },
        )}
      </p>
      {pending && (
        <p className="notice notice--info account-deletion__status" role="status">
          {intl.formatMessage({ id: 'accountDeletion.pending' })}
        </p>
      )}
      {status === 'FAILED' && (
        <div className="notice notice--error account-deletion__status" role="alert">
          <p>{intl.formatMessage({ id: 'accountDeletion.failed' })}</p>
          <p>
            {intl.formatMessage({
              id:
                failure === 'connection'
                  ? 'accountDeletion.failedConnection'
                  : 'accountDeletion.failedServer',
            })}
          </p>
        </div>
      )}
    </Dialog>
  );
}
