import { LOCALE_TAGS, type Locale } from '@trove/contract';
import type { MailMessage } from './mailer.ts';
import { escapeHtml } from './messages.ts';

/** A composed account message: everything of a MailMessage but its recipients. */
export type AccountMail = Pick<MailMessage, 'subject' | 'text' | 'html'>;

interface Strings {
  subject: string;
  heading: string;
  body: (date: string) => string;
  again: string;
}

/** The words of the deletion confirmation in each product language (spec 001 §3). */
const STRINGS: Record<Locale, Strings> = {
  en_US: {
    subject: 'Your Trove account has been deleted',
    heading: 'Your account has been deleted',
    body: (date) =>
      `Your account and everything in it (photos, videos, documents, albums, shared links and comments) have been deleted, as you asked on ${date}. This e-mail confirms it; you need not do anything.`,
    again: 'You can create a new account with this address at any time.',
  },
  nb_NO: {
    subject: 'Trove-kontoen din er slettet',
    heading: 'Kontoen din er slettet',
    body: (date) =>
      `Kontoen din og alt i den (bilder, videoer, dokumenter, album, delte lenker og kommentarer) er slettet, slik du ba om ${date}. Denne e-posten bekrefter det; du trenger ikke gjøre noe.`,
    again: 'Du kan når som helst opprette en ny konto med denne adressen.',
  },
  sv_SE: {
    subject: 'Ditt Trove-konto har raderats',
    heading: 'Ditt konto har raderats',
    body: (date) =>
      `Ditt konto och allt i det (bilder, videor, dokument, album, delade länkar och kommentarer) har raderats, som du bad om ${date}. Det här meddelandet bekräftar det; du behöver inte göra något.`,
    again: 'Du kan när som helst skapa ett nytt konto med den här adressen.',
  },
  bg_BG: {
    subject: 'Вашият профил в Trove е изтрит',
    heading: 'Вашият профил е изтрит',
    body: (date) =>
      `Вашият профил и всичко в него (снимки, видеоклипове, документи, албуми, споделени връзки и коментари) са изтрити, както поискахте на ${date}. Този имейл го потвърждава; не е нужно да правите нищо.`,
    again: 'Можете да създадете нов профил с този адрес по всяко време.',
  },
};

/**
 * The confirmation that an account was deleted (spec 001 §4: "an email is sent on
 * completion"), in the language of the request, naming the day it was asked for (UTC, as
 * the share mails' dates: the reader's zone is unknown). It names no file or album: the
 * account it would describe is gone.
 */
export function accountDeletedMail(locale: Locale, requestedAt: number): AccountMail {
  const t = STRINGS[locale];
  const date = mailDate(locale, requestedAt);
  // A date that ends in an abbreviation's dot (Bulgarian `23 ноември 2026 г.`) ends the sentence too.
  return plainAccountMail(locale, {
    subject: t.subject,
    heading: t.heading,
    paragraphs: [fixDot(t.body(date)), t.again],
  });
}

/** A sentence built around a date that ends in an abbreviation's dot ends with one dot. */
export const fixDot = (sentence: string) => sentence.replace('..', '.');

/** A day in the reader's language, UTC (the reader's zone is unknown). */
export function mailDate(locale: Locale, at: number): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(at),
  );
}

/**
 * An account message of a heading and paragraphs, as text and as plain HTML (the last
 * paragraph muted). Shared by the deletion confirmation and the sunset warnings.
 */
export function plainAccountMail(
  locale: Locale,
  mail: { subject: string; heading: string; paragraphs: string[] },
): AccountMail {
  const e = escapeHtml;
  const last = mail.paragraphs.length - 1;
  return {
    subject: mail.subject,
    text: [mail.heading, ...mail.paragraphs.flatMap((p) => ['', p]), ''].join('\n'),
    html: [
      '<!doctype html>',
      `<html lang="${LOCALE_TAGS[locale]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(mail.heading)}</title></head>`,
      '<body style="margin:0;padding:24px;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;font-size:16px;line-height:1.5;color:#1d1d1f;background:#fff">',
      '<div style="max-width:560px;margin:0 auto">',
      `<h1 style="font-size:22px;margin:0 0 24px">${e(mail.heading)}</h1>`,
      ...mail.paragraphs.map((p, i) =>
        i === last && last > 0
          ? `<p style="margin:0;color:#555">${e(p)}</p>`
          : `<p style="margin:0 0 16px">${e(p)}</p>`,
      ),
      '</div></body></html>',
      '',
    ].join('\n'),
  };
}
