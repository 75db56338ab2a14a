import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
// @ts-expect-error -- oidc-provider ships no type declarations (they live in @types/oidc-provider,
// which is not installed) and an ambient `declare module` cannot augment an untyped package from
// inside a module file; the small surface used here is typed by `OidcProviderModule` below.
import * as untypedOidcProvider from 'oidc-provider';

/** The part of oidc-provider (panva, v9) this helper uses. */
interface OidcProviderModule {
  Provider: new (issuer: string, configuration: Record<string, unknown>) => ProviderInstance;
}
interface ProviderInstance {
  callback(): (req: http.IncomingMessage, res: http.ServerResponse) => void;
  interactionDetails(
    req: http.IncomingMessage,
    res: http.ServerResponse,
  ): Promise<{ prompt: { name: string }; params: Record<string, unknown> }>;
  interactionFinished(req: http.IncomingMessage, res: http.ServerResponse, result: object): Promise<void>;
  Grant: new (properties: { accountId: string; clientId: string }) => {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  };
}
const { Provider } = untypedOidcProvider as OidcProviderModule;

/** An identity at the test provider: what its ID token and userinfo say about the user. */
export interface TestOidcAccount {
  sub: string;
  email: string;
  name: string;
}

export interface TestOidcProvider {
  /** Issuer identifier, `http://127.0.0.1:<port>`; discovery lives under it. */
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Makes the account known to the provider and the one its next login signs in. */
  signInAs(account: TestOidcAccount): void;
  close(): Promise<void>;
}

const CLIENT_ID = 'trove';
const CLIENT_SECRET = 'secret';

/**
 * A minimal but real OpenID Connect provider for integration tests: oidc-provider on a random
 * loopback port over plain HTTP, with real discovery, authorization, token and userinfo
 * endpoints and RS256-signed ID tokens. One confidential client (`trove`/`secret`, code flow,
 * PKCE required). Its login and consent pages are replaced by a tiny handler that signs in the
 * account chosen with `signInAs` and grants what was asked, so a test drives the flow by
 * following redirects alone.
 */
export async function startOidcProvider(options: { redirectUris: string[] }): Promise<TestOidcProvider> {
  const accounts = new Map<string, TestOidcAccount>();
  let current: TestOidcAccount | undefined;

  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      resolve();
    });
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...signingKey, use: 'sig', alg: 'RS256', kid: 'test-key' }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    findAccount: (_ctx: unknown, sub: string) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({ sub, email: account.email, email_verified: true, name: account.name }),
      };
    },
  });
  const handle = provider.callback();

  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (!req.url?.startsWith('/interaction/')) {
      handle(req, res);
      return;
    }
    // The login and consent "pages": sign in the chosen account, grant the requested scopes.
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      if (!current) throw new Error('no account to sign in: call signInAs first');
      const accountId = current.sub;
      const grant = new provider.Grant({ accountId, clientId: CLIENT_ID });
      grant.addOIDCScope(typeof details.params.scope === 'string' ? details.params.scope : 'openid');
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } });
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });

  return {
    issuer,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    signInAs(account) {
      accounts.set(account.sub, account);
      current = account;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
      }),
  };
}

/**
 * A browser for the test: follows redirects on the provider's origin by hand, carrying its
 * cookies, and stops at the first redirect that leaves it (the client's callback).
 */
export async function followProviderRedirects(startUrl: string, issuer: string): Promise<URL> {
  const origin = new URL(issuer).origin;
  const jar = new Map<string, { value: string; path: string }>();
  let url = new URL(startUrl);
  for (let hops = 0; hops < 10; hops++) {
    if (url.origin !== origin) return url;
    const cookie = [...jar]
      .filter(([, c]) => url.pathname.startsWith(c.path))
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
    const response = await fetch(url, { redirect: 'manual', headers: cookie === '' ? {} : { cookie } });
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const attr = (key: string) =>
        attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      const expires = attr('expires');
      if (value === '' || (expires !== undefined && Date.parse(expires) <= Date.now())) jar.delete(name);
      else jar.set(name, { value, path: attr('path') ?? '/' });
    }
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || location === null) {
      throw new Error(
        `the provider answered ${response.status} at ${url.pathname}: ${await response.text()}`,
      );
    }
    await response.body?.cancel();
    url = new URL(location, url);
  }
  throw new Error('too many redirects at the provider');
}
