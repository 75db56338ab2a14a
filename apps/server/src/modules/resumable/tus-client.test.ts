import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Upload, type HttpRequest } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DIALECTS,
  createTestApp,
  fakeJpeg,
  sha1,
  signUp,
  timelineOf,
  TEST_ORIGIN,
  type Session,
  type TestApp,
} from '../../test/harness.ts';

/**
 * Uploads `content` with a third-party tus client, unmodified (tus-js-client 4, default
 * options), setting only the endpoint, the headers and the metadata the way the web client
 * does (apps/web/src/features/uploads/tus.ts). Resolves with the method and path of every
 * request it made.
 */
async function tusUpload(endpoint: string, user: Session, content: Buffer): Promise<string[]> {
  const requests: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const upload = new Upload(content, {
      endpoint,
      headers: user.headers,
      metadata: {
        path: 'Camera/IMG_tus.jpg',
        mtime: '1700000000',
        policy: 'no_duplicates',
        checksum: sha1(content),
      },
      onBeforeRequest: (request: HttpRequest) => {
        requests.push(`${request.getMethod()} ${new URL(request.getURL()).pathname}`);
      },
      onError: reject,
      onSuccess: () => {
        resolve();
      },
    });
    upload.start();
  });
  return requests;
}

describe.each(DIALECTS)('a standard tus client (%s)', (dialect) => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${String((t.app.server.address() as AddressInfo).port)}`;
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates, sends and finishes an upload, which is then listed', async () => {
    const user = await signUp(t.app);
    const job = await timelineOf(t.app, user);
    const content = fakeJpeg(200_000);
    const requests = await tusUpload(`${origin}/st/4/jobs/${job}/uploads?${user.query}`, user, content);
    expect(requests).toEqual([
      `POST /st/4/jobs/${job}/uploads`,
      expect.stringMatching(new RegExp(`^PATCH /st/4/jobs/${job}/uploads/[0-9a-f]{32}$`)) as string,
    ]);
    const listed = await t.app.inject({
      url: `/st/4/jobs/${job}/files?${user.query}`,
      headers: user.headers,
    });
    expect(listed.json()).toMatchObject({
      files: [{ name: 'IMG_tus.jpg', checksum: sha1(content), size: content.length }],
    });
  });
});

describe('a standard tus client behind a proxy that serves the app host under a path', () => {
  let t: TestApp;
  let proxy: http.Server;
  let appHost: string;
  beforeAll(async () => {
    let appPort = 0;
    // Serves /trove/… from the app at /…, as a reverse proxy with a path prefix would.
    proxy = http.createServer((request, response) => {
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port: appPort,
          method: request.method,
          path: (request.url ?? '').replace(/^\/trove/, ''),
          headers: request.headers,
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      request.pipe(upstream);
    });
    proxy.listen(0, '127.0.0.1');
    await once(proxy, 'listening');
    appHost = `http://127.0.0.1:${String((proxy.address() as AddressInfo).port)}/trove`;
    // Sign-in through inject() comes from TEST_ORIGIN, which the app host no longer implies.
    t = await createTestApp('sqlite', { env: { APP_HOST: appHost, TRUSTED_ORIGINS: TEST_ORIGIN } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    appPort = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    proxy.close();
    await t.close();
  });

  it('sends the upload to its URL under the configured app host, with the client query', async () => {
    const user = await signUp(t.app);
    const job = await timelineOf(t.app, user);
    const created = await t.app.inject({
      method: 'POST',
      url: `/st/4/jobs/${job}/uploads?${user.query}`,
      headers: {
        ...user.headers,
        'tus-resumable': '1.0.0',
        'upload-length': '10',
        'upload-metadata': `path ${Buffer.from('a.jpg').toString('base64')}`,
      },
    });
    expect(String(created.headers.location)).toMatch(
      new RegExp(`^${appHost}/st/4/jobs/${job}/uploads/[0-9a-f]{32}\\?${user.query}$`),
    );

    const content = fakeJpeg(100_000);
    const requests = await tusUpload(`${appHost}/st/4/jobs/${job}/uploads?${user.query}`, user, content);
    expect(requests).toEqual([
      `POST /trove/st/4/jobs/${job}/uploads`,
      expect.stringMatching(new RegExp(`^PATCH /trove/st/4/jobs/${job}/uploads/[0-9a-f]{32}$`)) as string,
    ]);
    const listed = await t.app.inject({
      url: `/st/4/jobs/${job}/files?${user.query}`,
      headers: user.headers,
    });
    expect(listed.json()).toMatchObject({ files: [{ checksum: sha1(content) }] });
  });
});
