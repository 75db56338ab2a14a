import { randomUUID } from 'node:crypto';
import type {
  ClientErrorBody,
  ClientErrorResponse,
  ClientStatsResponse,
  ConsentHistory,
  ConsentKey,
  ConsentSource,
  ConsentValues,
  EmailConsentResponse,
  StatisticsEvent,
  StatisticsEventsResponse,
} from '@trove/contract';
import { CLIENT_CRASH_EVENT, CONSENT_KEYS, EMAIL_CONSENT_KEY, pathForAnalytics } from '@trove/contract';
import type { AccountAccess } from '../../access/account-access.ts';
import type { SignedInCaller } from '../../access/caller.ts';
import type { EmailConsentIds } from '../../access/email-consent-ids.ts';
import type { FreshLoginCheck } from '../../access/fresh-login.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import { chargeAccountWrite, type AccountWriteLimit, type Quotas } from '../../identity/quota.ts';
import type { Repositories, Transact } from '../repositories.ts';
import type { PrivacyRepository } from './privacy.repository.ts';

const CONSENT_KEY_SET = new Set<string>(CONSENT_KEYS);

/**
 * POST /client_stats per account and hour (issue #24): a client reports its stats once a
 * session; a loop must not fill the table (kept while help_us_improve holds).
 */
export const CLIENT_STATS_LIMIT: AccountWriteLimit = {
  name: 'client-stats',
  limit: 30,
  windowMs: 60 * 60 * 1000,
};

/**
 * Privacy consents, kept as events (spec 001 §3 Privacy consents, [Note: Consent events]),
 * the usage events and client stats they allow (§7), and the e-mail consent that the
 * unsubscribe page changes through a signed identifier ([Note: Email consent identifiers]).
 */
