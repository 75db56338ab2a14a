import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseServiceDirectory } from '@trove/contract';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { SERVER_SEGMENTS } from './http/web-client.ts';
import {
  createTestApp,
  fakeJpeg,
  openTestDatabase,
  signUp,
  timelineOf,
  uploadFile,
  type TestApp,
} from './test/harness.ts';

describe('app basics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves a valid single-origin service directory to anybody', async () => {
    const response = await t.app.inject({ url: '/service_directory' });
    expect(response.statusCode).toBe(200);
    expect(parseServiceDirectory(response.json())).toMatchObject({ app: '', thumb: '', poll: '' });
  });

  it('names separately configured hosts in the directory and the CSP', async () => {
    const split = await createTestApp('sqlite', {
      env: { APP_HOST: 'https://app.example.com', THUMB_HOST: 'https://th.example.com/' },
    });
    try {
      const response = await split.app.inject({ url: '/service_directory' });
      expect(response.json()).toMatchObject({
        app: 'https://app.example.com',
        thumb: 'https://th.example.com',
        video: 'https://app.example.com',
      });
      expect(response.headers['content-security-policy']).toContain('https://th.example.com');
    } finally {
      await split.close();
    }
  });

  it("adds Stripe's origins to the CSP only with BILLING=stripe", async () => {
    const plain = await t.app.inject({ url: '/service_directory' });
    expect(plain.headers['content-security-policy']).not.toContain('stripe.com');
    const stripe = await createTestApp('sqlite', {
      env: {
        BILLING: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_51Abc',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_51Abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      },
    });
    try {
      const response = await stripe.app.inject({ url: '/service_directory' });
      expect(response.headers['content-security-policy']).toContain(
        "frame-src 'self' https://js.stripe.com https://hooks.stripe.com",
      );
      expect(response.headers['content-security-policy']).toContain('https://api.stripe.com');
    } finally {
      await stripe.close();
    }
  });

  it('serves brands with operator overrides', async () => {
    const branded = await createTestApp('sqlite', { env: { BRANDS_JSON: '{"no":{"name":"Minne"}}' } });
    try {
      const response = await branded.app.inject({ url: '/brands' });
      expect(response.json()).toMatchObject({ no: { id: 'no', name: 'Minne' }, intl: { name: 'Trove' } });
    } finally {
      await branded.close();
    }
  });

  it('puts security headers on every response, errors included', async () => {
    for (const url of ['/healthz', '/st/4/nothing-here']) {
      const response = await t.app.inject({ url });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });

  it('keeps private answers out of caches, and leaves media and bootstrap caching alone', async () => {
    const user = await signUp(t.app);
    const job = await timelineOf(t.app, user);
    expect((await uploadFile(t.app, user, job, { path: 'a.jpg', content: fakeJpeg() })).statusCode).toBe(200);
    const files = await t.app.inject({ url: `/st/4/jobs/${job}/files?${user.query}`, headers: user.headers });
    const privateAnswers = [
      files,
      await t.app.inject({ url: `/st/4/account_info?${user.query}`, headers: user.headers }),
      // Refused: a 401 says nothing cacheable either.
      await t.app.inject({ url: `/st/4/account_info?${user.query}` }),
      await t.app.inject({ method: 'POST', url: '/idp/token', payload: { code: 'x', state: 'y' } }),
    ];
    for (const response of privateAnswers) expect(response.headers['cache-control']).toBe('no-store');

    const [file] = files.json<{ files: { file_url: string }[] }>().files;
    const media = await t.app.inject({ url: file?.file_url ?? '' });
    expect(media.statusCode).toBe(200);
    expect(media.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const bootstrap = await t.app.inject({ url: '/service_directory' });
    expect(bootstrap.headers['cache-control']).toBeUndefined();
  });

  it('answers unknown routes with a JSON 404 in the error model', async () => {
    const response = await t.app.inject({ url: '/st/4/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
  });

  it('renders malformed JSON as a 400 in the error model', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/idp/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: '{"state":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'bad_request' } });
  });

  it('hides the details of server errors', async () => {
    const db = await openTestDatabase('sqlite');
    const app = await buildApp({
      config: loadConfig({ WEB_DIST: '/nonexistent' }),
      database: db.handle,
      logger: false,
    });
    app.get('/boom', { config: { auth: 'public' } }, () => {
      throw new Error('secret internals');
    });
    const response = await app.inject({ url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('secret internals');
    expect(response.json()).toEqual({ error: { code: 'internal_error', message: 'Internal server error' } });
    await app.close();
    await db.cleanup();
  });

  it('refuses to start with a route that does not declare who may call it', async () => {
    const db = await openTestDatabase('sqlite');
    const app = await buildApp({
      config: loadConfig({ WEB_DIST: '/nonexistent' }),
      database: db.handle,
      logger: false,
    });
    expect(() => app.get('/undeclared', () => 'x')).toThrow(/config.auth/);
    await app.close();
    await db.cleanup();
  });
});

describe('web client serving', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-web-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Trove</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'assets', 'app-1234.js.map'), '{"version":3,"sources":["secret.ts"]}');
    t = await createTestApp('sqlite', { env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html for client routes (SPA fallback) without caching', async () => {
    const response = await t.app.inject({ url: '/settings/devices', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<title>Trove</title>');
  });

  it('serves hashed assets as immutable', async () => {
    const response = await t.app.inject({ url: '/assets/app-1234.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('serves the page to any GET of a page path, whatever its Accept (curl)', async () => {
    for (const url of ['/', '/photos', '/oauth/callback?code=x']) {
      for (const headers of [{}, { accept: '*/*' }, { accept: 'application/json' }]) {
        const response = await t.app.inject({ url, headers });
        expect(response.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(200);
        expect(response.body).toContain('<title>Trove</title>');
      }
    }
  });

  it('answers a JSON 404 under every prefix the server registers, and for a missing asset', async () => {
    const segments = t.app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .map((line) => /^[├└]── \/([^/ ]+)/.exec(line)?.[1])
      .filter((segment) => segment !== undefined);
    expect(segments).toContain('st');
    for (const segment of new Set([...segments, ...SERVER_SEGMENTS, 'assets'])) {
      expect(SERVER_SEGMENTS.has(segment) || segment === 'assets', segment).toBe(true);
      const response = await t.app.inject({ url: `/${segment}/no-such-thing` });
      expect(response.statusCode, segment).toBe(404);
      expect(response.json(), segment).toEqual({ error: { code: 'not_found', message: 'Not found' } });
    }
  });

  it('answers 404 for source maps unless SERVE_SOURCE_MAPS is set (issue #23)', async () => {
    for (const url of [
      '/assets/app-1234.js.map',
      '/assets/app-1234.js.MAP',
      '/assets/app-1234.js%2Emap',
      '/x.js.map',
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('secret.ts');
    }
    const debugging = await createTestApp('sqlite', { env: { WEB_DIST: dist, SERVE_SOURCE_MAPS: 'true' } });
    try {
      const response = await debugging.app.inject({ url: '/assets/app-1234.js.map' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('secret.ts');
    } finally {
      await debugging.close();
    }
  });

  it('never serves files outside the client folder, and API paths never get the page', async () => {
    expect((await t.app.inject({ url: '/assets/../../etc/passwd' })).body).not.toContain('root:');
    const api = await t.app.inject({ url: '/st/4/unknown', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/json');
  });
});
