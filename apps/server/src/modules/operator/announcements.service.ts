import { randomUUID } from 'node:crypto';
import {
  AdminAnnouncement,
  AnnouncementBody,
  type AdminAnnouncementsResponse,
  type AnnouncementResult,
} from '@trove/contract';
import { z } from 'zod/mini';
import type { AccountAccess } from '../../access/account-access.ts';
import type { EmailConsentIds } from '../../access/email-consent-ids.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { WORK_CHANNEL } from '../../queue/work-queue.ts';
import type { Repositories, Transact } from '../repositories.ts';
import { labelOf, recordAudit, requireOperator, type OperatorActor } from './actor.ts';
import { ANNOUNCEMENT_KIND } from './announcements.job.ts';
import type { AnnouncementRow } from './announcements.repository.ts';
import { toSeconds } from './operations.service.ts';

/** What announcements need besides the operator's side: mail and the unsubscribe identifiers. */
export interface AnnouncementDeps {
  mailer: Mailer;
  emailConsentIds: EmailConsentIds;
  /** The origin links in messages start with (see linkOrigin in shares/publish.service.ts). */
  origin: (requestOrigin: string | undefined) => string;
}

/** How many announcements the admin area lists, the newest first. */
const LISTED = 50;

const toAdmin = (row: AnnouncementRow): AdminAnnouncement =>
  z.parse(AdminAnnouncement, {
    id: row.id,
    subject: row.subject,
    locale: row.locale ?? 'en_US',
    created_by: row.created_by,
    created_at: toSeconds(row.created_at),
    total: row.total,
    sent: row.sent,
    failed: row.failed,
    state: row.state,
  });

/**
 * Operator announcements (issue #24): an e-mail to each account whose stay_up_to_date__email
 * consent holds at sending time, one message per recipient (no one sees the others), each
 * with its own unsubscribe identifier ([Note: Email consent identifiers]). Sending is queued
 * work, see [Note: Announcement sending] in announcements.job.ts.
 */
export function createAnnouncementsService(
  deps: AnnouncementDeps & {
    repos: Repositories;
    transact: Transact;
    access: AccountAccess;
    bus: Pick<EventBus, 'publish'>;
    now: () => number;
  },
) {
  const { repos, transact, access, bus, now } = deps;
  return {
    /**
     * POST /admin/announcements and `trove admin announce`: the announcement, its audit row
     * and its work item in one transaction; the work item sends it.
     */
    async send(
      actor: OperatorActor,
      input: z.input<typeof AnnouncementBody>,
      requestOrigin?: string,
    ): Promise<AnnouncementResult & { workItemId: string; origin: string }> {
      await requireOperator(access, actor, 'sendAnnouncement');
      const { subject, text, locale } = z.parse(AnnouncementBody, input);
      const origin = deps.origin(requestOrigin);
      const id = randomUUID();
      const t = now();
      const result = await transact(async (tx) => {
        const total = await tx.privacy.countEmailConsenters();
        await tx.announcements.insert({
          id,
          subject,
          text,
          locale,
          created_by: await labelOf(tx, actor),
          created_at: t,
          total,
          state: 'sending',
          finished_at: null,
        });
        await recordAudit(
          tx,
          actor,
          {
            action: 'announcement.send',
            targetType: 'announcement',
            targetId: id,
            details: { label: subject, recipients: String(total) },
          },
          t,
        );
        const workItemId = await tx.workItems.enqueue({
          kind: ANNOUNCEMENT_KIND,
          payload: { announcementId: id, origin },
          now: t,
        });
        return { id, total, workItemId, origin };
      });
      await bus.publish(WORK_CHANNEL, ANNOUNCEMENT_KIND);
      return result;
    },

    /** GET /admin/announcements: the newest first, with how far each got. */
    async list(actor: OperatorActor): Promise<AdminAnnouncementsResponse> {
      await requireOperator(access, actor, 'listAnnouncements', undefined, true);
      return { announcements: (await repos.announcements.list(LISTED)).map(toAdmin) };
    },

    /** One announcement's progress (the command line reports it after running the item). */
    async progress(actor: OperatorActor, id: string): Promise<AdminAnnouncement | undefined> {
      await requireOperator(access, actor, 'listAnnouncements', undefined, true);
      const row = await repos.announcements.find(id);
      return row && toAdmin(row);
    },
  };
}
export type AnnouncementsService = ReturnType<typeof createAnnouncementsService>;
