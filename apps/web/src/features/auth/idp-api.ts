import {
  IdpRequestInfo,
  IdpResult,
  OAUTH_CALLBACK_PATH,
  PreflightResponse,
  TokenExchangeResponse,
  type IdpSignInBody,
  type IdpSignUpBody,
  type Locale,
  type TokenExchangeBody,
} from '@trove/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import type { HttpClient } from '../../api/http-client.ts';
import { codeChallengeS256, generateCodeVerifier, savePendingLogin } from './pkce.ts';

/** Query keys of the login host. */
export const idpKeys = {
  all: ['idp'] as const,
  request: (state: string) => [...idpKeys.all, 'request', state] as const,
};

/** What starting a login needs to know about this client. */
export interface StartLoginInput {
  screen: 'signin' | 'signup';
  /** A path of this app to land on afterwards. */
  redir: string;
  locale: Locale;
  deviceId: string;
  deviceName: string;
  /** `window.location.origin`: the callback URL is built on it. */
  origin: string;
  /** `login`: the identity provider asks for the password again (fresh login, spec 001 §6). */
  prompt?: 'login';
}

/**
 * Starts the login of spec 001 §4: makes a PKCE verifier, calls the preflight with its S256
 * challenge, remembers verifier and state in this tab, then sends the browser to the
 * identity provider's authorization URL.
 */
export async function startLogin(
  api: HttpClient,
  input: StartLoginInput,
  navigateTo: (url: string) => void = (url) => {
    window.location.assign(url);
  },
): Promise<void> {
  const codeVerifier = generateCodeVerifier();
  const preflight = await api.idp('/preflight', PreflightResponse, {
    query: {
      redir: input.redir,
      locale: input.locale,
      utm_source: 'web',
      code_challenge: await codeChallengeS256(codeVerifier),
      oauth_redirect_uri: input.origin + OAUTH_CALLBACK_PATH,
      device_id: input.deviceId,
      device_name: input.deviceName,
      ...(input.screen === 'signup' ? { screen: 'signup' } : {}),
      ...(input.prompt ? { prompt: input.prompt } : {}),
    },
  });
  const params = preflight.authorization_params;
  savePendingLogin({ codeVerifier, state: params.state ?? '' });
  navigateTo(`${preflight.authorization_url}?${new URLSearchParams(params).toString()}`);
}

/** POST /idp/token: trades the one-time code and the verifier for a token. */
export function exchangeCode(api: HttpClient, body: TokenExchangeBody): Promise<TokenExchangeResponse> {
  return api.idp('/token', TokenExchangeResponse, { method: 'POST', body });
}

/** GET /idp/request: the pending login behind `state`; fails with `invalid_grant` once it has expired. */
export function useIdpRequestQuery(state: string) {
  const api = useApi();
  return useQuery({
    queryKey: idpKeys.request(state),
    queryFn: ({ signal }) => api.idp('/request', IdpRequestInfo, { query: { state }, signal }),
    enabled: state !== '',
    retry: false,
    staleTime: Infinity,
  });
}

/** POST /idp/sign-in of the built-in identity provider. */
export function useSignInMutation() {
  const api = useApi();
  return useMutation({
    mutationFn: (body: IdpSignInBody) => api.idp('/sign-in', IdpResult, { method: 'POST', body }),
  });
}

/** POST /idp/sign-up of the built-in identity provider. */
export function useSignUpMutation() {
  const api = useApi();
  return useMutation({
    mutationFn: (body: IdpSignUpBody) => api.idp('/sign-up', IdpResult, { method: 'POST', body }),
  });
}
