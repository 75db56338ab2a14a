import type { Locale } from '@trove/contract';

/*
 * [Note: Mail]
 *
 * Messages leave through one `Mailer` (issue #15). Two real adapters:
 * - SMTP (`SMTP_URL`, e.g. smtps://user:pass@mail.example:465 or smtp://host:587, which
 *   upgrades with STARTTLS), through nodemailer;
 * - by default an outbox folder, DATA_DIR/outbox, holding each message as a standard `.eml`
 *   file (written to a temp name, fsynced, renamed): the embedded default sends nothing and
 *   loses nothing; an operator can hand the files to any mail program.
 * Messages are composed here from plain data; user text (names, subjects, messages) never
 * reaches a header unencoded, so no CR/LF can start a header of its own.
 */

/** One message to send: plain text and HTML of the same content. */
export interface MailMessage {
  to: readonly string[];
  subject: string;
  text: string;
  html: string;
  /** Where replies go: the person who shared (their name and address). */
  replyTo?: { name: string; address: string };
  /** Shown as the sender's display name, before the configured From address ("Ann via Trove"). */
  fromName?: string;
  /**
   * The recipient's own unsubscribe URL (absolute http(s)): sent as `List-Unsubscribe` (RFC
   * 2369) with `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058), so a mail
   * client's unsubscribe button POSTs to it. Messages sent under the stay_up_to_date__email
   * consent carry it (issue #24, [Note: Consent events]).
   */
  listUnsubscribe?: string;
}

/**
 * Where `send` puts messages: 'sent' handed to an SMTP server, 'outbox' only written to
 * DATA_DIR/outbox, for the operator to pass on (the publish answer says which, issue #23).
 */
export type MailDelivery = 'sent' | 'outbox';

export interface Mailer {
  readonly delivery: MailDelivery;
  /** Sends (or stores) the message; resolves once the server or the outbox has it. */
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): Promise<void>;
}

/** What the share and album-invite messages are made of (see messages.ts). */
export interface InviteMailInput {
  locale: Locale;
  /** The sender's name, or '' when they set none (their e-mail address stands in). */
  senderName: string;
  senderEmail: string;
  /** As the sender typed it (spec 000 §5: required). */
  subject: string;
  /** As the sender typed it; may be empty (spec 000 §5). */
  message: string;
  /** The absolute link, with its `se` marker (spec 000 §3). */
  link: string;
  /** An album invite names the album; a share of files does not. */
  albumTitle?: string;
  /** A share's expiry, seconds since the epoch (spec 000 §9: 30 days). */
  expires?: number;
}
