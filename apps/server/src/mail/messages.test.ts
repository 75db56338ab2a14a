import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '@trove/contract';
import type { InviteMailInput } from './mailer.ts';
import { albumInviteMail, shareMail } from './messages.ts';
import { createOutboxMailer } from './outbox-mailer.ts';
import { parseRawMessage } from './smtp.test-support.ts';

const LINK = 'https://photos.example.com/s/Ab3dEf?se';
// 2026-03-15T12:00:00Z
const EXPIRES = Date.UTC(2026, 2, 15, 12) / 1000;

function input(overrides: Partial<InviteMailInput> = {}): InviteMailInput {
  return {
    locale: 'en_US',
    senderName: 'Ann Berg',
    senderEmail: 'ann@example.com',
    subject: 'Holiday pictures',
    message: 'Here they are!\nSee you soon.',
    link: LINK,
    expires: EXPIRES,
    ...overrides,
  };
}

/** Words of the English template, which a translated message must not contain. */
const ENGLISH_WORDS = [
  'shared',
  'photos',
  'with',
  'you',
  'invites',
  'the',
  'album',
  'wrote',
  'View',
  'Open',
  'link',
  'works',
  'until',
  'button',
  'does',
  'not',
  'work',
  'copy',
  'this',
  'into',
  'your',
  'browser',
  'Sent',
  'behalf',
  'Replies',
  'March',
];

describe('shareMail', () => {
  it('says who shared, quotes the message, links and names the expiry date', () => {
    const mail = shareMail(input());
    expect(mail.subject).toBe('Holiday pictures');
    expect(mail.fromName).toBe('Ann Berg via Trove');
    expect(mail.replyTo).toEqual({ name: 'Ann Berg', address: 'ann@example.com' });
    expect(mail.text).toContain('Ann Berg shared photos with you');
    expect(mail.text).toContain('> Here they are!\n> See you soon.');
    expect(mail.text).toContain(LINK);
    expect(mail.text).toContain('The link works until March 15, 2026.');
    expect(mail.text).toContain('Trove');
    expect(mail.html).toContain('Ann Berg shared photos with you');
    expect(mail.html).toContain('Here they are!<br>See you soon.');
    expect(mail.html).toContain('The link works until March 15, 2026.');
    expect(mail.html).toContain('<html lang="en-US">');
  });

  it('keeps the link with its marker exactly as given, in the href and the text', () => {
    const link = 'https://photos.example.com/s/x-Y_z?se&a=1';
    const mail = shareMail(input({ link }));
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link.replace('&', '&amp;')}"`);
    expect(parseHrefs(mail.html)).toEqual([link, link]);
  });

  it('leaves out the quote when the sender wrote no message', () => {
    const mail = shareMail(input({ message: '  ' }));
    expect(mail.text).not.toContain('wrote:');
    expect(mail.html).not.toContain('<blockquote');
  });

  it('names the sender by address when they set no name', () => {
    const mail = shareMail(input({ senderName: '' }));
    expect(mail.text).toContain('ann@example.com shared photos with you');
    expect(mail.fromName).toBe('ann@example.com via Trove');
  });

  it('refuses a link that is not http(s)', () => {
    expect(() => shareMail(input({ link: 'javascript:alert(1)' }))).toThrow(/http/);
    expect(() => shareMail(input({ link: '/s/relative' }))).toThrow(/http/);
  });

  it('escapes every user-provided value in the HTML', () => {
    const mail = albumInviteMail(
      input({
        senderName: '<script>alert("n")</script>',
        message: '<script>alert("m")</script> & <b>bold</b>',
        albumTitle: '<img src=x onerror=alert(1)>',
        senderEmail: 'ann@example.com',
      }),
    );
    expect(mail.html).not.toMatch(/<script|<img|<b>/i);
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;n&quot;)&lt;/script&gt;');
    expect(mail.html).toContain(
      '&lt;script&gt;alert(&quot;m&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;',
    );
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    // The plain text is text: nothing to escape there.
    expect(mail.text).toContain('<img src=x onerror=alert(1)>');
  });

  it('makes the subject one line, as typed, and strips control characters from names', () => {
    const mail = shareMail(
      input({ subject: '  Hi\r\nBcc: evil@x\u0007 ', senderName: 'Ann\r\nBcc: evil@x', albumTitle: 'T' }),
    );
    expect(mail.subject).toBe('Hi Bcc: evil@x');
    expect(mail.fromName).toBe('Ann Bcc: evil@x via Trove');
    expect(mail.replyTo.name).toBe('Ann Bcc: evil@x');
  });
});

