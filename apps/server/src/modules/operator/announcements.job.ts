import { EMAIL_CONSENT_ONE_CLICK_PATH, Locale } from '@trove/contract';
import type { EmailConsentIds } from '../../access/email-consent-ids.ts';
import { announcementMail } from '../../mail/announcement-mail.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { LEASE_MS, type WorkHandler } from '../../queue/work-queue.ts';
import type { Repositories, Transact } from '../repositories.ts';

/** Work item kind of an announcement's sending; its payload names the announcement. */
export const ANNOUNCEMENT_KIND = 'announcement';

/** Recipients read per batch: the list is walked by id, so it never sits in memory whole. */
const BATCH = 200;

/*
 * [Note: Announcement sending]
 *
 * POST /admin/announcements (and `trove admin announce`) writes the announcement, its audit
 * row and one work item in one transaction and answers at once (issue #24: a proxy timeout and
 * a retry used to mail everyone twice). The work item walks the consenting accounts by id in
 * batches; recipients are read at sending time, so a withdrawal before the batch is honoured.
 * Each recipient is recorded ('sending', keyed by announcement and user) BEFORE the message
 * goes and settled ('sent' or 'failed') after, so a retry or a second runner skips everyone
 * recorded: nobody is mailed twice, and nobody consenting is skipped, since a run finishes
 * only when every consenting account has a row. A row a crashed run left 'sending' (for longer
 * than a work item's lease) is counted failed: the message may have gone, so it is not sent
 * again. A failed message is counted and the rest still go.
 */
export function createAnnouncementJob(deps: {
  repos: Repositories;
  transact: Transact;
  mailer: Mailer;
  emailConsentIds: EmailConsentIds;
  now: () => number;
  /** Recipients a batch; tests use small ones. */
  batch?: number;
}) {
  const { repos, transact, mailer, emailConsentIds, now } = deps;
  const batch = deps.batch ?? BATCH;

  async function sendTo(
    announcement: { id: string; subject: string; text: string; locale: Locale },
    user: { id: string; email: string },
    origin: string,
  ): Promise<void> {
    if (!(await repos.announcements.claim(announcement.id, user.id, now()))) return;
    const id = encodeURIComponent(emailConsentIds.issue(user.id));
    let outcome: 'sent' | 'failed' = 'sent';
    try {
      await mailer.send(
        announcementMail({
          to: user.email,
          subject: announcement.subject,
          text: announcement.text,
          locale: announcement.locale,
          pageUrl: `${origin}/settings/unsubscribe?id=${id}`,
          oneClickUrl: `${origin}${EMAIL_CONSENT_ONE_CLICK_PATH}?id=${id}`,
        }),
      );
    } catch {
      // Counted in `failed`; the address is not logged (it is personal data).
      outcome = 'failed';
    }
    await transact((tx) => tx.announcements.settle(announcement.id, user.id, outcome, now()));
  }

  /**
   * Sends announcement `id` to every consenting account not reached yet, then marks it done.
   * @throws when recipients are still in flight (another runner, or one that crashed less
   *   than a lease ago): the work queue tries again later.
   */
  async function run(id: string, origin: string, signal?: AbortSignal): Promise<void> {
    const row = await repos.announcements.find(id);
    if (!row || row.state === 'done') return;
    const announcement = { ...row, locale: Locale.parse(row.locale ?? 'en_US') };
    await transact((tx) => tx.announcements.abandon(id, now() - LEASE_MS, now()));
    let after = '';
    for (;;) {
      const page = await repos.privacy.emailConsentersAfter(after, batch);
      const recorded = await repos.announcements.recorded(
        id,
        page.map((u) => u.id),
      );
      for (const user of page) {
        // Stopping between two recipients leaves none 'sending' (See: [Note: Work hand-back]).
        signal?.throwIfAborted();
        if (!recorded.has(user.id)) await sendTo(announcement, user, origin);
      }
      const last = page.at(-1);
      if (page.length < batch || !last) break;
      after = last.id;
    }
    const open = await repos.announcements.inFlight(id);
    if (open > 0) throw new Error(`announcement ${id}: ${String(open)} recipients in flight`);
    await repos.announcements.finish(id, now());
  }

  const handler: WorkHandler = async (payload, { signal }) => {
    await run(String(payload.announcementId), String(payload.origin), signal);
  };
  return { run, handler };
}
export type AnnouncementJob = ReturnType<typeof createAnnouncementJob>;
