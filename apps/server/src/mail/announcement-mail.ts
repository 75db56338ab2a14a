import { LOCALE_TAGS, type Locale } from '@trove/contract';
import type { MailMessage } from './mailer.ts';
import { escapeHtml } from './messages.ts';

/** The unsubscribe footer of an announcement, in each product language (spec 001 §3). */
const FOOTER: Record<Locale, { why: string; unsubscribe: string }> = {
  en_US: {
    why: 'You get this e-mail because you chose to stay up to date by e-mail.',
    unsubscribe: 'Unsubscribe',
  },
  nb_NO: {
    why: 'Du får denne e-posten fordi du har valgt å holde deg oppdatert på e-post.',
    unsubscribe: 'Meld deg av',
  },
  sv_SE: {
    why: 'Du får det här e-postmeddelandet eftersom du har valt att hålla dig uppdaterad via e-post.',
    unsubscribe: 'Avregistrera dig',
  },
  bg_BG: {
    why: 'Получавате този имейл, защото сте избрали да бъдете информирани по имейл.',
    unsubscribe: 'Отписване',
  },
};

/**
 * An operator's announcement to one account (issue #24): the operator's subject and text as
 * they wrote them (plain text, escaped for HTML, paragraphs kept), then a footer saying why
 * it came and the recipient's own unsubscribe page; `listUnsubscribe` gives mail clients the
 * RFC 8058 one-click URL of the same identifier.
 */
export function announcementMail(input: {
  to: string;
  subject: string;
  text: string;
  locale: Locale;
  /** The unsubscribe page, /settings/unsubscribe?id=… (spec 001 §2). */
  pageUrl: string;
  /** The one-click URL (POST), /user/email_consent/one_click?id=…. */
  oneClickUrl: string;
}): MailMessage {
  const f = FOOTER[input.locale];
  const e = escapeHtml;
  const paragraphs = input.text
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 16px">${e(p).replace(/\n/g, '<br>')}</p>`);
  return {
    to: [input.to],
    subject: input.subject,
    listUnsubscribe: input.oneClickUrl,
    text: [input.text, '', '--', f.why, `${f.unsubscribe}: ${input.pageUrl}`, ''].join('\n'),
    html: [
      '<!doctype html>',
      `<html lang="${LOCALE_TAGS[input.locale]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(input.subject)}</title></head>`,
      '<body style="margin:0;padding:24px;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;font-size:16px;line-height:1.5;color:#1d1d1f;background:#fff">',
      '<div style="max-width:560px;margin:0 auto">',
      ...paragraphs,
      `<p style="margin:32px 0 0;font-size:14px;color:#555">${e(f.why)} <a href="${e(input.pageUrl)}" style="color:#1d4ed8">${e(f.unsubscribe)}</a></p>`,
      '</div></body></html>',
      '',
    ].join('\n'),
  };
}
