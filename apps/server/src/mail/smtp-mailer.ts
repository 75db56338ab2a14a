import { createTransport } from 'nodemailer';
import { parseMailbox, toSendMailOptions } from './compose.ts';
import type { Mailer } from './mailer.ts';

export interface SmtpMailerOptions {
  /**
   * SMTP_URL: `smtps://user:pass@host:465` (TLS from the first byte) or `smtp://host:587`
   * (upgraded with STARTTLS whenever the server offers it). Credentials percent-encoded.
   */
  url: string;
  /** MAIL_FROM: `Trove <no-reply@example.com>` or a bare address. */
  from: string;
  /** Certificates are always verified; `ca` (PEM) is then trusted instead of the system's CAs. */
  tls?: { ca?: string | Buffer };
}

/**
 * Sends through an SMTP server with nodemailer, one connection per message (shares are
 * rare; a pool would hold idle connections the server times out anyway). Never logs: the
 * URL carries a password. See: [Note: Mail].
 */
export function createSmtpMailer(options: SmtpMailerOptions): Mailer {
  assertSmtpUrl(options.url);
  const from = parseMailbox(options.from);
  const transport = smtpTransport(options);
  return {
    delivery: 'sent',
    async send(message) {
      const info = await transport.sendMail(toSendMailOptions(message, from));
      return { messageId: info.messageId };
    },
    close() {
      transport.close();
      return Promise.resolve();
    },
  };
}

/**
 * Connects as a send would (TLS and its certificate check, EHLO, AUTH when the URL has
 * credentials) and sends nothing: `trove doctor`'s check. Rejects with nodemailer's error.
 */
export async function verifySmtp(options: Omit<SmtpMailerOptions, 'from'>): Promise<void> {
  assertSmtpUrl(options.url);
  const transport = smtpTransport(options);
  try {
    await transport.verify();
  } finally {
    transport.close();
  }
}

function smtpTransport(options: Omit<SmtpMailerOptions, 'from'>) {
  return createTransport({
    url: options.url,
    // Certificates are checked against the system's CAs, or the configured one (SMTP_TLS_CA_FILE,
    // for a private CA): a mail server that cannot prove its name could be anyone reading
    // every private link sent through it.
    tls: { rejectUnauthorized: true, ...(options.tls?.ca === undefined ? {} : { ca: options.tls.ca }) },
    // A share waits for its message; a server that does not answer fails it in seconds,
    // not after nodemailer's default two minutes.
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
}

/** Throws unless the URL is smtp:// or smtps:// with a host (the config checked it too). */
function assertSmtpUrl(value: string): void {
  if (!isSmtpUrl(value)) throw new Error('SMTP_URL must be an smtp:// or smtps:// URL with a host');
}

/** An smtp:// or smtps:// URL naming a host. */
function isSmtpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
}

/** Where the mail goes, fit for a log line: the scheme, host and port, never the credentials. */
export function describeSmtpUrl(value: string): string {
  const url = new URL(value);
  return `${url.protocol}//${url.host}`;
}
