import { describe, expect, test } from 'vitest';
import { resolveDirectory } from '../../api/boot.ts';
import { createHttpClient } from '../../api/http-client.ts';
import { fakeFetch } from '../../test/fake-fetch.ts';
import { sendFile } from './send-file.ts';
import { fakeXhr } from '../../test/fake-xhr.ts';
import { createXhrTransport } from './transport.ts';

const FULL = {
  status: 507,
  body: { error: { code: 'insufficient_storage', message: 'The server is out of space' } },
};

function deps(dedup: unknown, upload: unknown) {
  const directory = resolveDirectory(
    { app: '', thumb: '', video: '', poll: '', download: '', login: '', payment: '' },
    'http://localhost:3000',
  );
  const session = { findToken: () => 'tok', getDeviceId: () => 'device' };
  const { fetch } = fakeFetch({ 'POST /st/4/jobs/j/files_dedup': dedup } as Parameters<typeof fakeFetch>[0]);
  const xhr = fakeXhr({ 'POST /st/4/jobs/j/upload': upload } as Parameters<typeof fakeXhr>[0]);
  return {
    api: createHttpClient({ directory, session, fetch, logger: { warn: () => undefined } }),
    send: createXhrTransport({ directory, session, createXhr: () => new xhr.XMLHttpRequest() }),
  };
}

const request = () => ({
  jobId: 'j',
  file: new File([new Uint8Array(10)], 'a.jpg'),
  path: 'a.jpg',
  sha1: 'a'.repeat(40),
  onProgress: () => undefined,
  signal: new AbortController().signal,
});

describe('sending a file to a server whose disk is full (507, issue #10)', () => {
  test('is a failure to retry later, marked as the server being full, not a network error', async () => {
    const answer = await sendFile(deps({ body: { status: 'not_found', uuid: null } }, FULL), request());
    expect(answer).toEqual({ kind: 'failed', isNetwork: false, isServerFull: true });
  });

  test('also when the dedup call is the one refused', async () => {
    const answer = await sendFile(deps(FULL, { body: {} }), request());
    expect(answer).toEqual({ kind: 'failed', isNetwork: false, isServerFull: true });
  });
});
