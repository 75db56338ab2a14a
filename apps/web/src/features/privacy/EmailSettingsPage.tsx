import { EMAIL_CONSENT_KEY } from '@trove/contract';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Icon } from '../../ui/icons.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { useToasts } from '../../ui/toasts.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useConsentsQuery, useSetConsentMutation } from './api.ts';
import './privacy.css';

/**
 * Route /emailSettings (spec 001 §2 Email settings): whether the account gets news by
 * e-mail, the same consent as the privacy page's and the unsubscribe page's
 * (stay_up_to_date__email), saved with a confirmation toast.
 */
export function EmailSettingsPage() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'privacy.email.title' });
  usePageTitle(title);
  const consents = useConsentsQuery();
  if (consents.isError) return <QueryError error={consents.error} onRetry={() => void consents.refetch()} />;
  if (!consents.data) return <PageSpinner />;
  const current = consents.data.consents.some((c) => c.key === EMAIL_CONSENT_KEY && c.value);
  return (
    <section className="page page--narrow privacy">
      <Link to="/settings" className="back-link">
        <Icon name="arrowBack" size={20} />
        {intl.formatMessage({ id: 'nav.settings' })}
      </Link>
      <h1 className="page__title">{title}</h1>
      <EmailForm current={current} />
    </section>
  );
}

function EmailForm({ current }: { current: boolean }) {
  const intl = useIntl();
  const toasts = useToasts();
  const save = useSetConsentMutation();
  const [wanted, setWanted] = useState(current);
  return (
    <form
      className="card"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          { key: EMAIL_CONSENT_KEY, value: wanted },
          {
            onSuccess: () => {
              toasts.show({ kind: 'success', text: intl.formatMessage({ id: 'privacy.email.saved' }) });
            },
          },
        );
      }}
    >
      <label className="privacy__switch" htmlFor="email-news">
        <span className="privacy__switch-text">
          <span className="privacy__label">{intl.formatMessage({ id: 'privacy.stayUpToDate.email' })}</span>
          <span className="muted" id="email-news-text">
            {intl.formatMessage({ id: 'privacy.stayUpToDate.emailText' })}
          </span>
        </span>
        <input
          id="email-news"
          type="checkbox"
          role="switch"
          aria-describedby="email-news-text"
          checked={wanted}
          onChange={(event) => {
            setWanted(event.target.checked);
          }}
        />
      </label>
      {save.isError && (
        <p className="notice notice--error" role="alert">
          {intl.formatMessage({ id: 'privacy.consent.failed' })}
        </p>
      )}
      <div className="privacy__actions">
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          {intl.formatMessage({ id: 'privacy.email.save' })}
        </button>
      </div>
    </form>
  );
}
