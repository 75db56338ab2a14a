import { LOCALE_TAGS, type Locale } from '@trove/contract';
import { singleLine } from './compose.ts';
import type { InviteMailInput, MailMessage } from './mailer.ts';

/** A composed share or album invite: everything of a MailMessage but its recipients. */
export type InviteMail = Required<Omit<MailMessage, 'to' | 'listUnsubscribe'>>;

interface Strings {
  shareHeading: (sender: string) => string;
  albumHeading: (sender: string, title: string) => string;
  wrote: (sender: string) => string;
  shareButton: string;
  albumButton: string;
  expires: (date: string) => string;
  linkFallback: string;
  footer: (sender: string, email: string) => string;
  via: (sender: string) => string;
}

/** The messages' words in each product language (spec 001 §3), in the sender's. */
const STRINGS: Record<Locale, Strings> = {
  en_US: {
    shareHeading: (sender) => `${sender} shared photos with you`,
    albumHeading: (sender, title) => `${sender} invites you to the album “${title}”`,
    wrote: (sender) => `${sender} wrote:`,
    shareButton: 'View the photos',
    albumButton: 'Open the album',
    expires: (date) => `The link works until ${date}.`,
    linkFallback: 'If the button does not work, copy this link into your browser:',
    footer: (sender, email) => `Sent with Trove on behalf of ${sender}. Replies go to ${email}.`,
    via: (sender) => `${sender} via Trove`,
  },
  nb_NO: {
    shareHeading: (sender) => `${sender} har delt bilder med deg`,
    albumHeading: (sender, title) => `${sender} inviterer deg til albumet «${title}»`,
    wrote: (sender) => `${sender} skrev:`,
    shareButton: 'Se bildene',
    albumButton: 'Åpne albumet',
    expires: (date) => `Lenken virker til ${date}.`,
    linkFallback: 'Hvis knappen ikke virker, kopier denne lenken inn i nettleseren:',
    footer: (sender, email) => `Sendt med Trove på vegne av ${sender}. Svar går til ${email}.`,
    via: (sender) => `${sender} via Trove`,
  },
  sv_SE: {
    shareHeading: (sender) => `${sender} har delat bilder med dig`,
    albumHeading: (sender, title) => `${sender} bjuder in dig till albumet ”${title}”`,
    wrote: (sender) => `${sender} skrev:`,
    shareButton: 'Visa bilderna',
    albumButton: 'Öppna albumet',
    expires: (date) => `Länken fungerar till ${date}.`,
    linkFallback: 'Om knappen inte fungerar, kopiera den här länken till webbläsaren:',
    footer: (sender, email) => `Skickat med Trove på uppdrag av ${sender}. Svar går till ${email}.`,
    via: (sender) => `${sender} via Trove`,
  },
  bg_BG: {
    shareHeading: (sender) => `${sender} сподели снимки с вас`,
    albumHeading: (sender, title) => `${sender} ви кани в албума „${title}“`,
    wrote: (sender) => `${sender} написа:`,
    shareButton: 'Вижте снимките',
    albumButton: 'Отворете албума',
    expires: (date) => `Връзката работи до ${date}.`,
    linkFallback: 'Ако бутонът не работи, копирайте тази връзка в браузъра си:',
    footer: (sender, email) => `Изпратено чрез Trove от името на ${sender}. Отговорите отиват до ${email}.`,
    via: (sender) => `${sender} чрез Trove`,
  },
};

/** The e-mail of a share of files (spec 000 §5: recipients, subject, message; §9: 30 days). */
export function shareMail(input: InviteMailInput): InviteMail {
  const t = STRINGS[input.locale];
  const sender = senderLabel(input);
  return compose(input, {
    heading: t.shareHeading(sender),
    button: t.shareButton,
    ...(input.expires === undefined ? {} : { expires: expirySentence(t, input.expires, input.locale) }),
  });
}

/** The e-mail inviting someone to a shared album. */
export function albumInviteMail(input: InviteMailInput): InviteMail {
  const t = STRINGS[input.locale];
  const title = singleLine(input.albumTitle ?? '');
  return compose(input, { heading: t.albumHeading(senderLabel(input), title), button: t.albumButton });
}

/** The sender as the recipient knows them: their name, or their address when they set none. */
function senderLabel(input: InviteMailInput): string {
  return singleLine(input.senderName) || singleLine(input.senderEmail);
}

