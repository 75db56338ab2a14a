import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { Icon } from '../../ui/icons.tsx';
import { Logo } from '../../ui/Logo.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useSetEmailConsentMutation } from './api.ts';
import { nextUnsubscribeState, type UnsubscribeState } from './unsubscribe-model.ts';
import './privacy.css';

/**
 * Route /settings/unsubscribe?id=… (spec 001 §2, §4 Unsubscribe page), outside the page
 * frame: no footer. Without an id nothing happens. Opening it changes nothing (a link
 * scanner's GET must not unsubscribe anyone): the person picks Stay or Unsubscribe, which
 * POSTs. States: entry → loading → unsubscribed (on success, and on error, with the error
 * said); entry → saved on Stay.
 */
export function UnsubscribePage() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const [state, setState] = useState<UnsubscribeState>('entry');
  const [failed, setFailed] = useState(false);
  const [choice, setChoice] = useState<'stay' | 'unsubscribe'>('unsubscribe');
  const setConsent = useSetEmailConsentMutation(id);
  usePageTitle(intl.formatMessage({ id: 'privacy.unsubscribe.title' }));

  const confirm = () => {
    if (choice === 'stay') {
      setState(nextUnsubscribeState('entry', 'stay'));
      return;
    }
    setState(nextUnsubscribeState('entry', 'unsubscribe'));
    setConsent.mutate(false, {
      onSuccess: () => {
        setState((s) => nextUnsubscribeState(s, 'succeeded'));
      },
      onError: () => {
        setFailed(true);
        setState((s) => nextUnsubscribeState(s, 'failed'));
      },
    });
  };

  return (
    <main id="main" className="unsubscribe">
      <div className="unsubscribe__card card">
        <Logo />
        <h1 className="page__title">{intl.formatMessage({ id: 'privacy.unsubscribe.title' })}</h1>
        {id === '' ? (
          <p className="muted">{intl.formatMessage({ id: 'privacy.unsubscribe.noId' })}</p>
        ) : state === 'entry' ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              confirm();
            }}
          >
            <fieldset className="unsubscribe__choices">
              <legend>{intl.formatMessage({ id: 'privacy.unsubscribe.question' })}</legend>
              {(['stay', 'unsubscribe'] as const).map((value) => (
                <label key={value} className="privacy__radio">
                  <input
                    type="radio"
                    name="choice"
                    value={value}
                    checked={choice === value}
                    onChange={() => {
                      setChoice(value);
                    }}
                  />
                  {intl.formatMessage({
                    id:
                      value === 'stay'
                        ? 'privacy.unsubscribe.stayChoice'
                        : 'privacy.unsubscribe.unsubscribeChoice',
                  })}
                </label>
              ))}
            </fieldset>
            <div className="unsubscribe__actions">
              <button type="submit" className="btn btn--primary">
                {intl.formatMessage({
                  id: choice === 'stay' ? 'privacy.unsubscribe.stay' : 'privacy.unsubscribe.unsubscribe',
                })}
              </button>
            </div>
          </form>
        ) : state === 'loading' ? (
          <p role="status" aria-busy="true">
            {intl.formatMessage({ id: 'privacy.unsubscribe.loading' })}
          </p>
        ) : state === 'unsubscribed' ? (
          <div role="status">
            <p className="unsubscribe__result">
              <Icon name="check" size={20} />
              <span>{intl.formatMessage({ id: 'privacy.unsubscribe.done' })}</span>
            </p>
            {failed && (
              <p className="notice notice--error" role="alert">
                {intl.formatMessage({ id: 'privacy.unsubscribe.failed' })}
              </p>
            )}
          </div>
        ) : (
          <p role="status" className="unsubscribe__result">
            <Icon name="check" size={20} />
            <span>{intl.formatMessage({ id: 'privacy.unsubscribe.saved' })}</span>
          </p>
        )}
        <Link to="/settings" className="back-link">
          <Icon name="arrowBack" size={20} />
          {intl.formatMessage({ id: 'nav.settings' })}
        </Link>
      </div>
    </main>
  );
}
