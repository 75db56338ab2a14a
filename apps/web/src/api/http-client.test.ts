import {
  AccountInfo,
  CLIENT_VERSION,
  OkResponse,
  WEB_CLIENT_KEY,
  type ServiceDirectory,
} from '@trove/contract';
import { describe, expect, test, vi } from 'vitest';
import { fakeFetch, type FakeRoutes } from '../test/fake-fetch.ts';
import { anAccount } from '../test/factories.ts';
import { loadBootConfig, resolveDirectory } from './boot.ts';
import { basicAuthorization, createHttpClient } from './http-client.ts';
import { HttpError, isApiError, isNetworkError, stripQuery } from './http-error.ts';

const DEVICE_ID = '6f1c7a52-3d2e-4c55-9a0e-2f4d8b6c1e90';
const ORIGIN = 'http://localhost:3000';
const DIRECTORY: ServiceDirectory = resolveDirectory(
  { app: '', thumb: '', video: '', poll: '', download: '', login: 'https://login.example', payment: '' },
  ORIGIN,
);

function setup(routes: FakeRoutes, token: string | null = 'tok-123') {
  const { fetch, requests } = fakeFetch(routes, ORIGIN);
  const onOnlineChange = vi.fn();
  const logger = { warn: vi.fn() };
  const client = createHttpClient({
    directory: DIRECTORY,
    session: { findToken: () => token ?? undefined, getDeviceId: () => DEVICE_ID },
    fetch,
    onOnlineChange,
    logger,
  });
  return { client, requests, onOnlineChange, logger };
}

describe('service directory (spec 000 §5, §8)', () => {
  const boot = (directory: unknown) =>
    loadBootConfig({
      origin: ORIGIN,
      hostname: 'photos.example.no',
      session: { findToken: () => undefined, getDeviceId: () => DEVICE_ID },
      fetch: fakeFetch({ 'GET /service_directory': { body: directory } }, ORIGIN).fetch,
    });

  test('resolves empty hosts to the page origin', async () => {
    const config = await boot({ app: '', thumb: '', video: '', poll: '', download: 'https://dl.example/' });
    expect(config.directory.app).toBe(ORIGIN);
    expect(config.directory.download).toBe('https://dl.example');
    expect(config.directory.login).toBe(ORIGIN);
  });

  test("rejects a directory without a required host with 'Invalid service dict'", async () => {
    await expect(boot({ app: '', thumb: '', video: '', poll: '' })).rejects.toThrow('Invalid service dict');
  });

  test('falls back to the built-in brands and picks the Norwegian one on .no hosts', async () => {
    const config = await boot({ app: '', thumb: '', video: '', poll: '', download: '' });
    expect(config.brand.id).toBe('no');
  });
});

describe('app host calls (spec 001 §7)', () => {
  test('send HTTP Basic with user "token" and the client query parameters', async () => {
    const { client, requests } = setup({ 'GET /st/4/account_info': { body: anAccount() } });
    await client.app('/account_info', AccountInfo, { query: { app_lang: 'nb_NO' } });
    const [request] = requests;
    expect(request?.headers.get('authorization')).toBe(`Basic ${btoa('token:tok-123')}`);
    expect(Object.fromEntries(request?.url.searchParams ?? [])).toEqual({
      key: WEB_CLIENT_KEY,
      client_v: CLIENT_VERSION,
      device_id: DEVICE_ID,
      app_lang: 'nb_NO',
    });
  });

  test('omit the Authorization header when there is no token', async () => {
    const { client, requests } = setup({ 'POST /st/4/logout': { body: { ok: true } } }, null);
    await client.app('/logout', OkResponse, { method: 'POST' });
    expect(requests[0]?.headers.has('authorization')).toBe(false);
  });

  test('send a call’s own headers, e.g. an album grant, with or without a token', async () => {
    const { client, requests } = setup({ 'GET /st/4/account_info': { body: anAccount() } }, null);
    await client.app('/account_info', AccountInfo, { headers: { 'x-foreign-auth': 'grant-1' } });
    expect(requests[0]?.headers.get('x-foreign-auth')).toBe('grant-1');
    expect(requests[0]?.headers.has('authorization')).toBe(false);
    expect(requests[0]?.url.searchParams.get('device_id')).toBe(DEVICE_ID);
  });

  test('send JSON bodies', async () => {
    const { client, requests } = setup({ 'POST /st/4/name': { body: anAccount({ name: 'Kari' }) } });
    await client.app('/name', AccountInfo, { method: 'POST', body: { name: 'Kari' } });
    expect(requests[0]?.body).toEqual({ name: 'Kari' });
    expect(requests[0]?.headers.get('content-type')).toBe('application/json');
  });
});

test('login host calls include cookies and never the token', async () => {
  const { client, requests } = setup({ 'GET /idp/request': { body: { ok: true } } });
  await client.idp('/request', OkResponse, { query: { state: 's' } });
  expect(requests[0]?.url.origin).toBe('https://login.example');
  expect(requests[0]?.credentials).toBe('include');
  expect(requests[0]?.headers.has('authorization')).toBe(false);
});

