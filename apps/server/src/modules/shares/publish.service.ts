import { sharePath, type Locale, type PublishResult } from '@trove/contract';
import type { Access } from '../../access/access.ts';
import type { SignedInCaller } from '../../access/caller.ts';
import type { Repositories } from '../repositories.ts';
import { requireUserName } from '../accounts/name-rule.ts';
import { AppError, NotFoundError } from '../../errors.ts';
import { createHash } from 'node:crypto';
import { RateLimitedError } from '../../errors.ts';
import { QuotaExceeded, type QuotaCharge, type Quotas } from '../../identity/quota.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { albumInviteMail, shareMail } from '../../mail/messages.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * E-mail is the one thing a signed-in user can make the server send to any address (ASVS
 * 2.4.1 anti-automation; issue #23: one account sent 540 messages in minutes). Messages are
 * counted per recipient, not per call, in the database (every server node sees the counts):
 * - per sender 50 an hour and 200 a day: more than a person shares by hand in a busy day
 *   (a family album sent to a dozen people a few times), far below what a spam run needs;
 * - per recipient address, across all senders, 5 an hour and 20 a day: nobody is flooded
 *   with invitations however many accounts an attacker opens;
 * - the same share or album to the same address once a day: re-sending is a duplicate.
 */
export const PUBLISH_LIMITS = {
  senderPerHour: 50,
  senderPerDay: 200,
  recipientPerHour: 5,
  recipientPerDay: 20,
  repeatWindowMs: DAY,
} as const;

/** 400: one address twice in one publish. */
export class DuplicateRecipientError extends AppError {
  constructor() {
    super(400, 'duplicate_recipient', 'Each address may be named only once.');
  }
}

/** 409: this share or album went to one of the addresses within the last day. */
export class AlreadySentError extends AppError {
  constructor() {
    super(409, 'already_sent', 'This was already sent to one of these addresses today.');
  }
}

/** 502: the mail server refused or could not be reached; nothing was lost, try again. */
export class MailFailedError extends AppError {
  constructor() {
    super(502, 'mail_failed', 'The message could not be sent. Please try again.');
  }
}

/**
 * The origin links in messages start with: APP_HOST when configured, else the page's own
 * origin when it is one the server was configured for (never the Host header a caller
 * chooses: link poisoning), else the first configured one.
 */
export function linkOrigin(appHost: string, trusted: readonly string[], requestOrigin: string | undefined) {
  if (appHost !== '') return new URL(appHost).origin;
  if (requestOrigin && trusted.includes(requestOrigin)) return requestOrigin;
  return trusted[0] ?? 'http://localhost:8080';
}

/**
 * POST /jobs/{id}/publish (spec 000 §7: to_email, subject, message): a share sent by e-mail
 * (spec 000 §4 email view), or an invite to a shared album. One message per recipient, so no
 * one learns the others' addresses; in the sender's language; the link carries the `se`
 * marker (spec 000 §3). See [Note: Mail].
 */
export function createPublishService(deps: {
  repos: Pick<Repositories, 'accounts'>;
  access: Access;
  mailer: Mailer;
  quotas: Quotas;
  appHost: string;
  trustedOrigins: readonly string[];
  log: (object: object, message: string) => void;
}) {
  const { repos, access, mailer } = deps;

  /** Takes the units of [Note: Quotas] of every message, or refuses the whole call. */
  async function takeQuotas(senderId: string, jobId: string, addresses: readonly string[]) {
    try {
      await deps.quotas.take(chargesOf(senderId, jobId, addresses));
    } catch (error) {
      if (!(error instanceof QuotaExceeded)) throw error;
      if (error.charge.key.startsWith('publish-repeat:')) throw new AlreadySentError();
      throw new RateLimitedError(error.retryAfterSeconds);
    }
  }

  return {
    async publish(
      caller: SignedInCaller,
      jobId: string,
      body: { to_email: string[]; subject: string; message: string; locale?: Locale | undefined },
      requestOrigin: string | undefined,
    ): Promise<PublishResult> {
      const { job } = await access.requireJob(caller, jobId, 'publish');
      // An invitation shares the album with more people (spec 001 §5); a file share is no album.
      if (job.type !== 'share') await requireUserName(repos.accounts, caller.userId);
      const sender = await repos.accounts.findById(caller.userId);
      if (!sender) throw new NotFoundError();
      const addresses = body.to_email.map((to) => to.toLowerCase());
      if (new Set(addresses).size !== addresses.length) throw new DuplicateRecipientError();
      await takeQuotas(caller.userId, jobId, addresses);
      const origin = linkOrigin(deps.appHost, deps.trustedOrigins, requestOrigin);
      const input = {
        locale: body.locale ?? 'en_US',
        senderName: sender.name,
        senderEmail: sender.email,
        subject: body.subject,
        message: body.message,
      };
      const composed =
        job.type === 'share'
          ? shareMail({
              ...input,
              link: `${origin}${sharePath(job.id, 'se')}`,
              expires: Math.floor((job.expires_at ?? job.created_at) / 1000),
            })
          : albumInviteMail({
              ...input,
              link: `${origin}/a/${encodeURIComponent(job.id)}`,
              albumTitle: job.title,
            });
      let sent = 0;
      for (const to of body.to_email) {
        try {
          await mailer.send({ to: [to], ...composed });
        } catch (error) {
          // What was not sent is paid back. The addresses are the sender's contacts: the
          // log names the job and the count only.
          await deps.quotas.giveBack(chargesOf(caller.userId, jobId, addresses.slice(sent)));
          deps.log({ err: error, jobId, sent }, 'publish: the mail could not be sent');
          throw new MailFailedError();
        }
        sent += 1;
      }
      return { sent, delivery: mailer.delivery };
    },
  };
}
export type PublishService = ReturnType<typeof createPublishService>;

/**
 * The quota charges of messages from `senderId` about job `jobId` to `addresses`: the
 * repeats first (a duplicate is told as such, not as a limit); recipients by a hash of the
 * address, so the table holds no contact list.
 */
function chargesOf(senderId: string, jobId: string, addresses: readonly string[]): QuotaCharge[] {
  const n = addresses.length;
  const L = PUBLISH_LIMITS;
  const hashes = addresses.map((a) => createHash('sha256').update(a).digest('base64url'));
  return [
    ...hashes.map((h) => ({
      key: `publish-repeat:${jobId}:${h}`,
      limit: 1,
      windowMs: L.repeatWindowMs,
      units: 1,
    })),
    { key: `publish-sender-h:${senderId}`, limit: L.senderPerHour, windowMs: HOUR, units: n },
    { key: `publish-sender-d:${senderId}`, limit: L.senderPerDay, windowMs: DAY, units: n },
    ...hashes.flatMap((h) => [
      { key: `publish-to-h:${h}`, limit: L.recipientPerHour, windowMs: HOUR, units: 1 },
      { key: `publish-to-d:${h}`, limit: L.recipientPerDay, windowMs: DAY, units: 1 },
    ]),
  ];
}
