import { useIntl } from 'react-intl';
import { isNetworkError } from '../api/http-error.ts';
import { Icon } from './icons.tsx';

/** A screen whose data failed to load: 'No Internet connection' or the generic text, and a retry. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const intl = useIntl();
  const isOffline = isNetworkError(error);
  return (
    <section className="message-page" role="alert">
      <div className="message-page__icon">
        <Icon name={isOffline ? 'cloudOff' : 'error'} size={48} />
      </div>
      <h1>{intl.formatMessage({ id: isOffline ? 'common.offline' : 'common.genericError' })}</h1>
      <button type="button" className="btn btn--primary" onClick={onRetry}>
        {intl.formatMessage({ id: 'common.tryAgain' })}
      </button>
    </section>
  );
}
