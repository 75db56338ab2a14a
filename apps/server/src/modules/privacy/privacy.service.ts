import { randomUUID } from 'node:crypto';
import type { ConsentKey, ConsentValues, StatisticsEvent, StatisticsEventsResponse } from '@trove/contract';
import { CONSENT_KEYS, pathForAnalytics } from '@trove/contract';
import type { Transact } from '../repositories.ts';
import type { PrivacyRepository } from './privacy.repository.ts';

/** Privacy consents and the usage events they allow (spec 001 Privacy consents, §7). */
export function createPrivacyService(deps: {
  privacy: PrivacyRepository;
  transact: Transact;
  now: () => number;
}) {
  const { privacy, transact, now } = deps;

  async function getConsents(userId: string): Promise<ConsentValues> {
    const given = new Set(
      (await privacy.listConsents(userId)).filter((row) => row.value === 1).map((row) => row.key),
    );
    // Every key is answered; one never set is false: nothing is on until the user says yes.
    return { consents: CONSENT_KEYS.map((key) => ({ key, value: given.has(key) })) };
  }

  return {
    /** GET /data_protection/consent_values. */
    getConsents,

    /** POST /data_protection/consent_values: sets one consent; answers all of them. */
    async setConsent(userId: string, key: ConsentKey, value: boolean): Promise<ConsentValues> {
      await transact(async (repos) => {
        await repos.privacy.upsertConsent(userId, key, value, now());
        // Withdrawing consent to "data for improvement" withdraws it for what was already
        // collected under it too (GDPR Art. 7(3), 17(1)(b)): the stored events go with it.
        if (key === 'help_us_improve' && !value) await repos.privacy.deleteEventsOf(userId);
      });
      return getConsents(userId);
    },

    /**
     * POST /user_statistics_events: keeps the events only while the user consents to
     * help_us_improve; otherwise drops them and says so with `accepted: 0`. The client
     * sends nothing without consent, but the server does not rely on it.
     */
    async recordEvents(userId: string, events: StatisticsEvent[]): Promise<StatisticsEventsResponse> {
      if (events.length === 0) return { accepted: 0 };
      const t = now();
      return transact(async (repos) => {
        if (!(await repos.privacy.lockConsentIfGiven(userId, 'help_us_improve'))) return { accepted: 0 };
        await repos.privacy.insertEvents(
          events.map((event) => ({
            id: randomUUID(),
            user_id: userId,
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
      });
    },
  };
}
export type PrivacyService = ReturnType<typeof createPrivacyService>;
