import addressparser from 'nodemailer/lib/addressparser';
import type { SendMailOptions } from 'nodemailer';
import type { MailMessage } from './mailer.ts';

/** The configured sender (MAIL_FROM): the address every message leaves from. */
export interface Mailbox {
  name: string;
  address: string;
}

/** C0 controls, DEL and C1 controls: none of them belongs in a header or a one-line value. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/g;
// eslint-disable-next-line no-control-regex -- as above, without the global flag's lastIndex
const HAS_CONTROL_CHAR = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * A one-line value for a header or a heading: control characters (CR and LF among them)
 * become spaces, runs of white space one space, the ends trimmed. See: [Note: Mail].
 */
export function singleLine(value: string): string {
  return value.replace(CONTROL_CHARS, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * Parses MAIL_FROM (`Trove <no-reply@example.com>` or a bare address). Throws when it is
 * not exactly one mailbox: the configuration names one sender.
 */
export function parseMailbox(value: string): Mailbox {
  const parsed = addressparser(value, { flatten: true });
  const [first] = parsed;
  if (parsed.length !== 1 || !first || !isPlainAddress(first.address)) {
    throw new Error(`not one e-mail address: ${JSON.stringify(value)}`);
  }
  return { name: singleLine(first.name), address: first.address };
}

/** An addr-spec with no white space, control characters or angle brackets, one `@`. */
function isPlainAddress(address: string): boolean {
  return /^[^\s<>@,;"]+@[^\s<>@,;"]+$/.test(address) && !HAS_CONTROL_CHAR.test(address);
}

/**
 * Turns a message into nodemailer's options. Every user-provided value reaches a header only
 * as a one-line string or a checked address, and nodemailer encodes non-ASCII text as RFC 2047
 * encoded-words, so no value can end a header and start another (See: [Note: Mail]). An
 * address that is not plain (the caller validated it; this is the last line) throws.
 */
export function toSendMailOptions(message: MailMessage, from: Mailbox): SendMailOptions {
  if (message.to.length === 0) throw new Error('a message needs at least one recipient');
  for (const address of message.to) {
    if (!isPlainAddress(address)) throw new Error(`not an e-mail address: ${JSON.stringify(address)}`);
  }
  const fromName = message.fromName === undefined ? from.name : singleLine(message.fromName);
  const options: SendMailOptions = {
    from: { name: fromName, address: from.address },
    to: [...message.to],
    subject: singleLine(message.subject),
    text: message.text,
    html: message.html,
  };
  if (message.listUnsubscribe !== undefined) {
    options.headers = {
      'List-Unsubscribe': `<${unsubscribeUrl(message.listUnsubscribe)}>`,
      // RFC 8058 §3.1: exactly this value.
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    };
  }
  if (message.replyTo) {
    if (!isPlainAddress(message.replyTo.address)) {
      throw new Error(`not an e-mail address: ${JSON.stringify(message.replyTo.address)}`);
    }
    options.replyTo = { name: singleLine(message.replyTo.name), address: message.replyTo.address };
  }
  return options;
}

/**
 * The URL as it may stand between the angle brackets of List-Unsubscribe: absolute http(s)
 * (RFC 8058 §3.1 wants https; http only for a server without TLS, as in tests), and nothing
 * that could end the bracket or the header. Throws otherwise: the caller built it.
 */
function unsubscribeUrl(value: string): string {
  const url = new URL(value);
  if (
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    url.href !== value ||
    /[\s<>,]/.test(value)
  ) {
    throw new Error(`not an unsubscribe URL: ${JSON.stringify(value)}`);
  }
  return value;
}
