import { afterEach, describe, expect, test, vi } from 'vitest';
import { resolveDirectory } from '../../api/boot.ts';
import { createHttpClient } from '../../api/http-client.ts';
import { aFile } from '../../test/factories.ts';
import { fakeFetch, type FakeRoutes } from '../../test/fake-fetch.ts';
import {
  deleteFileIds,
  downloadFile,
  exportHeic,
  fileDownloadUrl,
  isHeic,
  jpegDownloadUrl,
  restoreFileIds,
} from './actions.ts';

const directory = resolveDirectory(
  {
    app: 'https://app.example',
    thumb: 'https://th.example',
    video: '',
    poll: '',
    download: '',
    login: '',
    payment: '',
  },
  'http://localhost:3000',
);

function clientFor(routes: FakeRoutes) {
  const { fetch, requests } = fakeFetch(routes);
  const api = createHttpClient({
    directory,
    session: { findToken: () => 'tok', getDeviceId: () => 'device' },
    fetch,
    logger: { warn: () => undefined },
  });
  return { api, requests };
}

const HEIC = aFile({
  id: 'h1',
  name: 'IMG_1.HEIC',
  jpeg_url: '/st/4/jobs/job-timeline/files_by_id/h1?to_jpeg=1&exp=1&sig=j',
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('download links', () => {
  test('a single file downloads the original from the app host with download=1', () => {
    expect(fileDownloadUrl(directory, aFile({ id: 'f1' }))).toBe(
      'https://app.example/st/4/jobs/job-timeline/files_by_id/f1?exp=1&sig=o&download=1',
    );
  });

  test('downloadFile clicks a download link and leaves nothing behind', () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('f1.jpg');
      expect(this.href).toContain('/files_by_id/f1?exp=1&sig=o&download=1');
    });
    downloadFile(directory, aFile({ id: 'f1' }));
    expect(click).toHaveBeenCalledOnce();
    expect(document.querySelector('a[download]')).toBeNull();
  });

  test('a HEIC exports its JPEG rendition as name.jpg', () => {
    expect(jpegDownloadUrl(directory, HEIC)).toBe(
      'https://app.example/st/4/jobs/job-timeline/files_by_id/h1?to_jpeg=1&exp=1&sig=j&download=1',
    );
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    expect(exportHeic(directory, HEIC)).toBe(true);
    expect(names).toEqual(['IMG_1.jpg']);
  });

  test('a HEIC whose JPEG is not made yet cannot be exported', () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    expect(exportHeic(directory, aFile({ name: 'a.heic', jpeg_url: null }))).toBe(false);
    expect(click).not.toHaveBeenCalled();
  });

  test('HEIC is told by the extension or by a JPEG rendition', () => {
    expect(isHeic(aFile({ name: 'a.heif' }))).toBe(true);
    expect(isHeic(HEIC)).toBe(true);
    expect(isHeic(aFile({ name: 'a.jpg' }))).toBe(false);
  });
});

describe('deleteFileIds', () => {
  test('deletes each file, at most four at a time, and reports failures by id', async () => {
    let running = 0;
    let peak = 0;
    const fetchFn = vi.fn(async (input: RequestInfo | URL) => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const ok = !url.includes('/files_by_id/bad');
      const body = ok ? { ok: true } : { error: { code: 'forbidden', message: 'Forbidden' } };
      return new Response(JSON.stringify(body), { status: ok ? 200 : 403 });
    });
    const api = createHttpClient({
      directory,
      session: { findToken: () => 'tok', getDeviceId: () => 'device' },
      fetch: fetchFn,
      logger: { warn: () => undefined },
    });
    const outcome = await deleteFileIds(api, 'job-timeline', ['a', 'b', 'bad', 'c', 'd', 'e', 'f']);
    expect(outcome).toEqual({ succeeded: ['a', 'b', 'c', 'd', 'e', 'f'], failed: ['bad'] });
    expect(fetchFn).toHaveBeenCalledTimes(7);
    expect(peak).toBe(4);
  });

  test('sends DELETE files_by_id on the job', async () => {
    const { api, requests } = clientFor({ 'DELETE /st/4/jobs/job-1/files_by_id/f1': { body: { ok: true } } });
    await expect(deleteFileIds(api, 'job-1', ['f1'])).resolves.toEqual({ succeeded: ['f1'], failed: [] });
    expect(requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([
      'DELETE /st/4/jobs/job-1/files_by_id/f1',
    ]);
  });
});

describe('restoreFileIds', () => {
  test('restores in batches of 200 (spec 000 §9) and counts error results as failed', async () => {
    const ids = Array.from({ length: 450 }, (_, n) => `f${String(n)}`);
    const { api, requests } = clientFor({
      'POST /st/4/jobs/job-1/multi_rollback': (request) => {
        const { file_uuids } = request.body as { file_uuids: string[] };
        return {
          body: {
            results: file_uuids.map((id) =>
              id === 'f7'
                ? { file_uuid: id, status: 'error', error_reason: 'quota_exceeded' }
                : { file_uuid: id, status: 'ok' },
            ),
            quota: { used_space: 0, max_space: 1 },
          },
        };
      },
    });
    const outcome = await restoreFileIds(api, 'job-1', ids);
    expect(requests.map((r) => (r.body as { file_uuids: string[] }).file_uuids.length)).toEqual([
      200, 200, 50,
    ]);
    expect(outcome.failed).toEqual(['f7']);
    expect(outcome.reasons).toEqual({ f7: 'quota_exceeded' });
    expect(outcome.succeeded).toHaveLength(449);
  });

  test('a failed batch fails all its files', async () => {
    const { api } = clientFor({ 'POST /st/4/jobs/job-1/multi_rollback': { status: 500 } });
    await expect(restoreFileIds(api, 'job-1', ['a', 'b'])).resolves.toEqual({
      succeeded: [],
      failed: ['a', 'b'],
      reasons: { a: 'internal_error', b: 'internal_error' },
    });
  });

  test('tells each batch as it ends, for a progress display', async () => {
    const ids = Array.from({ length: 250 }, (_, n) => `f${String(n)}`);
    const { api } = clientFor({
      'POST /st/4/jobs/job-1/multi_rollback': (request) => ({
        body: {
          results: (request.body as { file_uuids: string[] }).file_uuids.map((id) => ({
            file_uuid: id,
            status: 'ok',
          })),
          quota: { used_space: 0, max_space: 1 },
        },
      }),
    });
    const sizes: number[] = [];
    await restoreFileIds(api, 'job-1', ids, { onBatch: (batch) => sizes.push(batch.succeeded.length) });
    expect(sizes.sort((a, b) => a - b)).toEqual([50, 200]);
  });
});
