import { expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { maskUrl, redact, secretsOf } from './redact.ts';

it('masks the password of a URL and keeps the rest readable', () => {
  expect(maskUrl('postgres://trove:s3cret@db.internal:5432/trove')).toBe(
    'postgres://trove:***@db.internal:5432/trove',
  );
  expect(maskUrl('redis://:t0ken@cache:6379/2')).toBe('redis://:***@cache:6379/2');
  expect(maskUrl('redis://cache:6379')).toBe('redis://cache:6379');
});

it('hides every configured secret, raw or percent-decoded, and any password in a URL', () => {
  const config = loadConfig({
    DATA_DIR: '/tmp/trove-redact',
    BILLING: 'off',
    DATABASE_URL: 'postgres://trove:p%40ss-word@db/trove',
    MEDIA_URL_SECRET: 'm'.repeat(40),
    S3_BUCKET: 'b',
    S3_ACCESS_KEY_ID: 'id',
    S3_SECRET_ACCESS_KEY: 'the-s3-secret',
  });
  const text =
    `auth failed for p@ss-word (p%40ss-word), key ${'m'.repeat(40)}, s3 the-s3-secret, ` +
    'and smtp://someone:other-password@mail:587 from a library';
  const out = redact(text, secretsOf(config));
  for (const secret of ['p@ss-word', 'p%40ss-word', 'm'.repeat(40), 'the-s3-secret', 'other-password'])
    expect(out).not.toContain(secret);
  expect(out).toContain('smtp://someone:***@mail:587');
});

it('leaves a URL without a password exactly as configured', () => {
  expect(maskUrl('http://127.0.0.1:7480')).toBe('http://127.0.0.1:7480');
  expect(maskUrl('redis://:t0ken@cache:6379')).toBe('redis://:***@cache:6379');
});
