import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseServiceDirectory } from '@trove/contract';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createTestApp, openTestDatabase, type TestApp } from './test/harness.ts';

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

  it('never serves files outside the client folder, and API paths never get the page', async () => {
    expect((await t.app.inject({ url: '/assets/../../etc/passwd' })).body).not.toContain('root:');
    const api = await t.app.inject({ url: '/st/4/unknown', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/json');
  });
});