describe('albumInviteMail', () => {
  it('names the album and has no expiry', () => {
    const mail = albumInviteMail(input({ albumTitle: 'Summer 2025', expires: undefined }));
    expect(mail.text).toContain('Ann Berg invites you to the album “Summer 2025”');
    expect(mail.text).toContain('Open the album');
    expect(mail.text).not.toContain('works until');
  });
});

describe('every locale', () => {
  const heading: Record<Locale, string> = {
    en_US: 'Ann Berg shared photos with you',
    nb_NO: 'Ann Berg har delt bilder med deg',
    sv_SE: 'Ann Berg har delat bilder med dig',
    bg_BG: 'Ann Berg сподели снимки с вас',
  };
  const date: Record<Locale, RegExp> = {
    en_US: /March 15, 2026/,
    nb_NO: /15\. mars 2026/,
    sv_SE: /15 mars 2026/,
    bg_BG: /15 март 2026 г\.(?!\.)/,
  };

  it.each(LOCALES)('%s renders the share and the album invite in its language', (locale) => {
    const share = shareMail(input({ locale }));
    const album = albumInviteMail(input({ locale, albumTitle: 'Sommer', expires: undefined }));
    expect(share.text).toContain(heading[locale]);
    expect(share.text).toMatch(date[locale]);
    expect(share.html).toMatch(date[locale]);
    for (const mail of [share, album]) {
      expect(mail.text).toContain('Trove');
      expect(mail.text).toContain(LINK);
      expect(mail.html).toContain(LINK);
    }
    if (locale === 'en_US') return;
    expect(share.fromName).toMatch(/^Ann Berg (via|чрез) Trove$/);
    for (const mail of [share, album]) {
      // Names, the address, the link and the sender's own words removed, no English is left.
      const rest = [mail.text, stripTags(mail.html)]
        .join('\n')
        .replaceAll(LINK, '')
        .replaceAll('Ann Berg', '')
        .replaceAll('ann@example.com', '')
        .replaceAll('Here they are!', '')
        .replaceAll('See you soon.', '');
      for (const word of ENGLISH_WORDS) expect(rest).not.toMatch(new RegExp(`\\b${word}\\b`, 'i'));
    }
  });
});

describe('header injection', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-mail-'));
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['the subject', { subject: 'Hi\r\nBcc: evil@x' }],
    ['the sender name', { senderName: 'Ann\r\nBcc: evil@x' }],
    ['the album title', { albumTitle: 'Summer\r\nBcc: evil@x' }],
    ['a lone LF', { subject: 'Hi\nBcc: evil@x', senderName: 'Ann\nBcc: evil@x' }],
    ['a lone CR', { subject: 'Hi\rBcc: evil@x', senderName: 'Ann\rBcc: evil@x' }],
  ])('CR/LF in %s adds no header to the bytes sent', async (_label, overrides) => {
    const mailer = createOutboxMailer({ dir, from: 'Trove <no-reply@example.com>' });
    const mail = albumInviteMail(input(overrides));
    await mailer.send({ to: ['bo@example.com'], ...mail });
    const [file] = fs.readdirSync(dir);
    const raw = fs.readFileSync(path.join(dir, file ?? ''));
    expect(raw.toString('latin1')).not.toMatch(/^bcc:/im);
    const parsed = parseRawMessage(raw);
    expect(parsed.headers.filter((h) => /^bcc$/i.test(h.name))).toEqual([]);
    expect(parsed.header('to')).toBe('bo@example.com');
    expect(parsed.header('subject')).not.toMatch(/[\r\n]/);
  });
});

function parseHrefs(html: string): string[] {
  return [...html.matchAll(/href="([^"]*)"/g)].map((m) =>
    (m[1] ?? '').replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#39;', "'"),
  );
}

function stripTags(html: string): string {
  return html.replace(/<[^>]*>/g, ' ');
}
