import { Locale } from '@trove/contract';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { useBrand } from '../../i18n/brand-context.tsx';
import { LocaleMessages } from '../../i18n/I18nProvider.tsx';
import { useLocale } from '../../i18n/locale-store.ts';
import { Icon } from '../../ui/icons.tsx';
import { Logo } from '../../ui/Logo.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useIdpRequestQuery } from './idp-api.ts';
import { SignInForm } from './SignInForm.tsx';
import { SignUpForm } from './SignUpForm.tsx';

/**
 * Route /signin: the page of the built-in identity provider. Reads `state`, `locale` and
 * `screen` from the query, checks the pending login (GET /idp/request), then offers the
 * sign-in and create-account forms.
 */
export function SignInPage() {
  const [params] = useSearchParams();
  const uiLocale = useLocale();
  const requested = Locale.safeParse(params.get('locale'));
  return (
    <LocaleMessages locale={requested.success ? requested.data : uiLocale}>
      <main className="idp">
        <IdpContent
          state={params.get('state') ?? ''}
          screen={params.get('screen') === 'signup' ? 'signup' : 'signin'}
          fresh={params.get('prompt') === 'login'}
        />
      </main>
    </LocaleMessages>
  );
}

function IdpContent({
  state,
  screen,
  fresh,
}: {
  state: string;
  screen: 'signin' | 'signup';
  fresh: boolean;
}) {
  const request = useIdpRequestQuery(state);
  if (state === '' || request.isError) return <ExpiredLink />;
  if (!request.data) return <PageSpinner />;
  return (
    <IdpForms
      state={state}
      initialScreen={screen === 'signup' ? 'signup' : request.data.screen}
      fresh={fresh}
    />
  );
}

/** `fresh`: the client asked for the password again (prompt=login, spec 001 §6): say why. */
function IdpForms({
  state,
  initialScreen,
  fresh,
}: {
  state: string;
  initialScreen: 'signin' | 'signup';
  fresh: boolean;
}) {
  const intl = useIntl();
  const brand = useBrand();
  const [screen, setScreen] = useState(initialScreen);
  const [isExpired, setIsExpired] = useState(false);
  const panelId = useId();
  const title = intl.formatMessage(
    { id: screen === 'signup' ? 'idp.signUpTitle' : 'idp.signInTitle' },
    { brand: brand.name },
  );
  usePageTitle(title);
  if (isExpired) return <ExpiredLink />;
  const handleExpired = () => {
    setIsExpired(true);
  };
  return (
    <div className="idp__card">
      <Logo size={48} />
      <h1 className="idp__title">{title}</h1>
      {fresh && (
        <p className="notice notice--info" role="status">
          {intl.formatMessage({ id: 'idp.freshLogin' })}
        </p>
      )}
      <div
        className="segmented"
        role="tablist"
        aria-label={intl.formatMessage({ id: 'idp.chooseForm' })}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
          const next = screen === 'signin' ? 'signup' : 'signin';
          setScreen(next);
          document.getElementById(`${panelId}-${next}`)?.focus();
        }}
      >
        {(['signin', 'signup'] as const).map((option) => (
          <button
            key={option}
            id={`${panelId}-${option}`}
            type="button"
            role="tab"
            className="segmented__option"
            aria-selected={screen === option}
            aria-controls={panelId}
            tabIndex={screen === option ? 0 : -1}
            onClick={() => {
              setScreen(option);
            }}
          >
            {intl.formatMessage({ id: option === 'signin' ? 'common.signIn' : 'login.createAccount' })}
          </button>
        ))}
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={`${panelId}-${screen}`} className="idp__panel">
        {screen === 'signin' ? (
          <SignInForm state={state} onExpired={handleExpired} />
        ) : (
          <SignUpForm state={state} onExpired={handleExpired} />
        )}
      </div>
    </div>
  );
}

/** Spec 001 §4: a pending login that is unknown, used or expired; the way out is to start again. */
function ExpiredLink() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'idp.expiredTitle' }));
  return (
    <div className="idp__card">
      <div className="message-page__icon">
        <Icon name="error" size={48} />
      </div>
      <h1 className="idp__title">{intl.formatMessage({ id: 'idp.expiredTitle' })}</h1>
      <p>{intl.formatMessage({ id: 'idp.expiredText' })}</p>
      <Link to="/login" className="btn btn--primary">
        {intl.formatMessage({ id: 'idp.startAgain' })}
      </Link>
    </div>
  );
}
