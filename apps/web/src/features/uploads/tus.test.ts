import { describe, expect, test } from 'vitest';
import { HttpError } from '../../api/http-error.ts';
import type { ByteRequest, ByteResponse, SendBytes } from './transport.ts';
import { TUS_CHUNK_BYTES, encodeMetadata, tusUpload, type UploadMetadata } from './tus.ts';

const metadata: UploadMetadata = {
  path: 'Trip/ø.mp4',
  mtime: 1_700_000_000,
  policy: 'no_duplicates',
  checksum: 'a'.repeat(40),
};
const LOCATION = '/st/4/jobs/job-1/uploads/u1';

/** A tus server in memory: the bytes it holds, and a way to break the connection once. */
function tusServer(
  size: number,
  options: { failPatchAt?: number; knownOffset?: number; location?: string } = {},
) {
  let offset = options.knownOffset ?? 0;
  let failAt = options.failPatchAt;
  const seen: ByteRequest[] = [];
  const answer = (
    status: number,
    headers: Record<string, string> = {},
    body: unknown = null,
  ): ByteResponse => ({
    status,
    header: (name) => headers[name] ?? null,
    body,
  });
  const send: SendBytes = (request) => {
    seen.push(request);
    if (request.method === 'POST')
      return Promise.resolve(answer(201, { location: options.location ?? LOCATION }));
    if (request.method === 'HEAD') return Promise.resolve(answer(200, { 'upload-offset': String(offset) }));
    const body = request.body as Blob;
    const start = Number(request.headers?.['upload-offset']);
    if (start !== offset) {
      return Promise.reject(new HttpError({ status: 409, code: 'offset_mismatch', message: 'mismatch' }));
    }
    if (failAt !== undefined && start + body.size > failAt) {
      // Half the chunk arrived and was fsynced, then the connection broke.
      offset = failAt;
      failAt = undefined;
      return Promise.reject(new HttpError({ status: 0, code: 'network_error', message: 'offline' }));
    }
    request.onUploadProgress?.(body.size, body.size);
    offset += body.size;
    return Promise.resolve(
      offset === size
        ? answer(200, { 'upload-offset': String(offset) }, { status: 'processing', uuid: 'f-1' })
        : answer(204, { 'upload-offset': String(offset) }),
    );
  };
  return { send, seen };
}

function memoryStore() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => map.set(key, value),
    removeItem: (key: string) => map.delete(key),
  };
}

const fileOf = (size: number) => new Blob([new Uint8Array(size)]);

describe('resumable uploads (docs/API.md tus endpoints)', () => {
  test('creates the upload with its metadata, sends it in chunks and returns the answer', async () => {
    const size = TUS_CHUNK_BYTES * 2 + 10;
    const server = tusServer(size);
    const progress: number[] = [];
    const result = await tusUpload({
      send: server.send,
      jobId: 'job-1',
      file: fileOf(size),
      metadata,
      onProgress: (bytes) => progress.push(bytes),
    });
    expect(result).toEqual({ status: 'processing', uuid: 'f-1' });
    const [create, ...patches] = server.seen;
    expect(create?.headers).toMatchObject({ 'tus-resumable': '1.0.0', 'upload-length': String(size) });
    expect(create?.headers?.['upload-metadata']).toBe(encodeMetadata(metadata));
    expect(patches.map((p) => [p.path, p.headers?.['upload-offset']])).toEqual([
      ['/jobs/job-1/uploads/u1', '0'],
      ['/jobs/job-1/uploads/u1', String(TUS_CHUNK_BYTES)],
      ['/jobs/job-1/uploads/u1', String(TUS_CHUNK_BYTES * 2)],
    ]);
    expect(progress.at(-1)).toBe(size);
  });

  test('follows a Location that names the app host, under a path prefix, with a query', async () => {
    const server = tusServer(10, {
      location: 'https://example.com/trove/st/4/jobs/job-1/uploads/u1?key=trove-web&client_v=1&device_id=d',
    });
    await tusUpload({
      send: server.send,
      jobId: 'job-1',
      file: fileOf(10),
      metadata,
      onProgress: () => undefined,
    });
    expect(server.seen.map((request) => [request.method, request.path])).toEqual([
      ['POST', '/jobs/job-1/uploads'],
      ['PATCH', '/jobs/job-1/uploads/u1'],
    ]);
  });

  test('metadata values are base64 of UTF-8', () => {
    const decoded = encodeMetadata(metadata)
      .split(',')
      .map((pair) => pair.split(' '))
      .map(([key, value]) => [
        key,
        new TextDecoder().decode(Uint8Array.from(atob(value ?? ''), (c) => c.charCodeAt(0))),
      ]);
    expect(Object.fromEntries(decoded)).toEqual({ ...metadata, mtime: String(metadata.mtime) });
  });

  test('after a broken connection the next attempt resumes from the offset HEAD reports', async () => {
    const size = TUS_CHUNK_BYTES + 100;
    const store = memoryStore();
    const server = tusServer(size, { failPatchAt: 1000 });
    const upload = {
      send: server.send,
      jobId: 'job-1',
      file: fileOf(size),
      metadata,
      store,
      onProgress: () => undefined,
    };
    await expect(tusUpload(upload)).rejects.toMatchObject({ code: 'network_error' });
    expect([...store.map.values()]).toEqual(['/jobs/job-1/uploads/u1']);

    await expect(tusUpload(upload)).resolves.toEqual({ status: 'processing', uuid: 'f-1' });
    const retried = server.seen.slice(2).map((r) => [r.method, r.headers?.['upload-offset']]);
    // No second POST: the same upload goes on at byte 1000.
    expect(retried).toEqual([
      ['HEAD', undefined],
      ['PATCH', '1000'],
    ]);
    expect((server.seen.at(-1)?.body as Blob).size).toBe(size - 1000);
    expect(store.map.size).toBe(0);
  });

  test('a remembered upload that is gone (404) is created anew', async () => {
    const store = memoryStore();
    store.setItem(`trove.upload.tus.job-1.${metadata.checksum}.100`, '/jobs/job-1/uploads/old');
    const server = tusServer(100);
    const send: SendBytes = (request) =>
      request.method === 'HEAD'
        ? Promise.reject(new HttpError({ status: 404, code: 'not_found', message: 'gone' }))
        : server.send(request);
    await tusUpload({
      send,
      jobId: 'job-1',
      file: fileOf(100),
      metadata,
      store,
      onProgress: () => undefined,
    });
    expect(server.seen.map((r) => r.method)).toEqual(['POST', 'PATCH']);
  });

  test('an offset mismatch is resolved by asking HEAD, not by sending from the wrong place', async () => {
    const server = tusServer(500, { knownOffset: 200 });
    const store = memoryStore();
    store.setItem(`trove.upload.tus.job-1.${metadata.checksum}.500`, '/jobs/job-1/uploads/u1');
    // The HEAD says 200; pretend the first PATCH was built from a stale offset.
    let first = true;
    const send: SendBytes = (request) => {
      if (request.method === 'PATCH' && first) {
        first = false;
        return server.send({ ...request, headers: { ...request.headers, 'upload-offset': '0' } });
      }
      return server.send(request);
    };
    await expect(
      tusUpload({ send, jobId: 'job-1', file: fileOf(500), metadata, store, onProgress: () => undefined }),
    ).resolves.toEqual({ status: 'processing', uuid: 'f-1' });
  });
});
