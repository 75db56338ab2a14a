import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BASE_QUOTA_BYTES } from '@trove/contract';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('defaults to port 8080, ./data and SQLite inside it', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DATA_DIR).toBe(path.resolve('data'));
    expect(config.SQLITE_FILE).toBe(path.resolve('data', 'trove.db'));
    expect(config.DATABASE_URL).toBe('');
    expect(config.BASE_QUOTA_BYTES).toBe(BASE_QUOTA_BYTES);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('fails fast listing every problem at once', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', APP_HOST: 'not a url', BRANDS_JSON: '{' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    for (const name of ['PORT', 'DATABASE_URL', 'APP_HOST', 'BRANDS_JSON']) expect(message).toContain(name);
  });

  it('gives a stopping process 8 s to finish what is in flight, inside docker stop’s 10 s', () => {
    expect(loadConfig({}).SHUTDOWN_GRACE_MS).toBe(8_000);
    expect(loadConfig({ SHUTDOWN_GRACE_MS: '30000' }).SHUTDOWN_GRACE_MS).toBe(30_000);
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: '-1' })).toThrow(/SHUTDOWN_GRACE_MS/);
  });

  it('needs a client id when an OpenID Connect issuer is set', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'https://id.example.com' })).toThrow(/OIDC_CLIENT_ID/);
  });

  it('refuses a sunset period no longer than its first warning (every account would be dated at once)', () => {
    expect(() => loadConfig({ SUNSET_INACTIVE_DAYS: '30' })).toThrow(
      /SUNSET_INACTIVE_DAYS: must be 0 \(off\) or more than .* \(30\)/,
    );
    expect(() => loadConfig({ SUNSET_INACTIVE_DAYS: '60', SUNSET_WARNING_DAYS: '7,60' })).toThrow(
      /SUNSET_INACTIVE_DAYS/,
    );
    expect(loadConfig({ SUNSET_INACTIVE_DAYS: '31' }).SUNSET_INACTIVE_DAYS).toBe(31);
    expect(loadConfig({ SUNSET_INACTIVE_DAYS: '0' }).SUNSET_INACTIVE_DAYS).toBe(0);
  });

  it('runs the sandbox provider unless told, and a production instance must choose (issue #25)', () => {
    expect(loadConfig({}).BILLING).toBe('sandbox');
    expect(loadConfig({ BILLING: 'off', NODE_ENV: 'production' }).BILLING).toBe('off');
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /BILLING: required when NODE_ENV=production/,
    );
    expect(() => loadConfig({ BILLING: 'cash' })).toThrow(/BILLING/);
    expect(() => loadConfig({ BILLING: 'stripe' })).toThrow(
      /STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PUBLISHABLE_KEY: required when BILLING=stripe/,
    );
  });

  it('BILLING=stripe runs with three keys of one mode, and never repeats a key in its errors', () => {
    const keys = {
      BILLING: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_51Abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_51Abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
    };
    const config = loadConfig({ ...keys, NODE_ENV: 'production' });
    expect([config.BILLING, config.STRIPE_PUBLISHABLE_KEY]).toEqual(['stripe', 'pk_test_51Abc']);
    expect(loadConfig({ ...keys, STRIPE_SECRET_KEY: 'rk_test_51Abc' }).BILLING).toBe('stripe');
    expect(
      loadConfig({ ...keys, STRIPE_SECRET_KEY: 'sk_live_51Abc', STRIPE_PUBLISHABLE_KEY: 'pk_live_51Abc' })
        .BILLING,
    ).toBe('stripe');
    expect(() => loadConfig({ ...keys, STRIPE_PUBLISHABLE_KEY: 'pk_live_51Abc' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY: a live key with a test STRIPE_SECRET_KEY; both must be test keys or both live keys/,
    );
    expect(() => loadConfig({ ...keys, STRIPE_PUBLISHABLE_KEY: '' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY: required when BILLING=stripe/,
    );
    let message = '';
    try {
      loadConfig({ ...keys, STRIPE_SECRET_KEY: 'pk_test_secret1', STRIPE_WEBHOOK_SECRET: 'hook9' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/STRIPE_SECRET_KEY: must be a Stripe secret key/);
    expect(message).toMatch(/STRIPE_WEBHOOK_SECRET: must be the webhook endpoint's signing secret/);
    expect(message).not.toMatch(/secret1|hook9/);
  });

  it('parses lists and strips trailing slashes of hosts', () => {
    const config = loadConfig({
      TRUSTED_ORIGINS: 'https://a.example.com, https://b.example.no',
      LOGIN_HOST: 'https://login.example.com/',
    });
    expect(config.TRUSTED_ORIGINS).toEqual(['https://a.example.com', 'https://b.example.no']);
    expect(config.LOGIN_HOST).toBe('https://login.example.com');
  });

  it('derives sign-in origins from the address it was started for, never more', () => {
    expect(loadConfig({ PORT: '8080' }).SIGN_IN_ORIGINS).toEqual([
      'http://localhost:8080',
      'http://127.0.0.1:8080',
      'http://[::1]:8080',
    ]);
    expect(loadConfig({ PORT: '8080', HOST: '192.168.1.20' }).SIGN_IN_ORIGINS).toContain(
      'http://192.168.1.20:8080',
    );
    expect(loadConfig({ PORT: '80', HOST: '127.0.0.1' }).SIGN_IN_ORIGINS).toContain('http://localhost');
  });

  it('with APP_HOST, sign-in origins are the configured ones only', () => {
    const config = loadConfig({
      APP_HOST: 'https://photos.example.com/',
      LOGIN_HOST: 'https://login.example.com',
      TRUSTED_ORIGINS: 'https://other.example.no',
    });
    expect([...config.SIGN_IN_ORIGINS].sort()).toEqual([
      'https://login.example.com',
      'https://other.example.no',
      'https://photos.example.com',
    ]);
  });
  it('mails through the outbox by default, from Trove <no-reply@localhost>', () => {
    const config = loadConfig({});
    expect(config.SMTP_URL).toBe('');
    expect(config.MAIL_FROM).toBe('Trove <no-reply@localhost>');
    expect(config.SMTP_TLS_CA_FILE).toBe('');
  });

  it('accepts smtp:// and smtps:// URLs with a host, and nothing else', () => {
    expect(loadConfig({ SMTP_URL: 'smtps://user:p%40ss@mail.example.com:465' }).SMTP_URL).toBe(
      'smtps://user:p%40ss@mail.example.com:465',
    );
    expect(loadConfig({ SMTP_URL: ' smtp://mail.example.com:587 ' }).SMTP_URL).toBe(
      'smtp://mail.example.com:587',
    );
    for (const bad of ['http://mail.example.com', 'mail.example.com:25', 'smtp://', 'smtp:mail']) {
      expect(() => loadConfig({ SMTP_URL: bad }), bad).toThrow(/SMTP_URL/);
    }
  });

  it('accepts MAIL_FROM as an address with or without a display name, and nothing else', () => {
    for (const good of [
      'no-reply@photos.example.com',
      'Trove <no-reply@photos.example.com>',
      '"Trove, the photo cloud" <no-reply@photos.example.com>',
      'Trøve Bilder <bilder@example.no>',
    ]) {
      expect(loadConfig({ MAIL_FROM: good }).MAIL_FROM, good).toBe(good);
    }
    for (const bad of [
      'Trove',
      'no-reply',
      'a@example.com, b@example.com',
      'Trove <no-reply@example.com',
      'Trove\r\nBcc: evil@x <no-reply@example.com>',
      'Trove <no reply@example.com>',
      '',
    ]) {
      expect(() => loadConfig({ MAIL_FROM: bad }), bad).toThrow(/MAIL_FROM/);
    }
  });

  it("never repeats SMTP_URL's password in its error", () => {
    expect(() => loadConfig({ SMTP_URL: 'ftp://user:hunter2@mail.example.com' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('hunter2') as unknown }),
    );
  });

  it('keeps the metrics listener off unless METRICS_PORT names a port other than PORT (issue #26)', () => {
    expect(loadConfig({})).toMatchObject({ METRICS_PORT: 0, METRICS_HOST: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '' }).METRICS_PORT).toBe(0);
    expect(loadConfig({ METRICS_PORT: ' 9464 ', METRICS_HOST: '10.0.0.5' })).toMatchObject({
      METRICS_PORT: 9464,
      METRICS_HOST: '10.0.0.5',
    });
    for (const bad of ['nine', '-1', '65536', '94.64'])
      expect(() => loadConfig({ METRICS_PORT: bad }), bad).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: '8080' })).toThrow(/METRICS_PORT: must differ from PORT/);
    expect(() => loadConfig({ METRICS_HOST: ' ' })).toThrow(/METRICS_HOST/);
  });
});
