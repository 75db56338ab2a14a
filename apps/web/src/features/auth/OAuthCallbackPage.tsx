import type { TokenExchangeBody } from '@trove/contract';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useApi } from '../../api/api-context.tsx';
import { isNetworkError } from '../../api/http-error.ts';
import { sessionRecord } from '../../api/session-record.ts';
import { safeRedirect } from '../../lib/redirect.ts';
import { Icon } from '../../ui/icons.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { exchangeCode } from './idp-api.ts';
import { dispatchLogin } from '../../api/login-store.ts';
import { clearPendingLogin, findPendingLogin } from './pkce.ts';

/** Codes already sent for exchange: a code is single-use, and React may run an effect twice. */
const exchangedCodes = new Set<string>();

/**
 * The OAuth callback (spec 001 §4 postflight): checks that `state` is the one this tab
 * started with, trades the code and the PKCE verifier for a token, stores it and goes to
 * the page the login started from.
 */
export function OAuthCallbackPage() {
  const api = useApi();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [pending] = useState(findPendingLogin);
  const code = params.get('code') ?? '';
  const state = params.get('state') ?? '';
  const isValid = code !== '' && state !== '' && pending?.state === state && params.get('error') === null;

  const exchange = useMutation({
    mutationFn: (body: TokenExchangeBody) => exchangeCode(api, body),
    onSuccess: (result) => {
      sessionRecord.setToken(result.auth_token);
      clearPendingLogin();
      dispatchLogin({ type: 'TOKEN_STORED' });
      void navigate(safeRedirect(result.redir), { replace: true });
    },
  });
  const { mutate } = exchange;

  useEffect(() => {
    if (!pending || !isValid || exchangedCodes.has(code)) return;
    exchangedCodes.add(code);
    mutate({ code, code_verifier: pending.codeVerifier, state });
  }, [isValid, code, state, pending, mutate]);

  if (!isValid) return <CallbackError reason="expired" />;
  if (exchange.isError)
    return <CallbackError reason={isNetworkError(exchange.error) ? 'offline' : 'expired'} />;
  return <PageSpinner />;
}

function CallbackError({ reason }: { reason: 'expired' | 'offline' }) {
  const intl = useIntl();
  return (
    <main className="message-page message-page--standalone">
      <div className="message-page__icon">
        <Icon name="error" size={48} />
      </div>
      <h1>{intl.formatMessage({ id: 'callback.failedTitle' })}</h1>
      <p>{intl.formatMessage({ id: reason === 'offline' ? 'common.offline' : 'callback.failedText' })}</p>
      <Link to="/login" className="btn btn--primary">
        {intl.formatMessage({ id: 'callback.backToSignIn' })}
      </Link>
    </main>
  );
}
