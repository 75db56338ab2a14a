import {
  Brand,
  brandForHost,
  DEFAULT_BRANDS,
  parseServiceDirectory,
  type ServiceDirectory,
} from '@trove/contract';
import { createHttpClient, type HttpClientDeps } from './http-client.ts';

/** What the app needs before it can render anything but a spinner. */
export interface BootConfig {
  /** Every host resolved to an absolute base URL. */
  directory: ServiceDirectory;
  /** The brand of the page's host (spec 001 §1). */
  brand: Brand;
}

/** Where the app runs and how it reaches the network. */
export interface BootEnv {
  /** `window.location.origin`. */
  origin: string;
  /** `window.location.hostname`. */
  hostname: string;
  session: HttpClientDeps['session'];
  fetch?: typeof fetch;
  onOnlineChange?: (isOnline: boolean) => void;
}

/**
 * Fetches the service directory and the brands from the page's origin.
 * @throws HttpError with message 'Invalid service dict' when the directory lacks a required
 *   host (spec 000 §8); HttpError `network_error` when the server cannot be reached.
 */
export async function loadBootConfig(env: BootEnv): Promise<BootConfig> {
  const client = createHttpClient({
    directory: resolveDirectory(emptyDirectory(), env.origin),
    session: env.session,
    ...(env.fetch ? { fetch: env.fetch } : {}),
    ...(env.onOnlineChange ? { onOnlineChange: env.onOnlineChange } : {}),
  });
  const [directory, brands] = await Promise.all([
    client.origin('/service_directory', { parse: parseServiceDirectory }),
    // The built-in brands are a fine stand-in when an operator's overrides are unreadable.
    client.origin('/brands', { parse: parseBrands }).catch(() => DEFAULT_BRANDS),
  ]);
  return { directory: resolveDirectory(directory, env.origin), brand: brandForHost(env.hostname, brands) };
}

/** Replaces the empty host ('' = the page's own origin) and drops trailing slashes. */
export function resolveDirectory(directory: ServiceDirectory, origin: string): ServiceDirectory {
  const resolve = (base: string) => (base === '' ? origin : base).replace(/\/+$/, '');
  return {
    app: resolve(directory.app),
    thumb: resolve(directory.thumb),
    video: resolve(directory.video),
    poll: resolve(directory.poll),
    download: resolve(directory.download),
    login: resolve(directory.login),
    payment: resolve(directory.payment),
  };
}

function emptyDirectory(): ServiceDirectory {
  return { app: '', thumb: '', video: '', poll: '', download: '', login: '', payment: '' };
}

/** Validates the answer of GET /brands: `{ intl: Brand, no: Brand }`. */
export function parseBrands(input: unknown): { intl: Brand; no: Brand } {
  const record = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  return { intl: Brand.parse(record.intl), no: Brand.parse(record.no) };
}
