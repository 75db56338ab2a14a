import * as client from 'openid-client';

/** What the identity service needs from an external OpenID Connect provider. */
export interface OidcProvider {
  readonly issuer: string;
  /** `freshLogin`: the provider must check the password again (prompt=login, max_age=0). */
  authorizationUrl(params: {
    redirectUri: string;
    state: string;
    codeChallenge: string;
    nonce: string;
    freshLogin?: boolean;
  }): URL;
  /**
   * Finishes the code flow at the provider; returns the verified identity and, when the
   * id_token has it, `authTime`: when the provider last checked the user (ms).
   */
  finish(
    callbackUrl: URL,
    expected: { state: string; codeVerifier: string; nonce: string },
  ): Promise<{ subject: string; email: string; name: string; authTime?: number }>;
}

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  allowHttp: boolean;
}

/**
 * Connects to an operator's OpenID Connect provider (openid-client). Discovery runs once at
 * start, so a wrong issuer fails the start, not the first login.
 */
export async function connectOidc(settings: OidcSettings): Promise<OidcProvider> {
  // Plain-HTTP issuers only when the operator says so (OIDC_ALLOW_HTTP): tests and local setups.
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- deprecated only as a warning sign; opt-in here
  const options = settings.allowHttp ? { execute: [client.allowInsecureRequests] } : undefined;
  const config = await client.discovery(
    new URL(settings.issuer),
    settings.clientId,
    settings.clientSecret === '' ? undefined : settings.clientSecret,
    settings.clientSecret === '' ? client.None() : undefined,
    options,
  );
  const issuer = config.serverMetadata().issuer;
  return {
    issuer,
    authorizationUrl({ redirectUri, state, codeChallenge, nonce, freshLogin }) {
      return client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: settings.scopes,
        state,
        nonce,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
        // OIDC Core §3.1.2.1: ask for the credentials again, whatever session it keeps.
        ...(freshLogin ? { prompt: 'login', max_age: '0' } : {}),
      });
    },
    async finish(callbackUrl, expected) {
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: expected.codeVerifier,
        expectedState: expected.state,
        expectedNonce: expected.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('the provider returned no ID token');
      let { email, name } = claims as { email?: unknown; name?: unknown };
      if (typeof email !== 'string' || typeof name !== 'string') {
        const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
        email = typeof email === 'string' ? email : info.email;
        name = typeof name === 'string' ? name : info.name;
      }
      if (typeof email !== 'string' || email === '')
        throw new Error('the provider returned no e-mail address');
      return {
        subject: claims.sub,
        email: email.toLowerCase(),
        name: typeof name === 'string' ? name : '',
        ...(typeof claims.auth_time === 'number' ? { authTime: claims.auth_time * 1000 } : {}),
      };
    },
  };
}
