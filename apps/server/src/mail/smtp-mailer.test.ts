import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { announcementMail } from './announcement-mail.ts';
import type { MailMessage, Mailer } from './mailer.ts';
import { shareMail } from './messages.ts';
import { createSmtpMailer, describeSmtpUrl } from './smtp-mailer.ts';
import { makeSelfSignedCertificate, startTestSmtpServer, type TestSmtpServer } from './smtp.test-support.ts';

const FROM = 'Trove <no-reply@photos.example.com>';
const MESSAGE: MailMessage = {
  to: ['bo@example.com', 'cy@example.no'],
  subject: 'Sommar på Åre',
  text: 'Ann har delat bilder med dig\n',
  html: '<p>Ann har delat bilder med dig</p>',
  replyTo: { name: 'Ann Berg', address: 'ann@example.com' },
  fromName: 'Ann Berg via Trove',
};

const servers: TestSmtpServer[] = [];
const mailers: Mailer[] = [];
async function server(options?: Parameters<typeof startTestSmtpServer>[0]): Promise<TestSmtpServer> {
  const started = await startTestSmtpServer(options);
  servers.push(started);
  return started;
}
function mailer(options: Parameters<typeof createSmtpMailer>[0]): Mailer {
  const created = createSmtpMailer(options);
  mailers.push(created);
  return created;
}
afterEach(async () => {
  await Promise.all(mailers.splice(0).map((m) => m.close()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

describe('createSmtpMailer', () => {
  it('delivers through a real SMTP server: envelope, headers and both parts', async () => {
    const smtp = await server();
    const { messageId } = await mailer({ url: smtp.url, from: FROM }).send(MESSAGE);
    const received = await smtp.waitForMessage();
    expect(received.from).toBe('no-reply@photos.example.com');
    expect(received.to).toEqual(['bo@example.com', 'cy@example.no']);
    expect(received.secure).toBe(false);
    expect(received.parsed.header('message-id')).toBe(messageId);
    expect(received.parsed.header('subject')).toBe('Sommar på Åre');
    expect(received.parsed.header('from')).toBe('Ann Berg via Trove <no-reply@photos.example.com>');
    expect(received.parsed.header('reply-to')).toBe('Ann Berg <ann@example.com>');
    expect(received.parsed.text).toBe(MESSAGE.text);
    expect(received.parsed.html).toBe(MESSAGE.html);
  });

  it('upgrades with STARTTLS and verifies the certificate against the configured CA', async () => {
    const smtp = await server({ tls: 'starttls' });
    await mailer({ url: smtp.url, from: FROM, tls: { ca: smtp.ca ?? '' } }).send(MESSAGE);
    const received = await smtp.waitForMessage();
    expect(received.secure).toBe(true);
    expect(received.parsed.header('subject')).toBe('Sommar på Åre');
  });

  it('speaks TLS from the first byte with smtps://', async () => {
    const smtp = await server({ tls: 'implicit' });
    expect(smtp.url).toMatch(/^smtps:\/\//);
    await mailer({ url: smtp.url, from: FROM, tls: { ca: smtp.ca ?? '' } }).send(MESSAGE);
    expect((await smtp.waitForMessage()).secure).toBe(true);
  });

  it('refuses a server whose certificate the configured CA did not sign', async () => {
    const smtp = await server({ tls: 'starttls' });
    const other = makeSelfSignedCertificate();
    try {
      await expect(
        mailer({ url: smtp.url, from: FROM, tls: { ca: other.cert } }).send(MESSAGE),
      ).rejects.toThrow(/certificate|self[- ]signed/i);
    } finally {
      fs.rmSync(other.dir, { recursive: true, force: true });
    }
    expect(smtp.messages).toEqual([]);
  });

  it('refuses a self-signed certificate without a CA (the system CAs are used)', async () => {
    const smtp = await server({ tls: 'implicit' });
    await expect(mailer({ url: smtp.url, from: FROM }).send(MESSAGE)).rejects.toThrow(
      /certificate|self[- ]signed/i,
    );
    expect(smtp.messages).toEqual([]);
  });

  it('signs in with the user and password of the URL, percent-encoded', async () => {
    const smtp = await server({ tls: 'starttls', auth: { user: 'trove@example.com', pass: 'p@ss:w/rd %' } });
    expect(smtp.url).toContain('trove%40example.com:p%40ss%3Aw%2Frd%20%25@');
    await mailer({ url: smtp.url, from: FROM, tls: { ca: smtp.ca ?? '' } }).send(MESSAGE);
    expect((await smtp.waitForMessage()).user).toBe('trove@example.com');
  });

  it('fails when the server refuses the credentials', async () => {
    const smtp = await server({ auth: { user: 'trove', pass: 'right' } });
    const url = smtp.url.replace(':right@', ':wrong@');
    await expect(mailer({ url, from: FROM }).send(MESSAGE)).rejects.toThrow(/Invalid|535|auth/i);
    expect(smtp.messages).toEqual([]);
  });

  it('carries no injected header: user text with CR/LF stays inside its header', async () => {
    const smtp = await server();
    const mail = shareMail({
      locale: 'nb_NO',
      senderName: 'Ann\r\nBcc: evil@x',
      senderEmail: 'ann@example.com',
      subject: 'Hei\r\nBcc: evil@x',
      message: 'Hallo\r\nBcc: evil@x',
      link: 'https://photos.example.com/s/x?se',
      expires: 1_773_576_000,
    });
    await mailer({ url: smtp.url, from: FROM }).send({ to: ['bo@example.com'], ...mail });
    const received = await smtp.waitForMessage();
    expect(received.to).toEqual(['bo@example.com']);
    expect(received.raw.toString('latin1')).not.toMatch(/^bcc:/im);
    expect(received.parsed.header('subject')).toBe('Hei Bcc: evil@x');
    expect(received.parsed.header('from')).toBe('"Ann Bcc: evil@x via Trove" <no-reply@photos.example.com>');
  });

  it('an announcement reaches the SMTP server with List-Unsubscribe and the RFC 8058 one-click header', async () => {
    // RESEARCH-ACCOUNT-PAYMENTS §2.5: mail clients offer one-click only with both headers,
    // and the link in them must be the POST one, not the page a link scanner would follow.
    const smtp = await server();
    const oneClick = 'https://photos.example.com/user/email_consent/one_click?id=1.sealed_-';
    await mailer({ url: smtp.url, from: FROM }).send(
      announcementMail({
        to: 'bo@example.com',
        subject: 'News',
        text: 'Albums can have a password now.',
        locale: 'nb_NO',
        pageUrl: 'https://photos.example.com/settings/unsubscribe?id=1.sealed_-',
        oneClickUrl: oneClick,
      }),
    );
    const received = await smtp.waitForMessage();
    expect(received.parsed.header('list-unsubscribe')).toBe(`<${oneClick}>`);
    expect(received.parsed.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  });

  it('refuses a URL that is not smtp:// or smtps://', () => {
    expect(() => createSmtpMailer({ url: 'http://mail.example.com', from: FROM })).toThrow(/SMTP_URL/);
    expect(() => createSmtpMailer({ url: 'mail.example.com:25', from: FROM })).toThrow(/SMTP_URL/);
  });
});

describe('describeSmtpUrl', () => {
  it('names the host and port, never the credentials', () => {
    expect(describeSmtpUrl('smtps://user:secret@mail.example.com:465')).toBe('smtps://mail.example.com:465');
    expect(describeSmtpUrl('smtp://mail.example.com')).toBe('smtp://mail.example.com');
  });
});
