import { useIntl } from 'react-intl';
import { isNetworkError } from '../../api/http-error.ts';
import { Icon } from '../../ui/icons.tsx';

/**
 * What shows when the app cannot start: no connection, or a service directory the client
 * cannot use ('Invalid service dict', spec 000 §8), which gets the generic text.
 */
export function BootFailurePage({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const intl = useIntl();
  const isOffline = isNetworkError(error);
  return (
    <main className="message-page">
      <div className="message-page__icon">
        <Icon name={isOffline ? 'cloudOff' : 'error'} size={48} />
      </div>
      <h1>{intl.formatMessage({ id: isOffline ? 'common.offline' : 'common.genericError' })}</h1>
      <p>{intl.formatMessage({ id: isOffline ? 'boot.offlineText' : 'boot.errorText' })}</p>
      <button type="button" className="btn btn--primary" onClick={onRetry}>
        {intl.formatMessage({ id: 'common.tryAgain' })}
      </button>
    </main>
  );
}
