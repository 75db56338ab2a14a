import { AnnouncementBody, EMAIL_CONSENT_ONE_CLICK_PATH, type AnnouncementResult } from '@trove/contract';
import { z } from 'zod/mini';
import type { AccountAccess } from '../../access/account-access.ts';
import type { EmailConsentIds } from '../../access/email-consent-ids.ts';
import { announcementMail } from '../../mail/announcement-mail.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { Repositories, Transact } from '../repositories.ts';
import { recordAudit, requireOperator, type OperatorActor } from './actor.ts';

/** What announcements need besides the operator's side: mail and the unsubscribe identifiers. */
export interface AnnouncementDeps {
  mailer: Mailer;
  emailConsentIds: EmailConsentIds;
  /** The origin links in messages start with (see linkOrigin in shares/publish.service.ts). */
  origin: (requestOrigin: string | undefined) => string;
}

/** Recipients read per page: the list is walked by id, so it never sits in memory whole. */
const PAGE = 200;

/**
 * Operator announcements (issue #24): an e-mail to each account whose stay_up_to_date__email
 * consent holds at sending time, one message per recipient (no one sees the others), each
 * with its own unsubscribe identifier in the page link and in List-Unsubscribe
 * ([Note: Email consent identifiers]). A message that fails is counted and the rest still go;
 * the audit log records what was sent and how many.
 */
export function createAnnouncementsService(
  deps: AnnouncementDeps & {
    repos: Repositories;
    transact: Transact;
    access: AccountAccess;
    now: () => number;
  },
) {
  const { repos, transact, access, mailer, emailConsentIds, now } = deps;
  return {
    /** POST /admin/announcements and `trove admin announce`. */
    async send(
      actor: OperatorActor,
      input: z.input<typeof AnnouncementBody>,
      requestOrigin?: string,
    ): Promise<AnnouncementResult> {
      await requireOperator(access, actor, 'sendAnnouncement');
      const { subject, text, locale } = z.parse(AnnouncementBody, input);
      const origin = deps.origin(requestOrigin);
      let recipients = 0;
      let sent = 0;
      let after = '';
      for (;;) {
        const page = await repos.privacy.emailConsentersAfter(after, PAGE);
        for (const user of page) {
          recipients += 1;
          const id = encodeURIComponent(emailConsentIds.issue(user.id));
          try {
            await mailer.send(
              announcementMail({
                to: user.email,
                subject,
                text,
                locale,
                pageUrl: `${origin}/settings/unsubscribe?id=${id}`,
                oneClickUrl: `${origin}${EMAIL_CONSENT_ONE_CLICK_PATH}?id=${id}`,
              }),
            );
            sent += 1;
          } catch {
            // Counted in `failed`; the address is not logged (it is personal data).
          }
        }
        const last = page.at(-1);
        if (page.length < PAGE || !last) break;
        after = last.id;
      }
      const failed = recipients - sent;
      await transact((tx) =>
        recordAudit(
          tx,
          actor,
          {
            action: 'announcement.send',
            targetType: 'announcement',
            targetId: null,
            details: {
              label: subject,
              recipients: String(recipients),
              sent: String(sent),
              failed: String(failed),
            },
          },
          now(),
        ),
      );
      return { recipients, sent, failed, delivery: mailer.delivery };
    },
  };
}
export type AnnouncementsService = ReturnType<typeof createAnnouncementsService>;