function expirySentence(t: Strings, expires: number, locale: Locale): string {
  // A date that ends in an abbreviation's dot (Bulgarian `15 март 2026 г.`) ends the sentence too.
  return t.expires(formatDate(expires, locale)).replace(/\.\.$/, '.');
}

/**
 * The date a link stops working, in the sender's language. UTC: the recipient's zone is
 * unknown, and a day named in UTC is never later than the day in Europe.
 */
function formatDate(seconds: number, locale: Locale): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(seconds * 1000),
  );
}

interface Parts {
  heading: string;
  button: string;
  expires?: string;
}

function compose(input: InviteMailInput, parts: Parts): InviteMail {
  const t = STRINGS[input.locale];
  const link = checkedLink(input.link);
  const sender = senderLabel(input);
  const email = singleLine(input.senderEmail);
  const message = multiLine(input.message);
  // spec 000 §5: the subject is the sender's, as typed; only its line breaks go.
  const subject = singleLine(input.subject) || parts.heading;
  const footer = t.footer(sender, email);
  const text = [
    parts.heading,
    ...(message === '' ? [] : ['', t.wrote(sender), ...message.split('\n').map((line) => `> ${line}`)]),
    '',
    `${parts.button}: ${link}`,
    ...(parts.expires === undefined ? [] : [parts.expires]),
    '',
    '-- ',
    footer,
    '',
  ].join('\n');
  const html = renderHtml({ ...parts, locale: input.locale, link, sender, message, footer, t });
  return {
    subject,
    text,
    html,
    fromName: t.via(sender),
    replyTo: { name: singleLine(input.senderName), address: email },
  };
}

/** The sender's message: line breaks kept (as \n), every other control character dropped. */
function multiLine(value: string): string {
  return (
    value
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex -- dropping control characters is the point
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '')
      .trim()
  );
}

/** The link is made by the server; anything but http(s) in an href would be a bug, not a mail. */
function checkedLink(link: string): string {
  const url = URL.canParse(link) ? new URL(link) : undefined;
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new Error('a mail link must be an absolute http(s) URL');
  }
  return link;
}

/** Escapes text for HTML content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

interface HtmlParts extends Parts {
  locale: Locale;
  link: string;
  sender: string;
  message: string;
  footer: string;
  t: Strings;
}

/**
 * A plain, table-free HTML body with inline styles (mail programs drop style sheets). Every
 * value is escaped here, once; the link went through `checkedLink` before its href.
 */
function renderHtml(p: HtmlParts): string {
  const e = escapeHtml;
  const quote =
    p.message === ''
      ? ''
      : `<p style="margin:0 0 8px;color:#555">${e(p.t.wrote(p.sender))}</p>` +
        `<blockquote style="margin:0 0 24px;padding:8px 16px;border-left:4px solid #ccc;white-space:pre-wrap">${e(p.message).replace(/\n/g, '<br>')}</blockquote>`;
  const expires = p.expires === undefined ? '' : `<p style="margin:0 0 16px;color:#555">${e(p.expires)}</p>`;
  return [
    '<!doctype html>',
    `<html lang="${LOCALE_TAGS[p.locale]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(p.heading)}</title></head>`,
    '<body style="margin:0;padding:24px;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;font-size:16px;line-height:1.5;color:#1d1d1f;background:#fff">',
    '<div style="max-width:560px;margin:0 auto">',
    `<h1 style="font-size:22px;margin:0 0 24px">${e(p.heading)}</h1>`,
    quote,
    `<p style="margin:0 0 16px"><a href="${e(p.link)}" style="display:inline-block;padding:12px 24px;border-radius:6px;background:#0a66c2;color:#fff;font-weight:600;text-decoration:none">${e(p.button)}</a></p>`,
    expires,
    `<p style="margin:0 0 24px;font-size:14px;color:#555">${e(p.t.linkFallback)}<br><a href="${e(p.link)}" style="color:#0a66c2;word-break:break-all">${e(p.link)}</a></p>`,
    `<p style="margin:0;padding-top:16px;border-top:1px solid #ddd;font-size:13px;color:#777">${e(p.footer)}</p>`,
    '</div></body></html>',
    '',
  ].join('\n');
}
