import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import type { Mailer } from './mailer.ts';
import { createOutboxMailer } from './outbox-mailer.ts';
import { createSmtpMailer, describeSmtpUrl, verifySmtp } from './smtp-mailer.ts';

export type { InviteMailInput, MailMessage, Mailer } from './mailer.ts';
export { albumInviteMail, shareMail, type InviteMail } from './messages.ts';

type MailConfig = Pick<Config, 'DATA_DIR' | 'SMTP_URL' | 'MAIL_FROM' | 'SMTP_TLS_CA_FILE'>;

/**
 * The configured mailer: SMTP when SMTP_URL is set, else the outbox folder DATA_DIR/outbox.
 * A CA file that cannot be read fails here, at start, not at the first share.
 * See: [Note: Mail].
 */
export function createMailer(config: MailConfig): Mailer {
  if (config.SMTP_URL === '') {
    return createOutboxMailer({ dir: outboxDir(config), from: config.MAIL_FROM });
  }
  const ca = config.SMTP_TLS_CA_FILE === '' ? undefined : fs.readFileSync(config.SMTP_TLS_CA_FILE);
  return createSmtpMailer({
    url: config.SMTP_URL,
    from: config.MAIL_FROM,
    ...(ca === undefined ? {} : { tls: { ca } }),
  });
}

/** Connects to SMTP_URL's server as a send would and sends nothing (`trove doctor`). */
export async function verifyMailServer(config: Omit<MailConfig, 'MAIL_FROM'>): Promise<void> {
  const ca = config.SMTP_TLS_CA_FILE === '' ? undefined : await fs.promises.readFile(config.SMTP_TLS_CA_FILE);
  await verifySmtp({ url: config.SMTP_URL, ...(ca === undefined ? {} : { tls: { ca } }) });
}

/** Where mail goes, for the start-up log: `smtps://mail.example.com:465` or the outbox path; never a password. */
export function describeMailTarget(config: Pick<Config, 'DATA_DIR' | 'SMTP_URL'>): string {
  return config.SMTP_URL === '' ? `outbox ${outboxDir(config)}` : `smtp ${describeSmtpUrl(config.SMTP_URL)}`;
}

/** Where messages wait while SMTP_URL is unset. */
export function outboxDir(config: Pick<Config, 'DATA_DIR'>): string {
  return path.join(config.DATA_DIR, 'outbox');
}
