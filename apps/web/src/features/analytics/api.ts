import {
  ANALYTICS_SERVICE,
  StatisticsEventsResponse,
  type AccountInfo,
  type StatisticsEvent,
} from '@trove/contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { useApi } from '../../api/api-context.tsx';
import type { HttpClient } from '../../api/http-client.ts';
import { accountKeys, useAccountInfoQuery } from '../auth/api.ts';
import { createTracker, type EventProps, type Tracker } from './tracker.ts';

/** POST /st/4/user_statistics_events (spec 001 §7). */
export function sendStatisticsEvents(
  api: HttpClient,
  events: StatisticsEvent[],
): Promise<StatisticsEventsResponse> {
  const body = { events };
  return api.app('/user_statistics_events', StatisticsEventsResponse, {
    method: 'POST',
    body,
    isQuiet: true,
    // keepalive lets a batch sent as the page is left arrive; browsers refuse it past 64 KiB
    // of body, so a bigger batch goes as a plain request.
    keepalive: JSON.stringify(body).length < KEEPALIVE_MAX_CHARS,
  });
}

/** Below fetch's 64 KiB keepalive budget, with room for what else may be in flight. */
const KEEPALIVE_MAX_CHARS = 48 * 1024;

/** One tracker per HTTP client: the app has one, each test render its own. */
const trackers = new WeakMap<HttpClient, Tracker>();

function trackerOf(api: HttpClient, queryClient: QueryClient): Tracker {
  let tracker = trackers.get(api);
  if (tracker) return tracker;
  const created = createTracker({
    send: (events) => sendStatisticsEvents(api, events),
    // Read at the moment of each event and each send, so a withdrawn consent stops both.
    findConsentedAccount: () => {
      const account = queryClient.getQueryData<AccountInfo>(accountKeys.info());
      return account?.permitted_services.includes(ANALYTICS_SERVICE) ? account.uuid : undefined;
    },
  });
  // A page being left sends what is queued rather than losing it (keepalive, above).
  window.addEventListener('pagehide', () => {
    created.flush();
  });
  tracker = created;
  trackers.set(api, tracker);
  return tracker;
}

/**
 * The account action names of spec 001 §3 that are a person's own doing, reported as usage
 * events (sent only under help_us_improve, like every event): a terms version accepted, and an
 * album joined, with the spec's album subscription context. The other names of that list
 * are no events here: see docs/SPEC-DEVIATIONS.md "account action names".
 */
export const ACCOUNT_ACTION_EVENTS = {
  termsVerification: 'terms_verification',
  albumSubscription: 'album_subscription',
} as const;

/**
 * spec 001 §3 Album subscription contexts. Trove joins albums only as their receiver (from
 * the album or the link a visitor opened); an album's maker owns it and settings lists none.
 */
export type AlbumSubscriptionContext = 'album_receiver' | 'settings' | 'creation' | 'none';

/**
 * A function that reports a usage event on the current page, e.g. `unsupported_media`.
 * It sends nothing unless the account permits analytics (help_us_improve, spec 001), and
 * says whether the event was taken.
 */
export function useTrackEvent(): (name: string, props?: EventProps) => boolean {
  const api = useApi();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  // Keeps the account, and so its permitted_services, in the cache the tracker reads.
  useAccountInfoQuery();
  return useCallback(
    (name, props) => {
      return trackerOf(api, queryClient).track({ name, path: pathname, ...(props && { props }) });
    },
    [api, queryClient, pathname],
  );
}