export function createPrivacyService(deps: {
  privacy: PrivacyRepository;
  access: Pick<AccountAccess, 'require'>;
  emailConsentIds: EmailConsentIds;
  /** Spec 001 §6: the consents and their history need a fresh sign-in ([Note: Fresh login]). */
  freshLogin: FreshLoginCheck;
  transact: Transact;
  quotas: Quotas;
  now: () => number;
}) {
  const { privacy, access, emailConsentIds, freshLogin, transact, now } = deps;

  async function consentsOf(userId: string): Promise<ConsentValues> {
    const current = new Map<string, boolean>();
    for (const event of await privacy.listEvents(userId)) current.set(event.key, event.value === 1);
    // Every key is answered; one never set is false: nothing is on until the user says yes.
    return { consents: CONSENT_KEYS.map((key) => ({ key, value: current.get(key) ?? false })) };
  }

  /**
   * Appends the event unless the consent already has that value (a repeated click or a
   * second unsubscribe is no new statement). Withdrawing help_us_improve withdraws it for
   * what was collected under it too (GDPR Art. 7(3), 17(1)(b)): those rows go with it.
   * False when the account does not exist.
   */
  async function change(userId: string, key: ConsentKey, value: boolean, source: ConsentSource) {
    return transact(async (repos: Repositories) => {
      if (!(await repos.privacy.lockUser(userId))) return false;
      if ((await repos.privacy.hasConsent(userId, key)) !== value) {
        await repos.privacy.appendConsent(userId, key, value, source, now());
      }
      if (key === 'help_us_improve' && !value) await repos.privacy.deleteImprovementDataOf(userId);
      return true;
    });
  }

  /** Runs `store` only while help_us_improve holds, serialised with its withdrawal. */
  function whileImproving<T>(userId: string, store: (repos: Repositories) => Promise<T>, otherwise: T) {
    return transact(async (repos) => {
      await repos.privacy.lockUser(userId);
      if (!(await repos.privacy.hasConsent(userId, 'help_us_improve'))) return otherwise;
      return store(repos);
    });
  }

  function userOf(identifier: string): string {
    const userId = emailConsentIds.open(identifier);
    if (userId === null) throw new NotFoundError();
    return userId;
  }

  return {
    /** GET /data_protection/consent_values. */
    async getConsents(caller: SignedInCaller): Promise<ConsentValues> {
      await access.require(caller, 'managePrivacy');
      freshLogin(caller);
      return consentsOf(caller.userId);
    },

    /** POST /data_protection/consent_values: sets one consent; answers all of them. */
    async setConsent(caller: SignedInCaller, key: ConsentKey, value: boolean): Promise<ConsentValues> {
      await access.require(caller, 'managePrivacy');
      freshLogin(caller);
      await change(caller.userId, key, value, 'settings');
      return consentsOf(caller.userId);
    },

    /** GET /data_protection/consent_history: every event, oldest first (the proof). */
    async history(caller: SignedInCaller): Promise<ConsentHistory> {
      await access.require(caller, 'managePrivacy');
      freshLogin(caller);
      const events = await privacy.listEvents(caller.userId);
      return {
        events: events
          // A key a later version no longer knows stays in the table and the export, not here.
          .filter((e) => CONSENT_KEY_SET.has(e.key))
          .map((e) => ({
            key: e.key as ConsentKey,
            value: e.value === 1,
            source: e.source as ConsentSource,
            at: e.created_at,
          })),
      };
    },

    /**
     * POST /user_statistics_events: keeps the events only while the user consents to
     * help_us_improve; otherwise drops them and says so with `accepted: 0`. The client
     * sends nothing without consent, but the server does not rely on it.
     */
    async recordEvents(caller: SignedInCaller, events: StatisticsEvent[]): Promise<StatisticsEventsResponse> {
      await access.require(caller, 'managePrivacy');
      if (events.length === 0) return { accepted: 0 };
      const t = now();
      return whileImproving<StatisticsEventsResponse>(
        caller.userId,
        async (repos) => {
          await repos.privacy.insertEvents(
            events.map((event) => ({
              id: randomUUID(),
              user_id: caller.userId,
              name: event.name,
              // spec 000 §2: ids leave paths before they are reported; the client does this
              // already, and the server again so a client that forgets cannot store them.
              path: event.path === undefined ? null : pathForAnalytics(event.path),
              props: JSON.stringify(event.props ?? {}),
              client_time: event.time ?? null,
              created_at: t,
            })),
          );
          return { accepted: events.length };
        },
        { accepted: 0 },
      );
    },

    /** POST /client_stats (spec 001 §7): kept under the same rule as usage events. */
    async recordClientStats(
      caller: SignedInCaller,
      stats: Record<string, string | number | boolean>,
    ): Promise<ClientStatsResponse> {
      await access.require(caller, 'managePrivacy');
      await chargeAccountWrite(deps.quotas, caller.userId, CLIENT_STATS_LIMIT);
      return whileImproving<ClientStatsResponse>(
        caller.userId,
        async (repos) => {
          const row = {
            id: randomUUID(),
            user_id: caller.userId,
            stats: JSON.stringify(stats),
            created_at: now(),
          };
          await repos.privacy.insertClientStats(row);
          return { accepted: true };
        },
        { accepted: false },
      );
    },

    /**
     * POST /client_errors (spec 001 §8: an app crash is reported): kept under the same rule
     * as usage events, as one of them (so withdrawal, export and deletion take it too).
     */
    async recordClientError(caller: SignedInCaller, report: ClientErrorBody): Promise<ClientErrorResponse> {
      await access.require(caller, 'managePrivacy');
      return whileImproving<ClientErrorResponse>(
        caller.userId,
        async (repos) => {
          const { path, time, ...props } = report;
          await repos.privacy.insertEvents([
            {
              id: randomUUID(),
              user_id: caller.userId,
              name: CLIENT_CRASH_EVENT,
              path: pathForAnalytics(path),
              props: JSON.stringify(props),
              client_time: time,
              created_at: now(),
            },
          ]);
          return { accepted: true };
        },
        { accepted: false },
      );
    },

    /** GET /user/email_consent: reads; never changes anything (link scanners follow GETs). */
    async readEmailConsent(identifier: string): Promise<EmailConsentResponse> {
      const userId = userOf(identifier);
      // As the POST: an identifier of an account that is gone names nobody.
      if (!(await privacy.userExists(userId))) throw new NotFoundError();
      const consents = await consentsOf(userId);
      return { email_consent: consents.consents.some((c) => c.key === EMAIL_CONSENT_KEY && c.value) };
    },

    /**
     * POST /user/email_consent and the RFC 8058 one-click POST: the same consent the privacy
     * page sets. An identifier of an account that is gone opens nothing. Through the link's
     * identifier one can only leave: it never expires and travels with every forwarded
     * e-mail, so subscribing again is the signed-in privacy page's (spec 001 §6 fresh login;
     * docs/SPEC-DEVIATIONS.md).
     */
    async setEmailConsent(
      identifier: string,
      value: boolean,
      source: 'email_consent' | 'one_click',
    ): Promise<EmailConsentResponse> {
      if (value) throw new BadRequestError('Subscribe again on the privacy page, signed in');
      if (!(await change(userOf(identifier), EMAIL_CONSENT_KEY, value, source))) throw new NotFoundError();
      return { email_consent: value };
    },

    /** GET /test/email_consent_id (spec 001 §7, test only): the caller's own identifier. */
    async emailConsentId(caller: SignedInCaller): Promise<{ email_consent_identifier: string }> {
      await access.require(caller, 'managePrivacy');
      return { email_consent_identifier: emailConsentIds.issue(caller.userId) };
    },
  };
}
export type PrivacyService = ReturnType<typeof createPrivacyService>;
