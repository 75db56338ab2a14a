import { sharePath, type Locale, type PublishResult } from '@trove/contract';
import type { Access, Caller } from '../../access/access.ts';
import type { Repositories } from '../../db/repositories.ts';
import { AppError, NotFoundError } from '../../errors.ts';
import type { Throttle, ThrottlePolicy } from '../../identity/throttle.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { albumInviteMail, shareMail } from '../../mail/messages.ts';

type SignedIn = Caller & { userId: string; sessionId: string };

/**
 * E-mail is the one thing a signed-in user can make the server send to any address
 * (ASVS 2.4.1 anti-automation): 30 sends per user in a quiet hour, then a doubling wait.
 */
export const PUBLISH_THROTTLE = {
  free: 30,
  baseDelayMs: 60_000,
  maxDelayMs: 3_600_000,
  resetMs: 3_600_000,
} satisfies ThrottlePolicy;

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
  throttle: Throttle;
  appHost: string;
  trustedOrigins: readonly string[];
  log: (object: object, message: string) => void;
}) {
  const { repos, access, mailer } = deps;

  return {
    async publish(
      caller: SignedIn,
      jobId: string,
      body: { to_email: string[]; subject: string; message: string; locale?: Locale | undefined },
      requestOrigin: string | undefined,
    ): Promise<PublishResult> {
      const { job } = await access.requireJob(caller, jobId, 'publish');
      const sender = await repos.accounts.findById(caller.userId);
      if (!sender) throw new NotFoundError();
      await deps.throttle.reserve([{ key: `publish:${caller.userId}`, policy: PUBLISH_THROTTLE }]);
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
          // The addresses are the sender's contacts: the log names the job and the count only.
          deps.log({ err: error, jobId, sent }, 'publish: the mail could not be sent');
          throw new MailFailedError();
        }
        sent += 1;
      }
      return { sent };
    },
  };
}
export type PublishService = ReturnType<typeof createPublishService>;
