import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createMailer, describeMailTarget } from './index.ts';
import type { MailMessage } from './mailer.ts';
import { startTestSmtpServer } from './smtp.test-support.ts';

const MESSAGE: MailMessage = { to: ['bo@example.com'], subject: 'Hi', text: 'Hello\n', html: '<p>Hello</p>' };

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-mailer-'));
});
afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('createMailer', () => {
  it('without SMTP_URL keeps each message in DATA_DIR/outbox', async () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    const mailer = createMailer(config);
    await mailer.send(MESSAGE);
    await mailer.close();
    expect(fs.readdirSync(path.join(dataDir, 'outbox'))).toEqual([expect.stringMatching(/\.eml$/)]);
    expect(describeMailTarget(config)).toBe(`outbox ${path.join(dataDir, 'outbox')}`);
  });

  it('with SMTP_URL sends through that server, trusting SMTP_TLS_CA_FILE, and never names the password', async () => {
    const smtp = await startTestSmtpServer({ tls: 'starttls', auth: { user: 'trove', pass: 's3cret-pass' } });
    try {
      const config = loadConfig({
        DATA_DIR: dataDir,
        SMTP_URL: smtp.url,
        SMTP_TLS_CA_FILE: smtp.caFile,
        MAIL_FROM: '"Trove Photos" <mail@photos.example.com>',
      });
      const mailer = createMailer(config);
      await mailer.send(MESSAGE);
      await mailer.close();
      const received = await smtp.waitForMessage();
      expect(received.secure).toBe(true);
      expect(received.user).toBe('trove');
      expect(received.parsed.header('from')).toBe('Trove Photos <mail@photos.example.com>');
      expect(fs.existsSync(path.join(dataDir, 'outbox'))).toBe(false);
      expect(describeMailTarget(config)).toBe(`smtp smtp://127.0.0.1:${smtp.port}`);
      expect(describeMailTarget(config)).not.toContain('s3cret');
    } finally {
      await smtp.close();
    }
  });

  it('fails at start when SMTP_TLS_CA_FILE cannot be read', () => {
    const config = loadConfig({
      SMTP_URL: 'smtp://mail.example.com:587',
      SMTP_TLS_CA_FILE: path.join(dataDir, 'missing.pem'),
    });
    expect(() => createMailer(config)).toThrow(/ENOENT/);
  });
});