describe('errors', () => {
  test('become one HttpError carrying the contract code', async () => {
    const { client } = setup({
      'DELETE /st/4/devices/x': {
        status: 404,
        body: { error: { code: 'not_found', message: 'No such device' } },
      },
    });
    const error = await client.app('/devices/x', OkResponse, { method: 'DELETE' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(isApiError(error, 'not_found')).toBe(true);
    expect(isApiError(error, 'conflict')).toBe(false);
    expect((error as HttpError).status).toBe(404);
  });

  test('without a contract body still get a code from the status', async () => {
    const { client } = setup({ 'GET /st/4/devices': { status: 502, body: '<html>' } });
    await expect(client.app('/devices', OkResponse)).rejects.toMatchObject({
      code: 'internal_error',
      status: 502,
    });
  });

  test('an answer that breaks the contract is invalid_response', async () => {
    const { client } = setup({ 'GET /st/4/account_info': { body: { uuid: 1 } } });
    await expect(client.app('/account_info', AccountInfo)).rejects.toMatchObject({
      code: 'invalid_response',
    });
  });

  test('are logged without the query string', async () => {
    const { client, logger } = setup({ 'GET /st/4/devices': { status: 500 } });
    await client.app('/devices', OkResponse).catch(() => undefined);
    const logged = logger.warn.mock.calls.flat().join(' ');
    expect(logged).toContain('/st/4/devices');
    expect(logged).not.toContain(DEVICE_ID);
    expect(logged).not.toContain('?');
  });
});

describe('unauthorised handlers (spec 001 §4)', () => {
  test('run on any 401, on any host', async () => {
    const { client } = setup({
      'GET /st/4/devices': { status: 401, body: { error: { code: 'unauthorized', message: 'no' } } },
      'POST /idp/sign-in': { status: 401, body: { error: { code: 'invalid_grant', message: 'no' } } },
    });
    const handler = vi.fn();
    client.onUnauthorized(handler);
    await client.app('/devices', OkResponse).catch(() => undefined);
    await client.idp('/sign-in', OkResponse, { method: 'POST', body: {} }).catch(() => undefined);
    expect(handler).toHaveBeenCalledTimes(2);
  });

  test('do not run on other failures, and stop once unregistered', async () => {
    const { client } = setup({
      'GET /st/4/devices': { status: 403, body: { error: { code: 'user_disabled', message: 'no' } } },
      'GET /st/4/account_info': { status: 401 },
    });
    const handler = vi.fn();
    const unregister = client.onUnauthorized(handler);
    await client.app('/devices', OkResponse).catch(() => undefined);
    expect(handler).not.toHaveBeenCalled();
    unregister();
    await client.app('/account_info', AccountInfo).catch(() => undefined);
    expect(handler).not.toHaveBeenCalled();
  });
});

describe('online state (spec 000 §8)', () => {
  test('goes offline on a network error and back online on any answer', async () => {
    let isDown = true;
    const { client, onOnlineChange } = setup({
      'GET /st/4/devices': () => (isDown ? 'network' : { status: 500 }),
    });
    const error = await client.app('/devices', OkResponse).catch((e: unknown) => e);
    expect(isNetworkError(error)).toBe(true);
    expect(onOnlineChange).toHaveBeenLastCalledWith(false);
    isDown = false;
    await client.app('/devices', OkResponse).catch(() => undefined);
    expect(onOnlineChange).toHaveBeenLastCalledWith(true);
  });

  test('an aborted request does not count as offline', async () => {
    const controller = new AbortController();
    const { client, onOnlineChange } = setup({ 'GET /st/4/devices': 'network' });
    controller.abort();
    await client.app('/devices', OkResponse, { signal: controller.signal }).catch(() => undefined);
    expect(onOnlineChange).not.toHaveBeenCalled();
  });

  test('a request aborted while its answer is read stays an abort, unlogged', async () => {
    const controller = new AbortController();
    const logger = { warn: vi.fn() };
    // Navigation aborts after the headers arrived: reading the body then fails with AbortError.
    const body = new ReadableStream<Uint8Array>({
      pull(stream) {
        controller.abort();
        stream.error(new DOMException('The operation was aborted.', 'AbortError'));
      },
    });
    const client = createHttpClient({
      directory: DIRECTORY,
      session: { findToken: () => 'tok', getDeviceId: () => DEVICE_ID },
      fetch: () => Promise.resolve(new Response(body, { status: 200 })),
      logger,
    });
    const error = await client
      .app('/devices', OkResponse, { signal: controller.signal })
      .catch((e: unknown) => e);
    expect((error as Error).name).toBe('AbortError');
    expect(error).not.toBeInstanceOf(HttpError);
    expect(logger.warn).not.toHaveBeenCalled();
  });
});

test('basicAuthorization encodes non-ASCII tokens as UTF-8', () => {
  expect(basicAuthorization('abc')).toBe('Basic dG9rZW46YWJj');
  expect(() => basicAuthorization('tøken')).not.toThrow();
});

test('stripQuery drops the query and the fragment', () => {
  expect(stripQuery('https://x.example/st/4/devices?key=a&device_id=b#c')).toBe(
    'https://x.example/st/4/devices',
  );
  expect(stripQuery('/healthz')).toBe('/healthz');
});

describe('media (signed URLs)', () => {
  test('fetches the bytes with a range and no token, and fails with the server’s code', async () => {
    const { client, requests } = setup({
      'GET /th/3/beach': { status: 200, body: 'bytes' },
      'GET /th/3/gone': { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } },
    });
    const blob = await client.media(`${ORIGIN}/th/3/beach?sig=s`, { range: 'bytes=0-9' });
    expect(await blob.text()).toBe('bytes');
    expect(requests[0]?.headers.get('range')).toBe('bytes=0-9');
    expect(requests[0]?.headers.get('authorization')).toBeNull();
    expect(requests[0]?.credentials).toBe('omit');
    await expect(client.media(`${ORIGIN}/th/3/gone?sig=s`)).rejects.toSatisfy((error) =>
      isApiError(error, 'not_found'),
    );
  });
});
