import {
  ANALYTICS_SERVICE,
  CLIENT_VERSION,
  ClientErrorResponse,
  ERROR_SAMPLE_RATE,
  pathForAnalytics,
  type AccountInfo,
  type ClientErrorBody,
} from '@trove/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../api/http-client.ts';
import { testFlags } from '../../lib/test-flags.ts';
import { accountKeys } from '../auth/api.ts';

/*
 * [Note: Crash reports] spec 001 §8: an app crash shows the generic fallback and is
 * reported; §9: error sample rate 0.5, and (§7) error reporting is sent once per session.
 * The boundaries (ui/ScreenBoundary.tsx) stay in the first load; this module is fetched
 * only when something crashed. The report goes only while the account permits analytics,
 * like usage events, and the server keeps it only under help_us_improve.
 */

/** sessionStorage key: set once this tab's session has sent its crash report. */
const REPORTED_KEY = 'trove.crashReported';

/** What decides whether one crash is reported. */
export interface CrashSampling {
  /** A uniform number in [0, 1). */
  random: () => number;
  /** This session has reported a crash already. */
  hasReported: boolean;
  /** The `report_every_crash` test flag is on (See: [Note: Test flags]). */
  reportsEvery: boolean;
}

/** Whether to report this crash: the first of a session, sampled at {@link ERROR_SAMPLE_RATE}. */
export function shouldReportCrash({ random, hasReported, reportsEvery }: CrashSampling): boolean {
  if (hasReported) return false;
  return reportsEvery || random() < ERROR_SAMPLE_RATE;
}

/** Query strings and fragments can carry ids or secrets (STYLE Errors: strip them). */
function withoutQueries(text: string): string {
  return text.replace(/[?#][^\s):]*/g, '');
}

/** The report of `error`, thrown while rendering `componentStack`, on the page at `path`. */
export function crashReportOf(
  error: unknown,
  componentStack: string,
  path: string,
  now: number,
): ClientErrorBody {
  const isError = error instanceof Error;
  const jsStack = isError ? (error.stack ?? '') : '';
  const stack = [
    jsStack.split('\n').slice(0, 12).join('\n'),
    componentStack.trim().split('\n').slice(0, 12).join('\n'),
  ]
    .filter(Boolean)
    .join('\n--\n');
  return {
    name: (isError ? error.name : typeof error).slice(0, 64) || 'Error',
    message: withoutQueries(isError ? error.message : String(error)).slice(0, 500),
    ...(stack && { stack: withoutQueries(stack).slice(0, 4000) }),
    path: pathForAnalytics(path),
    client_version: CLIENT_VERSION,
    time: now,
  };
}

/**
 * Reports a crash if the account permits analytics and the sampling says so; resolves to
 * whether it was sent. Failures are dropped: the user already sees the fallback.
 */
export async function reportCrash(
  deps: { api: HttpClient; queryClient: QueryClient; storage?: Storage; random?: () => number },
  error: unknown,
  componentStack: string,
): Promise<boolean> {
  const { api, queryClient, storage = globalThis.sessionStorage, random = Math.random } = deps;
  const account = queryClient.getQueryData<AccountInfo>(accountKeys.info());
  if (!account?.permitted_services.includes(ANALYTICS_SERVICE)) return false;
  const sampling = {
    random,
    hasReported: storage.getItem(REPORTED_KEY) !== null,
    reportsEvery: testFlags.active().includes('report_every_crash'),
  };
  if (!shouldReportCrash(sampling)) return false;
  storage.setItem(REPORTED_KEY, '1');
  const body = crashReportOf(error, componentStack, window.location.pathname, Date.now());
  try {
    const answer = await api.app('/client_errors', ClientErrorResponse, {
      method: 'POST',
      body,
      isQuiet: true,
    });
    return answer.accepted;
  } catch {
    return false;
  }
}
