import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedArchive } from '@trove/contract';
import {
  DIALECTS,
  createTestApp,
  fakeJpeg,
  signUp,
  timelineOf,
  uploadFile,
  type Session,
  type TestApp,
} from '../test/harness.ts';
import { COUNT_WHOLE_BELOW } from './byte-counter.ts';
import { createMetrics, type TroveMetrics } from './metrics.ts';
import { labelsOf, sampleOf } from './metrics.test-support.ts';

const DURATION = 'trove_http_request_duration_seconds_count';

/**
 * Issue #26, [Note: Metrics]: what the app counts, read back as Prometheus scrapes it.
 * Requests are labelled by route pattern and status class, never by URL; uploads, media and
 * zip bytes are counted as they are accepted and sent.
 */
describe.each(DIALECTS)('metrics of the app (%s)', (dialect) => {
  let t: TestApp;
  let metrics: TroveMetrics;
  let user: Session;
  let job: string;
  beforeAll(async () => {
    metrics = createMetrics();
    t = await createTestApp(dialect, { deps: { metrics } });
    user = await signUp(t.app);
    job = await timelineOf(t.app, user);
  });
  afterAll(async () => {
    await t.close();
  });

  const scrape = () => metrics.registry.metrics();
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
  const files = async () =>
    (await get(`/st/4/jobs/${job}/files?${user.query}`, user.headers)).json<{
      files: { id: string; file_url: string }[];
    }>().files;

  it('labels requests by route pattern and status class, never by the ids in the URL', async () => {
    const before = await scrape();
    const counted = (text: string, route: string, status: string, method = 'GET') =>
      sampleOf(text, DURATION, { method, route, status_class: status }) ?? 0;
    const route = '/st/4/jobs/:id/info';
    const stranger = randomUUID();
    for (let i = 0; i < 3; i++)
      expect((await get(`/st/4/jobs/${job}/info?${user.query}`, user.headers)).statusCode).toBe(200);
    expect((await get(`/st/4/jobs/${stranger}/info?${user.query}`, user.headers)).statusCode).toBe(404);
    const unmatchedId = randomUUID();
    expect((await get(`/st/4/no-such-call/${unmatchedId}`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/photos/${unmatchedId}` })).statusCode).toBe(404);

    const after = await scrape();
    expect(counted(after, route, '2xx') - counted(before, route, '2xx')).toBe(3);
    expect(counted(after, route, '4xx') - counted(before, route, '4xx')).toBe(1);
    expect(counted(after, 'unmatched', '4xx') - counted(before, 'unmatched', '4xx')).toBe(1);
    expect(counted(after, 'unmatched', '4xx', 'POST') - counted(before, 'unmatched', '4xx', 'POST')).toBe(1);
    // No id of any request made it into a label: one series per route, not per file or job.
    for (const id of [job, stranger, unmatchedId, user.userId]) expect(after).not.toContain(id);
    for (const labels of labelsOf(after, DURATION)) {
      expect(labels.route === 'unmatched' || labels.route?.startsWith('/'), labels.route).toBe(true);
      expect(labels.status_class).toMatch(/^[1-5]xx$/);
    }
    // The histogram's sum is seconds: three quick answers take well under a minute.
    const seconds = sampleOf(after, 'trove_http_request_duration_seconds_sum', {
      method: 'GET',
      route,
      status_class: '2xx',
    });
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThan(60);
  });

  it('counts accepted uploads and their bytes, new or duplicate', async () => {
    const content = fakeJpeg(40_000);
    const before = await scrape();
    const upload = (name: string) => uploadFile(t.app, user, job, { path: name, content });
    expect((await upload('Camera/one.jpg')).json()).toMatchObject({ status: 'processing' });
    expect((await upload('Camera/again.jpg')).json()).toMatchObject({ status: 'exists' });
    const after = await scrape();
    const delta = (name: string, result: string) =>
      (sampleOf(after, name, { result }) ?? 0) - (sampleOf(before, name, { result }) ?? 0);
    expect(delta('trove_upload_files_total', 'added')).toBe(1);
    expect(delta('trove_upload_bytes_total', 'added')).toBe(40_000);
    expect(delta('trove_upload_files_total', 'duplicate')).toBe(1);
    expect(delta('trove_upload_bytes_total', 'duplicate')).toBe(40_000);
  });

  it('counts the media bytes sent, by variant, ranges by their length and HEAD not at all', async () => {
    // Larger than COUNT_WHOLE_BELOW: counted as it passes; the range below is counted whole.
    const content = fakeJpeg(COUNT_WHOLE_BELOW + 40_000);
    const uploaded = await uploadFile(t.app, user, job, { path: 'Camera/media.jpg', content });
    const id = uploaded.json<{ uuid: string }>().uuid;
    const file = (await files()).find((f) => f.id === id);
    if (!file) throw new Error('no file listed');
    const original = (text: string) =>
      sampleOf(text, 'trove_media_served_bytes_total', { variant: 'original' });
    const before = original(await scrape()) ?? 0;
    // HEAD first: Fastify reads its body and drops it, by the time of the scrape.
    expect((await t.app.inject({ method: 'HEAD', url: file.file_url })).statusCode).toBe(200);
    const whole = await get(file.file_url);
    expect(whole.statusCode).toBe(200);
    const part = await get(file.file_url, { range: 'bytes=0-999' });
    expect(part.statusCode).toBe(206);
    const sent = whole.rawPayload.length + part.rawPayload.length;
    expect(sent).toBe(content.length + 1000);
    expect((original(await scrape()) ?? 0) - before).toBe(sent);
  });

  it('counts archives prepared and the zip bytes streamed', async () => {
    const ids = (await files()).map((f) => f.id);
    const before = await scrape();
    const prepared = await t.app.inject({
      method: 'POST',
      url: `/st/4/jobs/${job}/files_as_archive?${user.query}`,
      headers: user.headers,
      payload: { file_ids: ids },
    });
    expect(prepared.statusCode).toBe(200);
    const archive = prepared.json<PreparedArchive>();
    const zip = await get(archive.url);
    expect(zip.rawPayload.length).toBe(archive.size);
    const after = await scrape();
    const delta = (name: string) =>
      (sampleOf(after, name, { kind: 'album' }) ?? 0) - (sampleOf(before, name, { kind: 'album' }) ?? 0);
    expect(delta('trove_archives_prepared_total')).toBe(1);
    expect(delta('trove_archive_bytes_total')).toBe(archive.size);
  });
});

describe('metrics are not on the main port', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    // With a built web client, where any other path gets the page (the SPA fallback).
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-web-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Trove</title>');
    t = await createTestApp('sqlite', { env: { WEB_DIST: dist, METRICS_PORT: '9464' } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers /metrics with the JSON 404, neither metrics nor the page', async () => {
    expect((await t.app.inject({ url: '/photos' })).body).toContain('<title>Trove</title>');
    for (const url of ['/metrics', '/metrics/', '/metrics?name[]=trove_disk_free_bytes']) {
      const response = await t.app.inject({ url, headers: { accept: 'text/plain' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ error: { code: 'not_found', message: 'Not found' } });
      expect(response.body, url).not.toContain('trove_');
    }
  });
});
