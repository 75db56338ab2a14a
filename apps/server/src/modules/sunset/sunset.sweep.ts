import { Locale } from '@trove/contract';
import type { Repositories } from '../repositories.ts';
import type { MarkedAccount } from './sunset.repository.ts';
import type { WorkHandler } from '../../queue/work-queue.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { sunsetWarningMail } from '../../mail/sunset-mail.ts';
import type { DeletionService } from '../deletion/deletion.service.ts';

/** The work item kind of the sweep. */
export const SUNSET_KIND = 'sunset_sweep';
const DAY_MS = 86_400_000;
/** Accounts handled per read; the sweep reads again until none is left. */
const BATCH = 200;

/*
 * [Note: Sunset deletion]
 *
 * Spec 001 §2 Sunset-deletion notice, §3 sunset_delete_date, §4 modal queue; issue #24:
 * "when the operator configures an inactivity period, inactive accounts get
 * sunset_delete_date, warning e-mails before it, and the deletion job on that date; any
 * sign-in clears it. Off by default."
 * - SUNSET_INACTIVE_DAYS (0: off) is how long an account may go unused; SUNSET_WARNING_DAYS
 *   (default 30,7,1) when before its date each warning goes. Use is what the server already
 *   records: a session's last use (sign-in makes one, calls touch it at most once a minute),
 *   else the account's creation. Nothing new is written per call.
 * - A periodic sweep (a `sunset_sweep` work item, queued hourly by every worker like the
 *   trash purge, at most one waiting) clears the date of accounts used again, then marks an
 *   account once its first warning is due: date = last use + period, never sooner than now
 *   + the longest lead (so an instance that turns this on deletes nobody unwarned). That
 *   date is what `account_info.sunset_delete_date` shows and the web's notice names.
 * - Each warning goes once: the sweep claims it with a conditional write of the count, then
 *   sends; a failed send gives the claim back, so the next sweep tries again. Warnings whose
 *   time passed together (the sweep did not run for days) go as one, the nearest.
 * - On the date, with every warning sent, the sweep asks account deletion
 *   ([Note: Account deletion]) with no grace: the same request (sessions end at once) and
 *   the same staged job, which runs at once; its confirmation goes as for any deletion.
 * - Any sign-in clears the date and the warnings (sessions.service issueToken's caller,
 *   idp exchange). Operators, disabled and leaving accounts are never marked: an operator
 *   cannot lock the instance out by not signing in, and a disabled account is the
 *   operator's to decide.
 */
export function createSunsetSweep(deps: {
  repos: Pick<Repositories, 'sunset'>;
  mailer: Mailer;
  deletion: Pick<DeletionService, 'requestFor'>;
  inactiveDays: number;
  warningDays: readonly number[];
  now: () => number;
  log: (message: string) => void;
}) {
  const { repos, mailer, deletion, now, log } = deps;
  // Longest lead first.
  const leads = [...deps.warningDays].sort((a, b) => b - a).map((d) => d * DAY_MS);
  const longest = leads[0] ?? 0;
  const shortest = leads.at(-1) ?? 0;
  const periodMs = deps.inactiveDays * DAY_MS;

  /** How many warnings are due by `t` for `date`: the leads already reached. */
  const dueCount = (date: number, t: number) => leads.filter((lead) => t >= date - lead).length;

  /** One sweep; `signal` stops it between two accounts (each warning is claimed before it goes). */
  async function run(
    signal?: AbortSignal,
  ): Promise<{ cleared: number; marked: number; warned: number; deleted: number }> {
    const report = { cleared: 0, marked: 0, warned: 0, deleted: 0 };
    if (deps.inactiveDays <= 0) return report;
    const t = now();
    // One line between the two: an account used after it would not be marked now, so it
    // loses its date; one used before it gets one.
    const usedBefore = t + longest - periodMs;
    report.cleared = await repos.sunset.clearActiveSince(usedBefore);
    report.marked = await repos.sunset.mark(usedBefore, periodMs, t + longest);
    let after: { date: number; id: string } | undefined;
    for (;;) {
      const page = await repos.sunset.listMarked(t + longest, after, BATCH);
      for (const account of page) {
        signal?.throwIfAborted();
        const outcome = await handle(account, t);
        if (outcome !== 'none') report[outcome] += 1;
      }
      const last = page.at(-1);
      if (!last || page.length < BATCH) break;
      after = { date: last.sunset_delete_date, id: last.id };
    }
    if (report.marked + report.warned + report.deleted > 0)
      log(
        `sunset sweep: ${String(report.marked)} accounts marked, ${String(report.warned)} warned, ${String(report.deleted)} deletions requested`,
      );
    return report;
  }

  async function handle(account: MarkedAccount, t: number): Promise<'warned' | 'deleted' | 'none'> {
    const locale = Locale.options.find((l) => l === account.locale) ?? 'en_US';
    const due = dueCount(account.sunset_delete_date, t);
    if (due > account.sunset_warnings) {
      const before = { date: account.sunset_delete_date, warnings: account.sunset_warnings };
      // A sweep that ran late (the server was down) may find several warnings due at once,
      // or the date itself passed: the one warning it sends still gives the shortest lead.
      const after = { date: Math.max(before.date, t + shortest), warnings: due };
      if (after.date !== before.date) after.warnings = dueCount(after.date, t);
      if (!(await repos.sunset.claimWarning(account.id, before, after))) return 'none';
      try {
        await mailer.send({ to: [account.email], ...sunsetWarningMail(locale, after.date) });
      } catch (error) {
        await repos.sunset.claimWarning(account.id, after, before);
        log(`sunset warning to ${account.id} failed, retried next sweep: ${String(error)}`);
        return 'none';
      }
      return 'warned';
    }
    if (account.sunset_delete_date <= t && account.sunset_warnings >= leads.length) {
      // Asked again inside the deletion's transaction: this page was read before the
      // e-mails of the accounts ahead of it went, and a sign-in or a call since then, or an
      // operator disabling the account or making it an operator, must win.
      const usedBefore = now() + longest - periodMs;
      const requested = await deletion.requestFor(account.id, locale, {
        graceDays: 0,
        onlyIf: (tx) => tx.sunset.stillDue(account.id, account.sunset_delete_date, now(), usedBefore),
      });
      return requested ? 'deleted' : 'none';
    }
    return 'none';
  }

  const handler: WorkHandler = async (_payload, { signal }) => {
    await run(signal);
  };
  return { run, handler };
}

/** Queues a sweep unless one is waiting or running already (several workers may ask). */
export async function scheduleSunsetSweep(
  repos: Pick<Repositories, 'workItems'>,
  now: number,
): Promise<boolean> {
  if ((await repos.workItems.countQueued(SUNSET_KIND)) > 0) return false;
  await repos.workItems.enqueue({ kind: SUNSET_KIND, payload: {}, now });
  return true;
}
