import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { Navigate, useSearchParams } from 'react-router';
import { useApi } from '../../api/api-context.tsx';
import { HttpError, isNetworkError } from '../../api/http-error.ts';
import { sessionRecord } from '../../api/session-record.ts';
import { useBrand } from '../../i18n/brand-context.tsx';
import { useLocale } from '../../i18n/locale-store.ts';
import { safeRedirect } from '../../lib/redirect.ts';
import { Logo } from '../../ui/Logo.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { deviceNameOf, thisDeviceKind } from '../devices/index.ts';
import { startLogin } from './idp-api.ts';
import { dispatchLogin, useLoginState } from '../../api/login-store.ts';
import { LoginNoticeText } from './LoginNoticeText.tsx';

/**
 * Route /login: the brand, Sign in and Create account (spec 001 §4 login flow). After a
 * session ended it says so: "Oops, you were logged out. To continue, please sign in".
 */
export function LoginPage() {
  const intl = useIntl();
  const brand = useBrand();
  const api = useApi();
  const locale = useLocale();
  const { status, notice } = useLoginState();
  const [params] = useSearchParams();
  const redir = safeRedirect(params.get('redir'));
  usePageTitle(intl.formatMessage({ id: 'common.signIn' }));

  const login = useMutation({
    mutationFn: (screen: 'signin' | 'signup') =>
      startLogin(api, {
        screen,
        redir,
        locale,
        deviceId: sessionRecord.getDeviceId(),
        // The devices list tells browsers apart ("Chrome on Linux"), issue #23.
        deviceName: deviceNameOf(thisDeviceKind(), brand.deviceName, (browser, os) =>
          intl.formatMessage({ id: 'login.deviceName' }, { browser, os }),
        ),
        origin: window.location.origin,
      }),
  });

  // startLogin leaves the page, so its mutation stays pending; when Back restores this
  // page from the back/forward cache the buttons must work again.
  const { reset } = login;
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('pageshow', onPageShow);
    };
  }, [reset]);

  if (status === 'AUTHENTICATED') return <Navigate to={redir} replace />;
  if (status === 'FETCHING') return <PageSpinner />;
  if (notice === 'user_disabled') return <Navigate to="/error/user_disabled" replace />;

  return (
    <section className="login">
      <div className="login__card">
        <Logo size={64} />
        <h1 className="login__title">{brand.name}</h1>
        <p className="login__tagline">{intl.formatMessage({ id: 'login.tagline' }, { brand: brand.name })}</p>
        {notice !== null && (
          <LoginNoticeText
            notice={notice}
            onRetry={() => {
              dispatchLogin({ type: 'RETRY' });
            }}
          />
        )}
        {login.isError && (
          <p className="notice notice--error" role="alert">
            {loginErrorText(intl, login.error)}
          </p>
        )}
        <div className="login__actions">
          <button
            type="button"
            className="btn btn--primary btn--large"
            disabled={login.isPending}
            onClick={() => {
              login.mutate('signin');
            }}
          >
            {intl.formatMessage({ id: 'common.signIn' })}
          </button>
          <button
            type="button"
            className="btn btn--secondary btn--large"
            disabled={login.isPending}
            onClick={() => {
              login.mutate('signup');
            }}
          >
            {intl.formatMessage({ id: 'login.createAccount' })}
          </button>
        </div>
      </div>
    </section>
  );
}

/**
 * Why the preflight failed, in words: offline, this address not set up for sign-in (the
 * server takes its callback origins from configuration only, never from the request), or
 * the generic text.
 */
function loginErrorText(intl: IntlShape, error: unknown): string {
  if (isNetworkError(error)) return intl.formatMessage({ id: 'common.offline' });
  if (error instanceof HttpError && error.code === 'invalid_redirect') {
    return intl.formatMessage({ id: 'login.error.addressNotAllowed' }, { origin: window.location.origin });
  }
  return intl.formatMessage({ id: 'common.genericError' });
}
