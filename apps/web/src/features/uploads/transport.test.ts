import { afterEach, describe, expect, test, vi } from 'vitest';
import { resolveDirectory } from '../../api/boot.ts';
import { fakeXhr, type XhrRoutes } from '../../test/fake-xhr.ts';
import { createXhrTransport } from './transport.ts';

function transport(routes: XhrRoutes, stallMs?: number) {
  const xhr = fakeXhr(routes);
  const online: boolean[] = [];
  const send = createXhrTransport({
    directory: resolveDirectory(
      { app: '', thumb: '', video: '', poll: '', download: '', login: '', payment: '' },
      'http://localhost:3000',
    ),
    session: { findToken: () => 'tok', getDeviceId: () => 'device-1' },
    onOnlineChange: (isOnline) => online.push(isOnline),
    createXhr: () => new xhr.XMLHttpRequest(),
    ...(stallMs !== undefined && { stallMs }),
  });
  return { send, xhr, online };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the uploads byte transport', () => {
  test('signs like the HTTP client and reports body progress', async () => {
    const { send, xhr, online } = transport({
      'POST /st/4/jobs/j/upload': { body: { status: 'processing', uuid: 'f' } },
    });
    const progress: number[] = [];
    const answer = await send({
      method: 'POST',
      path: '/jobs/j/upload',
      body: new Blob([new Uint8Array(100)]),
      onUploadProgress: (sent) => progress.push(sent),
    });
    expect(answer.body).toEqual({ status: 'processing', uuid: 'f' });
    expect(progress).toEqual([50, 100]);
    const seen = xhr.requests[0];
    expect(seen?.url.searchParams.get('device_id')).toBe('device-1');
    expect(seen?.url.searchParams.get('key')).toBe('trove-web');
    expect(seen?.headers.authorization).toBe(`Basic ${btoa('token:tok')}`);
    expect(online).toEqual([true]);
  });

  test('a refusal is an HttpError with the server code; no answer is network_error', async () => {
    const { send, online } = transport({
      'POST /st/4/full': { status: 413, body: { error: { code: 'quota_exceeded', message: 'full' } } },
      'POST /st/4/down': 'network',
    });
    await expect(send({ method: 'POST', path: '/full' })).rejects.toMatchObject({
      status: 413,
      code: 'quota_exceeded',
    });
    await expect(send({ method: 'POST', path: '/down' })).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
    });
    expect(online).toEqual([true, false]);
  });

  test('a body that stops moving is given up as a lost connection', async () => {
    vi.useFakeTimers();
    const { send } = transport({ 'PATCH /st/4/u': 'hang' }, 1000);
    const sent = send({ method: 'PATCH', path: '/u', body: new Blob(['x']) });
    const settled = expect(sent).rejects.toMatchObject({ code: 'network_error' });
    await vi.advanceTimersByTimeAsync(1000);
    await settled;
  });

  test('aborting rejects with an AbortError, not a network failure', async () => {
    const { send, online } = transport({ 'PATCH /st/4/u': 'hang' });
    const abort = new AbortController();
    const sent = send({ method: 'PATCH', path: '/u', body: new Blob(['x']), signal: abort.signal });
    abort.abort();
    await expect(sent).rejects.toMatchObject({ name: 'AbortError' });
    expect(online).toEqual([]);
  });
});
