import { useIntl } from 'react-intl';
import type { LoginNotice } from '../../api/login-model.ts';

/**
 * Why the user sees the login page again (spec 001 §8): logged out, offline (with a retry), a
 * server failure, or their account deletion (spec 001 §4).
 */
export function LoginNoticeText({ notice, onRetry }: { notice: LoginNotice; onRetry: () => void }) {
  const intl = useIntl();
  switch (notice) {
    case 'logged_out':
      return (
        <p className="notice notice--info" role="status">
          {intl.formatMessage({ id: 'login.loggedOut' })}
        </p>
      );
    case 'account_deleted':
      return (
        <p className="notice notice--info" role="status">
          {intl.formatMessage({ id: 'login.accountDeleted' })}
        </p>
      );
    case 'offline':
      return (
        <div className="notice notice--error" role="alert">
          <p>{intl.formatMessage({ id: 'common.offline' })}</p>
          <button type="button" className="btn btn--text" onClick={onRetry}>
            {intl.formatMessage({ id: 'common.tryAgain' })}
          </button>
        </div>
      );
    case 'error':
    case 'user_disabled':
      return (
        <p className="notice notice--error" role="alert">
          {intl.formatMessage({ id: 'common.genericError' })}
        </p>
      );
  }
}
